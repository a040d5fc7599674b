import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REF_CODE_PATTERN } from '#shared/constants.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isNonHumanVisit } from '../../lib/link-preview-bots.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { ensureSupporterId, readSupporterId } from '../../lib/supporter-id.ts';
import { recordClickThrough } from './click-throughs.service.ts';
import { supporterPageMeta } from './supporter-page.ts';
import { cachedPage, getSupporterEntry, getSupporterImpact } from './supporter.service.ts';

type IdParams = { Params: { id: string } };

const ID_PATTERN = /^[1-9][0-9]{0,14}$/;
/** A positive integer id, or undefined. Parsed by hand: this is the hot path. */
const parseId = (raw: string): number | undefined => (ID_PATTERN.test(raw) ? Number(raw) : undefined);

const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * The public supporter side: the campaign JSON (the hot path, served from memory),
 * the supporter's impact, and the page HTML with its link-preview tags, which also
 * counts click-throughs on tracked links.
 */
export async function supporterRoutes(app: FastifyInstance, { db, config, shell }: AppDeps) {
  app.get<IdParams>('/api/supporter/campaigns/:id', async (request, reply) => {
    const campaignId = parseId(request.params.id);
    if (campaignId === undefined) throw notFound(CAMPAIGN_NOT_FOUND);
    const entry = await getSupporterEntry({ db, campaignId });
    if (!entry.view) throw notFound(CAMPAIGN_NOT_FOUND);
    ensureSupporterId(request, reply);
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(entry.json);
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
    const { supporterId, issued } = ensureSupporterId(request, reply);

    const ref = (request.query as Record<string, unknown>).ref;
    if (
      view &&
      request.method === 'GET' &&
      typeof ref === 'string' &&
      REF_CODE_PATTERN.test(ref) &&
      !isNonHumanVisit(request.headers)
    ) {
      try {
        await recordClickThrough({
          db,
          campaignId: view.campaign.id,
          ref,
          visitorId: supporterId,
          newVisitor: issued,
        });
      } catch (err) {
        // A failed count must never cost the supporter the page.
        request.log.error({ err }, 'click-through not recorded');
      }
    }

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

  app.get<IdParams>('/supporter/:id', page);
  app.get<IdParams>('/supporter/campaign/:id', page);
}
