import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SUPPORTER_COOKIE_NAME } from '#shared/constants.ts';

// The anonymous first-party supporter id (API.md "Stats"): a random cookie, never
// personal data. It recognises a supporter across visits (My Impact, unique
// supporters) and a visitor across click-throughs.

export const SUPPORTER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SUPPORTER_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** 18 random bytes: 24 base64url characters. */
export const newSupporterId = (): string => randomBytes(18).toString('base64url');

/** The caller's supporter id, or undefined when the cookie is absent or not one of ours. */
export function readSupporterId(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SUPPORTER_COOKIE_NAME];
  return value && SUPPORTER_ID_PATTERN.test(value) ? value : undefined;
}

/**
 * The caller's supporter id, issuing a fresh cookie in this response when there is
 * none. `issued` tells the caller the visitor is new (so it has no history yet).
 */
export function ensureSupporterId(
  request: FastifyRequest,
  reply: FastifyReply,
): { supporterId: string; issued: boolean } {
  const existing = readSupporterId(request);
  if (existing) return { supporterId: existing, issued: false };
  const supporterId = newSupporterId();
  reply.setCookie(SUPPORTER_COOKIE_NAME, supporterId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SUPPORTER_COOKIE_MAX_AGE_SECONDS,
  });
  return { supporterId, issued: true };
}
