import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignSchema, campaignWithAssetsSchema, updateCampaignSchema } from '#shared/schemas/campaigns.ts';
import { errorResponses, idParamsSchema } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { archiveCampaign, duplicateCampaign, updateCampaign } from './campaign-lifecycle.ts';

/** Edit, archive (DELETE) and duplicate a campaign of the caller's organisation. */
export async function campaignLifecycleRoutes(app: FastifyInstance, { db, supporterCache }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.put(
    '/api/campaigns/:id',
    {
      ...auth,
      schema: {
        params: idParamsSchema,
        body: updateCampaignSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateCampaign({
        db,
        supporterCache,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        campaignId: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/campaigns/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await archiveCampaign({
        db,
        supporterCache,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        campaignId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/campaigns/:id/duplicate',
    {
      ...auth,
      schema: { params: idParamsSchema, response: { 201: campaignWithAssetsSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const copy = await duplicateCampaign({
        db,
        supporterCache,
        orgId: orgScope(request.user.organizationId),
        actorId: request.user.id,
        campaignId: request.params.id,
      });
      return reply.code(201).send(copy);
    },
  );
}
