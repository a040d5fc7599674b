import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignSchema, campaignWithAssetsSchema, updateCampaignSchema } from '#shared/schemas/campaigns.ts';
import { ok, idParamsSchema, noContentResponses, created } from '#shared/schemas/common.ts';
import { submittedReviewSchema } from '#shared/schemas/reviews.ts';
import type { AppDeps } from '../../deps.ts';
import { archiveCampaign, duplicateCampaign, updateCampaign } from './campaign-lifecycle.ts';
import { callerWrite } from '../../lib/campaign-write.ts';
import { noContent } from '../../lib/replies.ts';

/** Edit, archive (DELETE) and duplicate a campaign of the caller's organisation. */
export async function campaignLifecycleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.put(
    '/api/campaigns/:id',
    {
      ...auth,
      schema: {
        params: idParamsSchema,
        body: updateCampaignSchema,
        // 202: an editor's public change waits for review (modules/reviews, the gate).
        response: { ...ok(campaignSchema), 202: submittedReviewSchema },
      },
    },
    async (request) =>
      updateCampaign({
        ...callerWrite(deps, request.user),
        campaignId: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/campaigns/:id',
    { ...auth, schema: { params: idParamsSchema, response: noContentResponses } },
    async (request, reply) =>
      noContent(
        reply,
        archiveCampaign({ ...callerWrite(deps, request.user), campaignId: request.params.id }),
      ),
  );

  r.post(
    '/api/campaigns/:id/duplicate',
    { ...auth, schema: { params: idParamsSchema, response: created(campaignWithAssetsSchema) } },
    async (request, reply) => {
      const copy = await duplicateCampaign({
        ...callerWrite(deps, request.user),
        campaignId: request.params.id,
      });
      return reply.code(201).send(copy);
    },
  );
}
