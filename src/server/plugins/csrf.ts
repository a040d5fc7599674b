import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_SECONDS, TOKEN_COOKIE_NAME } from '#shared/constants.ts';
import type { Config } from '../config/env.ts';
import { HttpError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused: send it from the app, or with a Bearer token';

/**
 * A browser attaches the `token` cookie to requests any other site makes (a form
 * post, a fetch with credentials), so a state-changing request authenticated by
 * the cookie alone must show it comes from our own pages: an `Origin` equal to
 * this site (PUBLIC_URL, or the origin the request was made to), or
 * `Sec-Fetch-Site: same-origin`. Requests with the Bearer header need no check:
 * other sites cannot set it.
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers['sec-fetch-site'] === 'same-origin') return;
  const origin = request.headers.origin;
  if (origin && origin !== 'null' && siteOrigins(request, config).includes(origin.toLowerCase())) return;
  throw new HttpError(403, 'CROSS_SITE_REFUSED', CROSS_SITE_MESSAGE);
}

function siteOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [`${request.protocol}://${request.host}`.toLowerCase()];
  if (config.publicUrl) origins.push(new URL(config.publicUrl).origin.toLowerCase());
  return origins;
}

/**
 * The session cookie, set by the server on login and registration (the client also
 * mirrors the token into it, so it cannot be HttpOnly). SameSite=Lax keeps other
 * sites' sub-requests from carrying it; Secure whenever the request came over https.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(TOKEN_COOKIE_NAME, token, {
    path: '/',
    maxAge: SESSION_LIFETIME_SECONDS,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE_NAME, { path: '/', sameSite: 'lax' });
}
