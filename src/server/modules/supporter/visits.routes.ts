import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visitConfirmSchema } from '#shared/schemas/clicks.ts';
import { idParamsSchema, noContentResponses } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { getSupporterEntry } from './supporter.service.ts';
import { chooseVariants } from './variant-choice.ts';
import { countableVisitor } from './visit-guard.ts';
import { recordVisit } from './visits.service.ts';

/**
 * POST /api/supporter/campaigns/:id/visits: the supporter page's script confirms one
 * visit per load, with the `src` tag of its link, under the same rules as a
 * click-through confirmation (visit-guard.ts). It also counts a view of each variant
 * the server chose for this visitor. Always 204, counted or not.
 */
export async function visitsRoutes(
  app: FastifyInstance,
  { db, dialect, config, supporterCache: cache }: AppDeps,
) {
  const visitBudget = new ClickBudget();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/supporter/campaigns/:id/visits',
    {
      logLevel: 'warn',
      schema: { params: idParamsSchema, body: visitConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      const visitor = countableVisitor(request, config, visitBudget);
      if (visitor) {
        try {
          // Only a campaign the public can see: a team member's preview counts nothing.
          const entry = await getSupporterEntry({ db, cache, campaignId: request.params.id });
          if (entry.view && !entry.hidden)
            await recordVisit({
              db,
              dialect,
              visit: {
                campaignId: entry.view.campaign.id,
                organizationId: entry.view.campaign.organizationId,
                visitorId: visitor.id,
                source: request.body.src ?? null,
                variantIds: entry.variants
                  ? chooseVariants(app.visitorCookieKey, visitor.id, entry.variants).map((v) => v.id)
                  : [],
              },
            });
        } catch (err) {
          request.log.error({ err }, 'visit not recorded');
        }
      }
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}
