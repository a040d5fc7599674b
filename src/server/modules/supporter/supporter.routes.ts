import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { ensureSupporterId, readSupporterId } from '../../lib/supporter-id.ts';
import { supporterPageMeta } from './supporter-page.ts';
import {
  cachedPage,
  getSupporterEntry,
  getSupporterImpact,
  type SupporterEntry,
} from './supporter.service.ts';

type IdParams = { Params: { id: string } };

const ID_PATTERN = /^[1-9][0-9]{0,9}$/;
/** Ids are 32-bit serials: a larger one is not found (PostgreSQL would refuse it with an error). */
const MAX_ID = 2_147_483_647;
/** A positive integer id, or undefined. Parsed by hand: this is the hot path. */
const parseId = (raw: string): number | undefined => {
  if (!ID_PATTERN.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
};

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * The two public reads every supporter makes skip the per-request access log at
 * the default level (it cost as much CPU as the rest of the request). Warnings and
 * errors are still logged; a proxy or CDN in front keeps access logs anyway.
 */
const HOT_ROUTE_LOG_LEVEL = 'warn';

function sendCampaignJson(entry: SupporterEntry, request: FastifyRequest, reply: FastifyReply) {
  if (!entry.view) throw notFound(CAMPAIGN_NOT_FOUND);
  ensureSupporterId(request, reply);
  return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(entry.json);
}

/**
 * The public supporter side: the campaign JSON (the hot path, served from memory),
 * the supporter's impact, and the page HTML with its link-preview tags, which also
 * sets the visitor cookie that confirms click-throughs (clicks.routes.ts).
 */
export async function supporterRoutes(app: FastifyInstance, { db, config, shell }: AppDeps) {
  // The hot path: a cache hit is answered synchronously with the JSON serialised at
  // load time, without touching the database (and without a closure per request).
  app.get<IdParams>('/api/supporter/campaigns/:id', { logLevel: HOT_ROUTE_LOG_LEVEL }, (request, reply) => {
    const campaignId = parseId(request.params.id);
    if (campaignId === undefined) throw notFound(CAMPAIGN_NOT_FOUND);
    const entry = getSupporterEntry({ db, campaignId });
    return entry instanceof Promise
      ? entry.then((loaded) => sendCampaignJson(loaded, request, reply))
      : sendCampaignJson(entry, request, reply);
  });

  app.get<IdParams>('/api/supporter/campaigns/:id/impact', async (request, reply) => {
    const campaignId = parseId(request.params.id);
    if (campaignId === undefined) throw notFound(CAMPAIGN_NOT_FOUND);
    const entry = await getSupporterEntry({ db, campaignId });
    if (!entry.view) throw notFound(CAMPAIGN_NOT_FOUND);
    const supporterId = readSupporterId(request);
    if (!supporterId) ensureSupporterId(request, reply);
    reply.header('cache-control', 'no-store');
    return getSupporterImpact({ db, campaignId, supporterId });
  });

  const page = async (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const campaignId = parseId(request.params.id);
    const entry = campaignId === undefined ? undefined : await getSupporterEntry({ db, campaignId });
    const view = entry?.view ?? null;
    // The visitor cookie is set here (when missing) so that the page's script can
    // confirm a tracked-link visit with it (POST /api/clicks); this request counts nothing.
    ensureSupporterId(request, reply);

    const origin = publicOrigin(request, config);
    const html =
      entry && view
        ? cachedPage(entry, origin, () => shell.render(supporterPageMeta(view, origin)))
        : shell.render(supporterPageMeta(null, origin));
    return reply
      .code(view ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get<IdParams>('/supporter/:id', { logLevel: HOT_ROUTE_LOG_LEVEL }, page);
  app.get<IdParams>('/supporter/campaign/:id', { logLevel: HOT_ROUTE_LOG_LEVEL }, page);
}
