import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetOrderSchema, createCampaignSchema } from '#shared/schemas/campaigns.ts';
import { idParamsSchema, orgQuerySchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import {
  createCampaign,
  getCampaignWithAssets,
  listCampaignAssets,
  listCampaigns,
  saveAssetOrder,
} from './campaigns.service.ts';

export async function campaignsRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.get('/api/campaigns', { ...auth, schema: { querystring: orgQuerySchema } }, async (request) =>
    listCampaigns({ db, orgId: orgScope(request.user.organizationId, request.query.org) }),
  );

  r.post('/api/campaigns', { ...auth, schema: { body: createCampaignSchema } }, async (request, reply) => {
    const orgId = orgScope(request.user.organizationId, request.body.organizationId);
    const campaign = await db
      .transaction()
      .execute((trx) => createCampaign({ db: trx, orgId, input: request.body, actorId: request.user.id }));
    return reply.code(201).send(campaign);
  });

  r.get('/api/campaigns/:id', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    getCampaignWithAssets({
      db,
      orgId: orgScope(request.user.organizationId),
      campaignId: request.params.id,
    }),
  );

  r.get('/api/campaigns/:id/assets', { ...auth, schema: { params: idParamsSchema } }, async (request) =>
    listCampaignAssets({ db, orgId: orgScope(request.user.organizationId), campaignId: request.params.id }),
  );

  r.put(
    '/api/campaigns/:id/assets/order',
    { ...auth, schema: { params: idParamsSchema, body: assetOrderSchema } },
    async (request) =>
      saveAssetOrder({
        db,
        orgId: orgScope(request.user.organizationId),
        campaignId: request.params.id,
        assetIds: request.body.assetIds,
      }),
  );
}
