import type { FastifyInstance } from 'fastify';
import { errorResponses, openApiDocumentSchema } from '#shared/schemas/common.ts';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the
 * routes' zod schemas (request and response), so the contract cannot drift from the code.
 */
export async function openApiRoutes(app: FastifyInstance) {
  app.get(
    '/api/openapi.json',
    { schema: { response: { 200: openApiDocumentSchema, ...errorResponses } } },
    (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
