import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorResponses, openApiDocumentSchema } from '#shared/schemas/common.ts';

export const API_DOCS_PREFIX = '/api/docs';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the
 * routes' zod schemas (request and response), so the contract cannot drift from the code.
 * GET /api/docs: Swagger UI over the same document, served from our own origin (its
 * files come from the package, no CDN), so it runs within the app's CSP unchanged:
 * its scripts are files ('self'), its styles inline ('unsafe-inline' is allowed),
 * its logo a data: image, and "Try it out" calls this origin.
 */
export async function openApiRoutes(app: FastifyInstance) {
  app.get(
    '/api/openapi.json',
    { schema: { response: { 200: openApiDocumentSchema, ...errorResponses } } },
    (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // No calls to the public validator service: the page talks only to this origin.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Rally API' },
  });
}
