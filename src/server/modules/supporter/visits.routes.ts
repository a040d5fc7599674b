import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visitConfirmSchema } from '#shared/schemas/clicks.ts';
import { idParamsSchema, noContentResponses } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { chooseVariants } from './variant-choice.ts';
import { countConfirmation } from './visit-guard.ts';
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
  const guard = { db, cache, config, budget: new ClickBudget() };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/supporter/campaigns/:id/visits',
    {
      logLevel: 'warn',
      schema: { params: idParamsSchema, body: visitConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      await countConfirmation(request, guard, request.params.id, 'visit', (visitor, view, entry) =>
        recordVisit({
          db,
          dialect,
          visit: {
            campaignId: view.campaign.id,
            organizationId: view.campaign.organizationId,
            visitorId: visitor.id,
            source: request.body.src ?? null,
            variantIds: entry.variants
              ? chooseVariants(app.visitorCookieKey, visitor.id, entry.variants).map((v) => v.id)
              : [],
          },
        }),
      );
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}
