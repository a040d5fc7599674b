import type { FastifyInstance } from 'fastify';
import { BROWSER_UA, supporterCookie } from '../modules/supporter/test-seed.ts';

/**
 * A visitor following a tracked link: the supporter page, then the page's own
 * POST /api/clicks with the visitor cookie the page set, both from `remoteAddress`
 * (with `headers`, such as X-Forwarded-For, on both). Returns the confirmation's answer.
 */
export async function clickThrough(
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
  return app.inject({
    method: 'POST',
    url: '/api/clicks',
    remoteAddress,
    payload: link,
    headers: { ...asBrowser, cookie: `rally_sid=${supporterCookie(page.headers)}` },
  });
}
