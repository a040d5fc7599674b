import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '#shared/schemas/api-keys.ts';
import { ok, idParamsSchema, noContentResponses, created } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';
import { noContent } from '../../lib/replies.ts';

// Admins only, and only signed in (never with a key): the permission table says so.
export async function apiKeysRoutes(app: FastifyInstance, { db, dialect }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/organization/api-keys', { schema: { response: ok(apiKeyListSchema) } }, async (request) =>
    listApiKeys(db, orgScope(request.user.organizationId)),
  );

  r.post(
    '/api/organization/api-keys',
    { schema: { body: createApiKeySchema, response: created(createdApiKeySchema) } },
    async (request, reply) => {
      const created = await createApiKey({ db, dialect, ...callerOrg(request.user), input: request.body });
      return reply.code(201).send(created);
    },
  );

  r.delete(
    '/api/organization/api-keys/:id',
    { schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(reply, revokeApiKey({ db, ...callerOrg(request.user), id: request.params.id })),
  );
}
