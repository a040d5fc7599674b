import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import { ok } from '#shared/schemas/common.ts';
import { goalProgressSchema } from '#shared/schemas/goal-payloads.ts';
import type { AppDeps } from '../../deps.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { registerNetworkRateLimit } from '../../lib/network-rate-limit.ts';
import { parseId } from '../../lib/parse-id.ts';
import { getSupporterEntry, isTeamMember, type SupporterEntry } from '../supporter/index.ts';
import { GoalFiguresCache, goalProgress, progressEtag } from './goal-progress.ts';

type IdParams = { Params: { id: string } };

/**
 * Progress reads per client network a minute: an open page asks every 5 s (12 a
 * minute), so this leaves room for 20 pages behind one address (an office, a venue's
 * wifi) while a scan of ids is slowed down. Per instance, loopback exempt.
 */
export const PROGRESS_READS_PER_MINUTE = 240;

const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const NO_GOAL = 'This campaign has no goal';

/** 404 as the campaign JSON's; a suspended organisation's campaign is 410, as there. */
const unseen = (entry: SupporterEntry) =>
  entry.suspended
    ? new HttpError(410, 'CAMPAIGN_UNAVAILABLE', CAMPAIGN_UNAVAILABLE)
    : notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);

/** Whether `If-None-Match` (one validator or a list) names `etag`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((v) => {
    const t = v.trim();
    return t === etag || t === etag.slice(2) || t === '*';
  });
}

/**
 * GET /api/supporter/campaigns/:id/progress (docs/api.md "Momentum", Goals): the goal
 * from the supporter cache (its definition is in the cached view), its figure from the
 * per-campaign figures cache; an unchanged answer is a 304 with no body.
 */
export async function goalsRoutes(app: FastifyInstance, { db, dialect, config, supporterCache }: AppDeps) {
  await registerNetworkRateLimit(app, config);
  const figures = new GoalFiguresCache({ db, dialect });

  app.get<IdParams>(
    '/api/supporter/campaigns/:id/progress',
    {
      // Every open page asks every few seconds: no access-log line each (as the page's JSON).
      logLevel: 'warn',
      config: { rateLimit: { max: PROGRESS_READS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        response: {
          ...ok(goalProgressSchema),
          304: z.null().describe('Not modified: the `If-None-Match` validator is current'),
        },
      },
    },
    async (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
      const campaignId = parseId(request.params.id);
      if (campaignId === undefined) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
      const entry = await getSupporterEntry({ db, cache: supporterCache, campaignId });
      const view = entry.view;
      if (!view) throw unseen(entry);
      // A draft or archived campaign: its team's preview only, as the campaign JSON.
      if (entry.hidden && !(await isTeamMember(db, request, view.campaign.organizationId)))
        throw unseen(entry);
      const goal = view.campaign.goal;
      if (!goal) throw notFound('NOT_FOUND', NO_GOAL);
      const progress = goalProgress(goal, await figures.get(campaignId));
      const etag = progressEtag(progress);
      reply.header('etag', etag).header('cache-control', entry.hidden ? 'no-store' : 'no-cache');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // A string with a JSON type is sent as it is: the schema documents the body.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(progress));
    },
  );
}
