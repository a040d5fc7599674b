import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  campaignResponseSchema,
  duplicatedCampaignResponseSchema,
  updateCampaignSchema,
} from '#shared/schemas/lifecycle.ts';
import type { AppDeps } from '../../deps.ts';
import { orgScope } from '../../lib/org-scope.ts';
import { archiveCampaign, duplicateCampaign, updateCampaign } from './campaign-lifecycle.ts';

/** Edit, archive (DELETE) and duplicate a campaign of the caller's organisation. */
export async function campaignLifecycleRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.put(
    '/api/campaigns/:id',
    {
      ...auth,
      schema: {
        params: idParamsSchema,
        body: updateCampaignSchema,
        response: { 200: campaignResponseSchema },
      },
    },
    async (request) =>
      updateCampaign({
        db,
        orgId: orgScope(request.user.organizationId),
        campaignId: request.params.id,
        input: request.body,
      }),
  );

  r.delete(
    '/api/campaigns/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await archiveCampaign({
        db,
        orgId: orgScope(request.user.organizationId),
        campaignId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/campaigns/:id/duplicate',
    { ...auth, schema: { params: idParamsSchema, response: { 201: duplicatedCampaignResponseSchema } } },
    async (request, reply) => {
      const copy = await duplicateCampaign({
        db,
        orgId: orgScope(request.user.organizationId),
        campaignId: request.params.id,
      });
      return reply.code(201).send(copy);
    },
  );
}
