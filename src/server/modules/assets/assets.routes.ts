import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema, createAssetSchema } from '#shared/schemas/assets.ts';
import { ok, orgQuerySchema, created } from '#shared/schemas/common.ts';
import { submittedReviewSchema } from '#shared/schemas/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { createAsset, listOrgAssets } from './assets.service.ts';

export async function assetsRoutes(app: FastifyInstance, { db, uploads, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/assets',
    {
      preHandler: app.authenticate,
      schema: { querystring: orgQuerySchema, response: ok(z.array(assetSchema)) },
    },
    async (request) => listOrgAssets({ db, orgId: orgScope(request.user.organizationId, request.query.org) }),
  );

  r.post(
    '/api/assets',
    {
      preHandler: app.authenticate,
      schema: {
        body: createAssetSchema,
        // 202: an editor's asset for a published campaign waits for review (modules/reviews).
        response: { ...created(assetSchema), 202: submittedReviewSchema },
      },
    },
    async (request, reply) => {
      const asset = await createAsset({
        db,
        storage: uploads,
        supporterCache,
        ...callerOrg(request.user, request.body.organizationId),
        input: request.body,
      });
      return reply.code(201).send(asset);
    },
  );
}
