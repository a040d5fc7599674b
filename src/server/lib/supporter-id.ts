import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SUPPORTER_COOKIE_NAME } from '#shared/constants.ts';

// The anonymous first-party supporter id (API.md "Stats"): a random cookie, never
// personal data. It recognises a supporter across visits (My Impact, unique
// supporters) and a visitor across click-throughs.
//
// The cookie carries `{id}.{tag}`, the tag a keyed hash of the id, so the server can
// tell an id it issued from a made-up one: only issued ids confirm click-throughs.
// The server tags only ids it made itself: a bare id or one with a wrong tag (made up,
// or from before the tag) is replaced by a fresh id, never signed back, or a client
// could choose its id and have it certified.

export const SUPPORTER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SUPPORTER_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const TAG_LENGTH = 22;

declare module 'fastify' {
  interface FastifyInstance {
    /** Key of the visitor cookie tags; the same on every instance (stored in the database). */
    visitorCookieKey: Buffer;
  }
}

const ID_BYTES = 18;
/** Random bytes drawn 256 ids at a time: one call into the CSPRNG per 256 new visitors. */
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 18 random bytes: 24 base64url characters. */
export function newSupporterId(): string {
  if (poolOffset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const id = pool.toString('base64url', poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return id;
}

export const visitorTag = (key: Buffer, id: string): string =>
  createHmac('sha256', key).update(id).digest('base64url').slice(0, TAG_LENGTH);

/** The cookie value for an id: `{id}.{tag}`. */
export const signedVisitorCookie = (key: Buffer, id: string): string => `${id}.${visitorTag(key, id)}`;

export interface VisitorCookie {
  id: string;
  /** True when the tag proves this server issued the id. */
  issued: boolean;
}

/** Parses the cookie: undefined when absent or not one of ours. */
export function readVisitorCookie(request: FastifyRequest): VisitorCookie | undefined {
  const value = request.cookies?.[SUPPORTER_COOKIE_NAME];
  if (!value) return undefined;
  const dot = value.indexOf('.');
  const id = dot === -1 ? value : value.slice(0, dot);
  if (!SUPPORTER_ID_PATTERN.test(id)) return undefined;
  if (dot === -1) return { id, issued: false };
  return { id, issued: tagIsOurs(request.server.visitorCookieKey, value, id, value.slice(dot + 1)) };
}

/**
 * Cookies whose tag was checked, per key: a returning supporter sends the same cookie
 * on every read, and its HMAC was most of the hot path's own work. Only verified
 * values are kept (a flood of made-up cookies cannot fill it with anything but
 * misses), and the set starts over when full.
 */
const verified = new WeakMap<Buffer, Set<string>>();
const VERIFIED_MAX = 50_000;

function tagIsOurs(key: Buffer, value: string, id: string, tagText: string): boolean {
  let known = verified.get(key);
  if (known?.has(value)) return true;
  const tag = Buffer.from(tagText);
  const expected = Buffer.from(visitorTag(key, id));
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return false;
  if (!known) {
    known = new Set();
    verified.set(key, known);
  } else if (known.size >= VERIFIED_MAX) known.clear();
  known.add(value);
  return true;
}

/** The caller's supporter id, or undefined when the cookie is absent or not one of ours. */
export function readSupporterId(request: FastifyRequest): string | undefined {
  return readVisitorCookie(request)?.id;
}

function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  reply.setCookie(SUPPORTER_COOKIE_NAME, signedVisitorCookie(request.server.visitorCookieKey, id), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SUPPORTER_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * The visitor id of a page shown in another site's iframe (the share card). There a
 * SameSite=Lax cookie is neither sent nor stored, so a card framed cross-site gets a
 * partitioned cookie instead (SameSite=None; Secure; Partitioned, CHIPS): the browser
 * keeps it for this embedding site only, so the card's shares on one site count as
 * one supporter there without tracking anyone across sites. A browser that refuses
 * third-party cookies altogether gets none, and each of its shares counts a new
 * supporter. Same-site or top-level, it is the supporter page's cookie. Returns the
 * visitor id the card's shares will carry (its variant choice is made for it).
 */
export function ensureFramedSupporterId(request: FastifyRequest, reply: FastifyReply): string {
  const crossSiteFrame =
    request.headers['sec-fetch-dest'] === 'iframe' && request.headers['sec-fetch-site'] === 'cross-site';
  if (!crossSiteFrame) return ensureSupporterId(request, reply).supporterId;
  const existing = readVisitorCookie(request);
  if (existing?.issued) return existing.id;
  const id = newSupporterId();
  reply.setCookie(SUPPORTER_COOKIE_NAME, signedVisitorCookie(request.server.visitorCookieKey, id), {
    path: '/',
    httpOnly: true,
    sameSite: 'none',
    // Required with SameSite=None; browsers accept it from http://localhost as well.
    secure: true,
    partitioned: true,
    maxAge: SUPPORTER_COOKIE_MAX_AGE_SECONDS,
  });
  return id;
}

/**
 * The caller's supporter id, issuing a fresh cookie in this response when there is
 * none that this server made. `issued` tells the caller the visitor is new (so it has
 * no history yet).
 */
export function ensureSupporterId(
  request: FastifyRequest,
  reply: FastifyReply,
): { supporterId: string; issued: boolean } {
  const existing = readVisitorCookie(request);
  if (existing?.issued) return { supporterId: existing.id, issued: false };
  const supporterId = newSupporterId();
  setVisitorCookie(request, reply, supporterId);
  return { supporterId, issued: true };
}
