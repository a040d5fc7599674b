import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAssetSchema } from '#shared/schemas/assets.ts';
import { orgQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { uploadStorage } from '../uploads/upload-storage.ts';
import { createAsset, listOrgAssets } from './assets.service.ts';

export async function assetsRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = uploadStorage(config);

  r.get(
    '/api/assets',
    { preHandler: app.authenticate, schema: { querystring: orgQuerySchema } },
    async (request) => listOrgAssets({ db, orgId: orgScope(request.user.organizationId, request.query.org) }),
  );

  r.post(
    '/api/assets',
    { preHandler: app.authenticate, schema: { body: createAssetSchema } },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId, request.body.organizationId);
      const asset = await createAsset({ db, storage, orgId, input: request.body, actorId: request.user.id });
      return reply.code(201).send(asset);
    },
  );
}
