import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clickConfirmSchema, visitConfirmSchema } from '#shared/schemas/clicks.ts';
import { idParamsSchema, noContentResponses } from '#shared/schemas/common.ts';
import type { AppDeps } from '../../deps.ts';
import { networkHash, recordClickThrough, recordUnconfirmedClick } from './click-throughs.service.ts';
import { chooseVariants } from './variant-choice.ts';
import { confirmationGuard, countClickConfirmation, countConfirmation } from './visit-guard.ts';
import { checkVisitToken } from './visit-token.ts';
import { recordVisit } from './visits.service.ts';
import { requestLanguage } from './supporter.service.ts';
import { noStore } from '../../lib/replies.ts';

/**
 * The supporter page script's confirmations, counted under the rules of visit-guard.ts
 * with the visitor cookie the page's own response set (and for a click-through, the
 * visit token its HTML carried). Each answers 204 counted or
 * not, so the answer tells a script nothing about which rule stopped it.
 */
export async function confirmationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, dialect } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/clicks: a visit through a tracked link. A click-through only with the
   * visit token of this visitor's page view of that link (visit-token.ts); anything
   * else is counted as an unconfirmed click-through.
   */
  const clickGuard = confirmationGuard(deps);
  r.post(
    '/api/clicks',
    {
      logLevel: 'warn',
      onRequest: noStore,
      schema: { body: clickConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      const { campaignId, ref, token } = request.body;
      await countClickConfirmation(request, clickGuard, campaignId, async ({ visitorId, network }) => {
        if (
          !visitorId ||
          checkVisitToken(app.visitorCookieKey, token, { visitorId, campaignId, ref }) !== 'valid'
        )
          return recordUnconfirmedClick({ db, dialect, campaignId, ref, visitorId });
        return recordClickThrough({
          db,
          dialect,
          campaignId,
          ref,
          visitorId,
          networkHash: networkHash(app.visitorCookieKey, network),
        });
      });
      return reply.code(204).send(null);
    },
  );

  /**
   * POST /api/supporter/campaigns/:id/visits: one visit per page load, with the `src`
   * tag of its link, and a view of each variant the server chose for this visitor.
   * Its budget is its own: visits do not use up the click-throughs' budget.
   */
  const visitGuard = confirmationGuard(deps);
  r.post(
    '/api/supporter/campaigns/:id/visits',
    {
      logLevel: 'warn',
      onRequest: noStore,
      schema: { params: idParamsSchema, body: visitConfirmSchema, response: noContentResponses },
    },
    async (request, reply) => {
      await countConfirmation(request, visitGuard, request.params.id, 'visit', (visitor, view, entry) =>
        recordVisit({
          db,
          dialect,
          visit: {
            campaignId: view.campaign.id,
            organizationId: view.campaign.organizationId,
            visitorId: visitor.id,
            source: request.body.src ?? null,
            // A refused browser's variants were chosen for another one-off id: none is known.
            // Variants are the default language's: a page served in another showed none.
            variantIds:
              entry.variants &&
              !visitor.anonymous &&
              requestLanguage(entry, request, request.body.lang).locale === entry.defaultLanguage
                ? chooseVariants(app.visitorCookieKey, visitor.id, entry.variants).map((v) => v.id)
                : [],
          },
        }),
      );
      return reply.code(204).send(null);
    },
  );
}
