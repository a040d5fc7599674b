import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clickConfirmSchema } from '#shared/schemas/clicks.ts';
import { noContentResponses } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { networkHash, recordClickThrough } from './click-throughs.service.ts';
import { countConfirmation } from './visit-guard.ts';

/**
 * POST /api/clicks: the supporter page's script confirms a visit through a tracked
 * link with the visitor cookie the page's own response set. Always 204, counted or
 * not, so the answer tells a script nothing about which rule stopped it.
 */
export async function clicksRoutes(
  app: FastifyInstance,
  { db, dialect, config, supporterCache: cache }: AppDeps,
) {
  // The budget and the per-share cap count per client network (IPv4 address or IPv6
  // /64), never per proxy or per rotated IPv6 address.
  const guard = { db, cache, config, budget: new ClickBudget() };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/clicks',
    {
      logLevel: 'warn',
      schema: { body: clickConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      const { campaignId, ref } = request.body;
      await countConfirmation(request, guard, campaignId, 'click-through', (visitor) =>
        recordClickThrough({
          db,
          dialect,
          campaignId,
          ref,
          visitorId: visitor.id,
          networkHash: networkHash(app.visitorCookieKey, visitor.network),
        }),
      );
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}
