import type { FastifyInstance } from 'fastify';
import { VISIT_TOKEN_META, VISIT_TOKEN_MIN_AGE_MS } from '#shared/constants.ts';
import { HOUR_MS } from '#shared/durations.ts';
import { issueVisitToken } from '../modules/supporter/index.ts';

// A supporter's browser as the server sees it: its user agent and the visitor cookie
// the supporter page sets.

/** `rally_sid` value from a response's Set-Cookie, if any. */
export function supporterCookie(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const hit = list.find((c: string) => c.startsWith('rally_sid='));
  return hit ? hit.slice('rally_sid='.length).split(';')[0] : undefined;
}

/** The supporter id inside a `rally_sid` cookie value (`{id}.{tag}`). */
export const supporterIdOf = (cookie: string | undefined): string | undefined => cookie?.split('.')[0];

export const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The visit token in a supporter page's HTML (`<meta name="rally-visit">`), if any. */
export const visitTokenOf = (html: string): string | undefined =>
  new RegExp(`<meta name="${VISIT_TOKEN_META}" content="([^"]*)"`).exec(html)?.[1];

/**
 * The token a page view of `link` by `visitorId` got `ageMs` ago: for tests of what
 * happens after the wait (caps, budgets, proxies) without waiting. The test of the
 * wait itself (clicks.test.ts) uses the page's own token and waits.
 */
export const agedVisitToken = (
  app: FastifyInstance,
  link: { campaignId: number; ref: string },
  visitorId: string,
  ageMs = VISIT_TOKEN_MIN_AGE_MS,
): string => issueVisitToken(app.visitorCookieKey, { ...link, visitorId }, Date.now() - ageMs);

/** What `agedVisitToken` gives for a page whose HTML carried a visit token; undefined for one that carried none. */
export const agedTokenOfPage = (
  app: FastifyInstance,
  html: string,
  link: { campaignId: number; ref: string },
  visitorId: string,
): string | undefined => (visitTokenOf(html) ? agedVisitToken(app, link, visitorId) : undefined);

/**
 * A visitor following a tracked link: the supporter page, then (as if the page's
 * wait had passed) the page's own POST /api/clicks with the visitor cookie the page
 * set and its visit token, both from `remoteAddress` (with `headers`, such as
 * X-Forwarded-For, on both). Returns the confirmation's answer and the visitor's
 * `rally_sid=...` cookie header.
 */
async function followLink(
  app: FastifyInstance,
  link: { campaignId: number; ref: string },
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const asBrowser = { 'user-agent': BROWSER_UA, ...headers };
  const page = await app.inject({
    url: `/supporter/${link.campaignId}?ref=${link.ref}`,
    remoteAddress,
    headers: asBrowser,
  });
  const cookie = `rally_sid=${supporterCookie(page.headers)}`;
  const confirmation = await app.inject({
    method: 'POST',
    url: '/api/clicks',
    remoteAddress,
    payload: { ...link, token: agedVisitToken(app, link, supporterIdOf(cookie.slice(10)) as string) },
    headers: { ...asBrowser, cookie },
  });
  return { confirmation, cookie };
}

/** A visitor following a tracked link (followLink): the page's confirmation's answer. */
export const clickThrough = async (...args: Parameters<typeof followLink>) =>
  (await followLink(...args)).confirmation;

/** A visitor who came through a tracked link, their click-through counted: the cookie header they send from then on. */
export async function referredVisitor(
  app: FastifyInstance,
  link: { campaignId: number; ref: string },
  remoteAddress: string,
): Promise<string> {
  const { confirmation, cookie } = await followLink(app, link, remoteAddress);
  if (confirmation.statusCode !== 204)
    throw new Error(`click-through not answered 204: ${confirmation.body}`);
  return cookie;
}

/** Opens a campaign's supporter page: the `rally_sid=...` cookie header its visitor sends from then on. */
export async function visitorCookie(app: FastifyInstance, campaignId: number): Promise<string> {
  const page = await app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
  const cookie = supporterCookie(page.headers);
  if (!cookie) throw new Error('the supporter page set no visitor cookie');
  return `rally_sid=${cookie}`;
}

/**
 * A visitor's POST /api/shares/schedule: `assetId` shared `inHours` from now (on every
 * platform unless `platform` says one), with any further field of the request in `extra`.
 */
export function scheduleShare(
  app: FastifyInstance,
  cookie: string,
  share: { assetId: number; campaignId: number; organizationId: number; inHours: number; platform?: string },
  extra: Record<string, unknown> = {},
) {
  const { inHours, platform = 'all', ...ids } = share;
  return app.inject({
    method: 'POST',
    url: '/api/shares/schedule',
    headers: { cookie },
    payload: {
      ...ids,
      platform,
      scheduledFor: new Date(Date.now() + inHours * HOUR_MS).toISOString(),
      ...extra,
    },
  });
}
