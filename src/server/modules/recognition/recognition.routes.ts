import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema, noContentResponses, ok } from '#shared/schemas/common.ts';
import {
  leaderboardQuerySchema,
  leaderboardSchema,
  supporterBoardSchema,
  supporterProfileInputSchema,
  supporterProfileSchema,
} from '#shared/schemas/recognition.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { callerOrg, orgScope } from '../../lib/org-scope.ts';
import { noStore } from '../../lib/replies.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import { assertSameOrigin } from '../../plugins/csrf.ts';
import { namingBlockedWords } from '../shares/index.ts';
import { visibleSupporterCampaign } from '../supporter/index.ts';
import { BoardCache } from './board.service.ts';
import { leaderboard, leaderboardCsv } from './leaderboard.service.ts';
import { campaignIdsOf, ownProfile, saveProfile, setNameHidden } from './profiles.service.ts';

// Recognition (docs/api.md "Momentum"): the supporter's own name and board choice, a
// campaign's public board, and the staff's leaderboard and hiding of names.

/** Name changes per client network a minute: a person saves a few times at most. */
export const PROFILE_WRITES_PER_MINUTE = 20;

const NO_COOKIE = 'Allow the supporter cookie to appear on the board';

type IdParams = { Params: { id: string } };

export async function recognitionRoutes(app: FastifyInstance, { db, config, supporterCache }: AppDeps) {
  await registerNetworkRateLimit(app, config);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const boards = new BoardCache();
  const visible = (request: FastifyRequest<IdParams>) =>
    visibleSupporterCampaign({ db, cache: supporterCache, request, id: request.params.id });
  /** The supporter is the signed visitor cookie only: ids are not secrets. */
  const signedVisitor = (request: FastifyRequest) => {
    const visitor = readVisitorCookie(request);
    return visitor?.issued ? visitor.id : undefined;
  };

  app.get<IdParams>(
    '/api/supporter/campaigns/:id/profile',
    { onRequest: noStore, schema: { response: ok(supporterProfileSchema) } },
    async (request) => {
      const { organizationId } = await visible(request);
      const supporterId = signedVisitor(request);
      return supporterId
        ? ownProfile(db, organizationId, supporterId)
        : { displayName: null, onBoard: false };
    },
  );

  r.put(
    '/api/supporter/campaigns/:id/profile',
    {
      onRequest: noStore,
      config: { rateLimit: { max: PROFILE_WRITES_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { body: supporterProfileInputSchema, response: ok(supporterProfileSchema) },
    },
    async (request) => {
      // The cookie is the supporter: another site may not name them.
      assertSameOrigin(request, config);
      const { organizationId } = await visible(request as FastifyRequest<IdParams>);
      const supporterId = signedVisitor(request);
      if (!supporterId) throw badRequest('SUPPORTER_COOKIE_REQUIRED', NO_COOKIE);
      // A name refused for a blocked word names it: the shares' naming budget holds here
      // too, and while it is spent every name is 429, whatever it says.
      const saved = await namingBlockedWords({ db, config, request }, true, () =>
        saveProfile(db, { organizationId, supporterId, ...request.body }),
      );
      // The profile is the organisation's: every one of its boards on this instance
      // shows the change at its next read (other instances within BOARD_TTL_MS).
      boards.dropOrganization(organizationId);
      return saved;
    },
  );

  app.get<IdParams>(
    '/api/supporter/campaigns/:id/board',
    { schema: { response: ok(supporterBoardSchema) } },
    async (request, reply) => {
      const { entry, ...scope } = await visible(request);
      reply.header('cache-control', 'no-cache');
      return boards.get(db, scope, entry);
    },
  );

  for (const [action, hidden] of [
    ['hide', true],
    ['unhide', false],
  ] as const) {
    r.post(
      `/api/organization/supporter-profiles/:id/${action}`,
      { preHandler: app.authenticate, schema: { params: idParamsSchema, response: noContentResponses } },
      async (request, reply) => {
        const w = { db, ...callerOrg(request.user) };
        await setNameHidden(w, request.params.id, hidden);
        // Every board of the organisation, on every instance, at once: a board is kept
        // only with its campaign's supporter view (board.service.ts), dropped here.
        for (const campaignId of await campaignIdsOf(db, w.orgId)) supporterCache.invalidate(campaignId);
        return reply.code(204).send(null);
      },
    );
  }

  /** The filter, with a campaign of another organisation a 404. */
  const filterOf = async (orgId: number, query: z.output<typeof leaderboardQuerySchema>) => {
    if (query.campaignId !== undefined) await getOwnCampaign({ db, orgId, campaignId: query.campaignId });
    return query;
  };

  r.get(
    '/api/organization/leaderboard',
    {
      preHandler: app.authenticate,
      onRequest: noStore,
      schema: { querystring: leaderboardQuerySchema, response: ok(leaderboardSchema) },
    },
    async (request) => {
      const orgId = orgScope(request.user.organizationId);
      const filter = await filterOf(orgId, request.query);
      return leaderboard({ db, organizationId: orgId, filter, key: app.visitorCookieKey });
    },
  );

  const csvResponse = { 200: { content: { 'text/csv': { schema: z.string() } } }, ...errorResponses };
  r.get(
    '/api/organization/leaderboard.csv',
    {
      preHandler: app.authenticate,
      schema: { querystring: leaderboardQuerySchema, response: csvResponse },
    },
    async (request, reply) => {
      const orgId = orgScope(request.user.organizationId);
      const filter = await filterOf(orgId, request.query);
      const rows = await leaderboard({ db, organizationId: orgId, filter, key: app.visitorCookieKey });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leaderboard-${filter.kind}.csv"`)
        .header('cache-control', 'no-store')
        .send(leaderboardCsv(rows));
    },
  );
}
