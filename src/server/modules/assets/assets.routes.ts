import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema, createAssetSchema } from '#shared/schemas/assets.ts';
import { errorResponses, orgQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { createAsset, listOrgAssets } from './assets.service.ts';

export async function assetsRoutes(app: FastifyInstance, { db, uploads, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/assets',
    {
      preHandler: app.authenticate,
      schema: { querystring: orgQuerySchema, response: { 200: z.array(assetSchema), ...errorResponses } },
    },
    async (request) => listOrgAssets({ db, orgId: orgScope(request.user.organizationId, request.query.org) }),
  );

  r.post(
    '/api/assets',
    {
      preHandler: app.authenticate,
      schema: { body: createAssetSchema, response: { 201: assetSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId, request.body.organizationId);
      const asset = await createAsset({
        db,
        storage: uploads,
        supporterCache,
        orgId,
        input: request.body,
        actorId: request.user.id,
      });
      return reply.code(201).send(asset);
    },
  );
}
