import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clickConfirmSchema } from '#shared/schemas/clicks.ts';
import { noContentResponses } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { networkHash, recordClickThrough } from './click-throughs.service.ts';
import { getSupporterEntry } from './supporter.service.ts';
import { countableVisitor } from './visit-guard.ts';

/**
 * POST /api/clicks: the supporter page's script confirms a visit through a tracked
 * link with the visitor cookie the page's own response set. Always 204, counted or
 * not, so the answer tells a script nothing about which rule stopped it.
 */
export async function clicksRoutes(
  app: FastifyInstance,
  { db, dialect, config, supporterCache: cache }: AppDeps,
) {
  const clickBudget = new ClickBudget();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/clicks',
    {
      logLevel: 'warn',
      schema: { body: clickConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      // The budget and the per-share cap count per client network (IPv4 address or
      // IPv6 /64), never per proxy or per rotated IPv6 address.
      const visitor = countableVisitor(request, config, clickBudget);
      if (visitor) {
        try {
          // Only a campaign the public can see: a team member's preview of a draft or
          // archived one counts nothing. The lookup is the supporter page's cache.
          const entry = await getSupporterEntry({ db, cache, campaignId: request.body.campaignId });
          if (entry.view && !entry.hidden)
            await recordClickThrough({
              db,
              dialect,
              campaignId: request.body.campaignId,
              ref: request.body.ref,
              visitorId: visitor.id,
              networkHash: networkHash(app.visitorCookieKey, visitor.network),
            });
        } catch (err) {
          request.log.error({ err }, 'click-through not recorded');
        }
      }
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
}
