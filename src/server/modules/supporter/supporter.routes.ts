import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COOKIE_CHOICE_PATH } from '#shared/privacy-notice.ts';
import { cookieChoiceSchema } from '#shared/schemas/cookie-choice.ts';
import { REF_CODE_PATTERN } from '#shared/constants.ts';
import { noContentResponses, ok } from '#shared/schemas/common.ts';
import { ASSET_PARAM } from '#shared/share-links.ts';
import {
  supporterCampaignSchema,
  supporterElsewhereSchema,
  supporterImpactSchema,
  supporterScheduledSharesSchema,
} from '#shared/schemas/shares.ts';
import type { AppDeps } from '../../deps.ts';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import { notFound } from '../../lib/errors.ts';
import { sendPlainPage } from '../../lib/plain-page.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import {
  ensureSupporterId,
  readVisitorCookie,
  setVisitorCookieChoice,
  supporterCacheControl,
  visitorCookieState,
} from '../../lib/supporter-id.ts';
import { assertSameOrigin } from '../../plugins/csrf.ts';
import { sameOriginFramableCsp } from '../../plugins/security.ts';
import { CAMPAIGN_NOT_FOUND, mayView, unseen, visibleSupporterCampaign } from './visible-campaign.ts';
import { carriesSession, teamMemberId } from './campaign-availability.ts';
import { supporterPageMeta, withCookieState, withVisitToken } from './supporter-page.ts';
import { pseudoRequested } from '../../lib/language.ts';
import { issueVisitToken } from './visit-token.ts';
import {
  cachedPage,
  getSupporterEntry,
  getElsewhere,
  getSupporterImpact,
  getVisitorScheduledShares,
  LANGUAGE_VARY,
  entryOf,
  readEntryRows,
  namedAsset,
  requestLanguage,
  type ServedView,
  servedView,
  type SupporterEntry,
  visitorView,
} from './supporter.service.ts';
import { noStore } from '../../lib/replies.ts';
import { parseId } from '../../lib/parse-id.ts';

type IdParams = { Params: { id: string } };
/** The page's own query: `ref` a tracked link's code, `a` the asset a share link previews, `review` staff's preview of a waiting change. */
type PageParams = IdParams & { Querystring: { ref?: unknown; a?: unknown; review?: unknown } };
type JsonParams = IdParams & { Querystring: { review?: unknown } };

/**
 * The two public reads every supporter makes skip the per-request access log at
 * the default level (it cost as much CPU as the rest of the request). Warnings and
 * errors are still logged; a proxy or CDN in front keeps access logs anyway.
 */
const HOT_ROUTE_LOG_LEVEL = 'warn';

/** The neutral page of a suspended organisation's campaign: its pages and tracked links all land here. */
export const sendUnavailablePage = (reply: FastifyReply) =>
  sendPlainPage(reply.header('cache-control', 'no-cache'), {
    status: 410,
    title: CAMPAIGN_UNAVAILABLE,
    text: 'This campaign cannot be shown right now.',
  });

/** The JSON this visitor gets: the cached bytes, or with variants the visitor's own choice of them. */
function visitorJson(served: ServedView, request: FastifyRequest, supporterId: string): string {
  return served.variants
    ? visitorView(served, request.server.visitorCookieKey, supporterId).json
    : served.json;
}

/** The view in this request's language; a campaign in several languages says what its answer varies on. */
function languageView(entry: SupporterEntry, request: FastifyRequest, reply: FastifyReply): ServedView {
  if (entry.languages.length > 1) reply.header('vary', LANGUAGE_VARY);
  return servedView(entry, requestLanguage(entry, request));
}

function sendCampaignJson(entry: SupporterEntry, request: FastifyRequest, reply: FastifyReply) {
  if (!entry.view) throw unseen(entry);
  const identity = ensureSupporterId(request, reply);
  return reply
    .header('cache-control', supporterCacheControl(identity, 'no-cache'))
    .type('application/json; charset=utf-8')
    .send(visitorJson(languageView(entry, request, reply), request, identity.supporterId));
}

/**
 * The public supporter side: the campaign JSON (the hot path, served from memory),
 * the supporter's impact, and the page HTML with its link-preview tags, which also
 * sets the visitor cookie that confirms click-throughs (confirmations.routes.ts).
 */
export async function supporterRoutes(
  app: FastifyInstance,
  { db, config, shell, supporterCache: cache, reviewPreview }: AppDeps,
) {
  // The hot path: a cache hit is answered synchronously with the JSON serialised at
  // load time, without touching the database (and without a closure per request).
  // The response schema documents the body; it never runs here, because Fastify sends
  // a string with a JSON content type as it is. The cached JSON is serialised from a
  // view built with exactly the schema's fields (loadEntry). No params schema either:
  // the id is parsed by hand, and the document derives the path parameter from the URL.
  app.get<JsonParams>(
    '/api/supporter/campaigns/:id',
    {
      logLevel: HOT_ROUTE_LOG_LEVEL,
      schema: { response: ok(supporterCampaignSchema) },
    },
    (request, reply) => {
      const campaignId = parseId(request.params.id);
      if (campaignId === undefined) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
      // Staff's preview of a waiting change: looked at only when asked for with a session;
      // anyone else gets the cached answer.
      if (request.query.review !== undefined && carriesSession(request))
        return sendReviewPreview(campaignId, request, reply);
      const entry = getSupporterEntry({ db, cache, campaignId });
      if (entry instanceof Promise) return entry.then((loaded) => sendVisible(loaded, request, reply));
      if (entry.hidden) return sendVisible(entry, request, reply);
      // Sent, and nothing returned: a returned reply would make Fastify wait for its end.
      sendCampaignJson(entry, request, reply);
    },
  );

  /** The JSON for whoever may see it: the public, or for a hidden campaign its team (uncached). */
  async function sendVisible(entry: SupporterEntry, request: FastifyRequest, reply: FastifyReply) {
    if (!(await mayView(db, entry, request))) throw unseen(entry);
    if (!entry.hidden) return sendCampaignJson(entry, request, reply);
    const { supporterId } = ensureSupporterId(request, reply);
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(visitorJson(languageView(entry, request, reply), request, supporterId));
  }

  /**
   * `?review=1` (docs/api.md "Review before publishing"): to a member of the campaign's
   * organisation, the view with the campaign's waiting change applied (worked out in
   * memory from plain reads, never cached); to anyone else, the usual answer.
   */
  async function sendReviewPreview(campaignId: number, request: FastifyRequest, reply: FastifyReply) {
    const entry = await getSupporterEntry({ db, cache, campaignId });
    const orgId = entry.view?.campaign.organizationId;
    const memberId = orgId === undefined ? null : await teamMemberId(db, request, orgId);
    if (orgId === undefined || memberId === null) return sendVisible(entry, request, reply);
    // Plain reads, the change applied in memory: a preview holds no write transaction.
    const live = await readEntryRows(db, campaignId);
    const fresh = await entryOf(db, live && (await reviewPreview({ campaignId, orgId }, live)));
    if (!fresh.view) throw unseen(fresh);
    const served = languageView(fresh, request, reply);
    const { supporterId } = ensureSupporterId(request, reply);
    const view = JSON.parse(visitorJson(served, request, supporterId));
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ ...view, preview: 'review' }));
  }

  /** The id of the campaign in the URL, when this request may see that campaign; else 404. */
  async function visibleCampaignId(request: FastifyRequest<IdParams>): Promise<number> {
    return (await visibleCampaign(request)).campaignId;
  }

  const visibleCampaign = (request: FastifyRequest<IdParams>) =>
    visibleSupporterCampaign({ db, cache, request, id: request.params.id });

  app.get<IdParams>(
    '/api/supporter/campaigns/:id/impact',
    { onRequest: noStore, schema: { response: ok(supporterImpactSchema) } },
    async (request, reply) => {
      const { campaignId, organizationId } = await visibleCampaign(request);
      // By the signed visitor cookie only: an id is no secret, and the answer (recruits, place) is the visitor's own.
      const visitor = readVisitorCookie(request);
      if (!visitor?.issued) ensureSupporterId(request, reply);
      const supporterId = visitor?.issued ? visitor.id : undefined;
      return getSupporterImpact({ db, campaignId, organizationId, supporterId });
    },
  );

  // The Schedule tab after a reload: this visitor's own scheduled shares, by the signed
  // visitor cookie only (a made-up or unsigned id gets none: ids are not secrets).
  app.get<IdParams>(
    '/api/supporter/campaigns/:id/scheduled',
    { onRequest: noStore, schema: { response: ok(supporterScheduledSharesSchema) } },
    async (request, reply) => {
      const campaignId = await visibleCampaignId(request);
      const visitor = readVisitorCookie(request);
      if (!visitor?.issued) {
        ensureSupporterId(request, reply);
        return [];
      }
      return getVisitorScheduledShares({ db, campaignId, supporterId: visitor.id });
    },
  );

  // The notice's "Share without a cookie" and "Use the cookie again" (docs/api.md
  // "Privacy"): cookies only, no row anywhere. From our own pages only, like a session
  // write, so another site cannot flip a visitor's choice.
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(
      COOKIE_CHOICE_PATH,
      { onRequest: noStore, schema: { body: cookieChoiceSchema, response: noContentResponses } },
      async (request, reply) => {
        assertSameOrigin(request, config);
        setVisitorCookieChoice(request, reply, request.body);
        return reply.code(204).send(null);
      },
    );

  // The not-found page's way forward (for an archived campaign: its organisation's open ones).
  app.get<IdParams>(
    '/api/supporter/campaigns/:id/elsewhere',
    { schema: { response: ok(supporterElsewhereSchema) } },
    async (request) => {
      const campaignId = parseId(request.params.id);
      if (campaignId === undefined) return { organization: null, campaigns: [] };
      return getElsewhere({ db, campaignId });
    },
  );

  // A cache hit for a published campaign is answered synchronously, like the JSON above.
  const page = (request: FastifyRequest<PageParams>, reply: FastifyReply) => {
    const campaignId = parseId(request.params.id);
    const entry = campaignId === undefined ? undefined : getSupporterEntry({ db, cache, campaignId });
    // Staff's preview (`?review=`) is rendered per request for a member of the campaign's
    // organisation only; without a session the query changes nothing (the cached page).
    if (request.query.review !== undefined && carriesSession(request))
      return reviewerPage(entry, request, reply);
    if (entry instanceof Promise) return entry.then((loaded) => pageOf(loaded, false, request, reply));
    return pageOf(entry, false, request, reply);
  };

  /** The page for a request asking for the preview with a session: the preview for a member, else the public page. */
  async function reviewerPage(
    pending: SupporterEntry | Promise<SupporterEntry> | undefined,
    request: FastifyRequest<PageParams>,
    reply: FastifyReply,
  ): Promise<void> {
    const entry = await pending;
    const orgId = entry?.view?.campaign.organizationId;
    const member = orgId !== undefined && (await teamMemberId(db, request, orgId)) !== null;
    return pageOf(entry, member, request, reply);
  }

  function pageOf(
    entry: SupporterEntry | undefined,
    reviewing: boolean,
    request: FastifyRequest<PageParams>,
    reply: FastifyReply,
  ): Promise<void> | undefined {
    const visible = entry ? mayView(db, entry, request) : false;
    if (visible instanceof Promise) return visible.then((v) => sendPage(entry, v, reviewing, request, reply));
    sendPage(entry, visible, reviewing, request, reply);
  }

  function sendPage(
    entry: SupporterEntry | undefined,
    visible: boolean,
    reviewing: boolean,
    request: FastifyRequest<PageParams>,
    reply: FastifyReply,
  ): void {
    const view = visible ? (entry?.view ?? null) : null;
    const preview = Boolean(visible && entry?.hidden);
    // The visitor cookie is set here (when missing), and for a tracked link (`?ref=`) a
    // visit token bound to it, so that the page's script can confirm the visit with
    // both (POST /api/clicks); this request counts nothing. A browser refusing the
    // cookie gets none, nor a token (nothing could prove it later).
    const identity = ensureSupporterId(request, reply);
    const { supporterId } = identity;

    const origin = publicOrigin(request, config);
    // The page embeds the view this visitor gets (their share-text variants, if any).
    const own =
      entry && view
        ? visitorView(languageView(entry, request, reply), app.visitorCookieKey, supporterId)
        : undefined;
    const shown = own?.view ?? view;
    // A share link names its asset: the link previews that one (only one of this campaign's).
    const asset = namedAsset(shown, request.query[ASSET_PARAM]);
    // `reviewing`: a member's preview of a waiting change; the page's script reads it (?review=1), not the public first paint.
    // The pseudo-locale (PSEUDO_LOCALE=1 servers only) is rendered per request, never cached.
    const pseudo = pseudoRequested(request);
    const render = () =>
      shell.render(
        supporterPageMeta(
          shown && reviewing ? { ...shown, preview: 'review' } : shown,
          origin,
          asset,
          pseudo ? 'pseudo' : undefined,
        ),
      );
    // A preview is rendered per request: the cached pages are the public ones.
    if (own && shown && !preview && !pseudo && !reviewing) {
      const cached = cachedPage(own, origin, asset?.id, render);
      const html = identity.anonymous
        ? withCookieState(cached, visitorCookieState(request), shown.language)
        : cached;
      const { ref } = request.query;
      const tracked = !identity.anonymous && typeof ref === 'string' && REF_CODE_PATTERN.test(ref);
      reply
        .code(200)
        .header('cache-control', tracked ? 'private, no-cache' : supporterCacheControl(identity, 'no-cache'))
        .type('text/html; charset=utf-8')
        .send(
          tracked
            ? withVisitToken(
                html,
                issueVisitToken(app.visitorCookieKey, {
                  visitorId: supporterId,
                  campaignId: shown.campaign.id,
                  ref,
                }),
              )
            : html,
        );
      return;
    }
    if (entry?.suspended) {
      sendUnavailablePage(reply);
      return;
    }
    // The review screen frames the preview of what waits at a phone's size: same origin only.
    if (reviewing) reply.header('content-security-policy', sameOriginFramableCsp());
    reply
      .code(view ? 200 : 404)
      .header(
        'cache-control',
        preview || reviewing ? 'no-store' : supporterCacheControl(identity, 'no-cache'),
      )
      .type('text/html; charset=utf-8')
      .send(render());
  }

  // The page is HTML (the app shell with this campaign's link-preview tags), also for a 404.
  const html = { content: { 'text/html': { schema: z.string() } } };
  const pageOptions = {
    logLevel: HOT_ROUTE_LOG_LEVEL,
    schema: { response: { 200: html, 404: html, 410: html } },
  } as const;
  app.get<PageParams>('/supporter/:id', pageOptions, page);
  app.get<PageParams>('/supporter/campaign/:id', pageOptions, page);
}
