import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema } from '#shared/schemas/assets.ts';
import {
  assetOrderSchema,
  campaignListQuerySchema,
  campaignSchema,
  campaignWithAssetsSchema,
  createCampaignSchema,
} from '#shared/schemas/campaigns.ts';
import { ok, idParamsSchema, created } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import {
  createCampaign,
  getCampaignWithAssets,
  listCampaignAssets,
  saveAssetOrder,
} from './campaigns.service.ts';
import { listCampaignsByStatus } from './campaign-lifecycle.ts';
import { callerWrite } from '../../lib/campaign-write.ts';

export async function campaignsRoutes(app: FastifyInstance, { db, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.get(
    '/api/campaigns',
    { ...auth, schema: { querystring: campaignListQuerySchema, response: ok(z.array(campaignSchema)) } },
    async (request) =>
      listCampaignsByStatus({
        db,
        orgId: orgScope(request.user.organizationId, request.query.org),
        status: request.query.status,
      }),
  );

  r.post(
    '/api/campaigns',
    { ...auth, schema: { body: createCampaignSchema, response: created(campaignSchema) } },
    async (request, reply) => {
      const campaign = await createCampaign({
        db,
        supporterCache,
        ...callerOrg(request.user, request.body.organizationId),
        input: request.body,
      });
      return reply.code(201).send(campaign);
    },
  );

  r.get(
    '/api/campaigns/:id',
    { ...auth, schema: { params: idParamsSchema, response: ok(campaignWithAssetsSchema) } },
    async (request) =>
      getCampaignWithAssets({
        db,
        orgId: orgScope(request.user.organizationId),
        campaignId: request.params.id,
      }),
  );

  r.get(
    '/api/campaigns/:id/assets',
    { ...auth, schema: { params: idParamsSchema, response: ok(z.array(assetSchema)) } },
    async (request) =>
      listCampaignAssets({ db, orgId: orgScope(request.user.organizationId), campaignId: request.params.id }),
  );

  r.put(
    '/api/campaigns/:id/assets/order',
    {
      ...auth,
      schema: { params: idParamsSchema, body: assetOrderSchema, response: ok(z.array(assetSchema)) },
    },
    async (request) =>
      saveAssetOrder({
        ...callerWrite({ db, supporterCache }, request.user),
        campaignId: request.params.id,
        assetIds: request.body.assetIds,
      }),
  );
}
