import swaggerUi from '@fastify/swagger-ui';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '#shared/constants.ts';
import { ok, openApiDocumentSchema } from '#shared/schemas/common.ts';
import { ruleFor } from '../lib/permissions.ts';
import { conflictsOf, FILE_BODIES } from './openapi-bodies.ts';
// Registers example values of shared fields before any document is made.
import './openapi-example-values.ts';
import {
  clientErrorExamples,
  exampleFor,
  type JsonSchema,
  type RouteInput,
  SERVER_ERROR_EXAMPLES,
} from './openapi-examples.ts';

export const API_DOCS_PREFIX = '/api/docs';

/** The document's one security scheme: a session token or an API key, both as a Bearer token. */
export const BEARER_SCHEME = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      `A session token (from POST /api/login) or an API key (\`${API_KEY_PREFIX}...\`, made by an admin in ` +
      'Settings > Permissions). A key acts with its role and is refused (403) on the members, ' +
      'invitations, settings, account and API key routes.',
  },
} as const;

/**
 * The zod-to-JSON-Schema transform, plus each operation's security from the
 * permission table: every route that is not public needs the bearer token.
 */
export const documentTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const method = [input.route.method].flat()[0] ?? 'GET';
  const rule = ruleFor(method, input.route.url);
  const zod = (input.schema ?? {}) as Record<string, unknown>;
  const key = `${method} ${input.route.url}`;
  const fileBody = FILE_BODIES[key];
  // Doc only: the route itself declares no body (a schema would refuse its multipart file).
  if (fileBody && out.schema)
    (out.schema as JsonSchema).body = {
      content: Object.fromEntries(
        Object.entries(fileBody).map(([media, { schema, example }]) => [
          media,
          { schema: { ...schema, examples: [example] } },
        ]),
      ),
    };
  addExamples(out.schema as JsonSchema | undefined, {
    rule,
    url: input.route.url,
    body: zod.body,
    params: zod.params,
    querystring: zod.querystring,
    conflicts: conflictsOf(key),
  });
  if (!rule || rule.access === 'public') return out;
  return { ...out, schema: { ...out.schema, security: [{ bearer: [] }] } };
};

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null;
const JSON_MEDIA = 'application/json';

/**
 * Puts an example on the request body and on every JSON response of one route's
 * converted schema: made from the schema (openapi-examples.ts), and for the 4xx and
 * 5xx classes the route's own refusals, named. @fastify/swagger moves a body's or
 * response's single `examples` entry to its media type's `example`, and `x-examples`
 * to its named `examples`. File and page bodies (CSV, HTML, images, PDF) get none:
 * their content is not JSON, and their schema is a bare string.
 */
function addExamples(schema: JsonSchema | undefined, route: RouteInput): void {
  if (!schema) return;
  if (isSchema(schema.body) && !schema.body.content && !Array.isArray(schema.body.examples))
    schema.body.examples = [exampleFor(schema.body)];
  const responses = isSchema(schema.response) ? schema.response : {};
  for (const [status, response] of Object.entries(responses)) {
    if (!isSchema(response)) continue;
    const errorClass = /^[45]xx$/i.test(status);
    const named = () => (status[0] === '5' ? SERVER_ERROR_EXAMPLES : clientErrorExamples(route));
    const content = isSchema(response.content) ? response.content : undefined;
    if (content) {
      // A response given by media type: only its JSON one carries an example.
      const media = content[JSON_MEDIA];
      if (!isSchema(media) || !isSchema(media.schema)) continue;
      if (errorClass) media.examples = named();
      else media.example = exampleFor(media.schema);
    } else if (response.type !== 'null' && !Array.isArray(response.examples)) {
      if (errorClass) response['x-examples'] = named();
      else response.examples = [exampleFor(response)];
    }
  }
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document @fastify/swagger builds from the
 * routes' zod schemas (request and response), so the contract cannot drift from the code.
 * GET /api/docs: Swagger UI over the same document, served from our own origin (its
 * files come from the package, no CDN), so it runs within the app's CSP unchanged:
 * its scripts are files ('self'), its styles inline ('unsafe-inline' is allowed),
 * its logo a data: image, and "Try it out" calls this origin.
 */
export async function openApiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', { schema: { response: ok(openApiDocumentSchema) } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // No calls to the public validator service: the page talks only to this origin.
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    theme: { title: 'Rally API' },
  });
}
