import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NO_VISITOR_COOKIE_NAME, SUPPORTER_COOKIE_NAME } from '#shared/constants.ts';
import type { VisitorCookieState } from '#shared/privacy-notice.ts';
import { ANONYMOUS_PREFIX } from '../db/personal-data.ts';

// The anonymous first-party supporter id (API.md "Stats"): a random cookie, never
// personal data. It recognises a supporter across visits (My Impact, unique
// supporters) and a visitor across click-throughs.
//
// The cookie carries `{id}.{tag}`, the tag a keyed hash of the id, so the server can
// tell an id it issued from a made-up one: only issued ids confirm click-throughs.
// The server tags only ids it made itself: a bare id or one with a wrong tag (made up,
// or from before the tag) is replaced by a fresh id, never signed back, or a client
// could choose its id and have it certified.
//
// A browser that sends `Sec-GPC: 1` (Global Privacy Control), or that chose to share
// without the cookie (the `rally_nosid=1` preference, which holds no id), gets no
// visitor cookie, and one it still carries is cleared and ignored. Its shares are
// stored under no visitor id (shareSupporterId): each counts as a share, none as one
// more supporter. Its visits are written with a fresh anonymous id each (`anon:...`,
// the registry's mark of a value that links to nothing): each page load counts, and
// none can be joined up with another.

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

/**
 * Whether this browser is to get no visitor cookie: Global Privacy Control, or the
 * supporter's own choice. Two property reads: it runs on every supporter request.
 */
export function visitorCookieRefused(request: FastifyRequest): boolean {
  return request.headers['sec-gpc'] === '1' || request.cookies?.[NO_VISITOR_COOKIE_NAME] === '1';
}

/** What the notice says of this browser: Global Privacy Control wins over its own choice. */
export function visitorCookieState(request: FastifyRequest): VisitorCookieState {
  if (request.headers['sec-gpc'] === '1') return 'gpc';
  return request.cookies?.[NO_VISITOR_COOKIE_NAME] === '1' ? 'choice' : 'cookie';
}

/** A one-off id for a refused browser's rows: no cookie can carry it (the `:`), nothing else holds it. */
export const anonymousSupporterId = (): string => `${ANONYMOUS_PREFIX}${newSupporterId()}`;

/** Parses the cookie: undefined when absent, not one of ours, or refused (above). */
export function readVisitorCookie(request: FastifyRequest): VisitorCookie | undefined {
  return visitorCookieRefused(request) ? undefined : parseVisitorCookie(request);
}

/**
 * The id of a visitor cookie this server issued, whatever the browser's choice: a
 * supporter who turned on Global Privacy Control, or chose to share without the
 * cookie, can still read and erase what the cookie they still carry names (My data).
 * Only for that: everywhere else a refused browser's cookie is ignored (above).
 */
export function issuedVisitorId(request: FastifyRequest): string | undefined {
  const visitor = parseVisitorCookie(request);
  return visitor?.issued ? visitor.id : undefined;
}

function parseVisitorCookie(request: FastifyRequest): VisitorCookie | undefined {
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

// The attributes of the supporter page's cookies, made once: they are set on every
// first visit (the hot path), where a fresh object spread per request cost as much as
// the rest of the cookie's work (docs/decisions/0026-hot-path-hooks.md).
const FIRST_PARTY = { path: '/', sameSite: 'lax', secure: false } as const;
const FIRST_PARTY_HTTPS = { ...FIRST_PARTY, secure: true } as const;
// Secure is required with SameSite=None; browsers accept it from http://localhost as well.
const FRAMED = { path: '/', sameSite: 'none', secure: true, partitioned: true } as const;
const VISITOR = { httpOnly: true, maxAge: SUPPORTER_COOKIE_MAX_AGE_SECONDS } as const;
const VISITOR_COOKIE = {
  http: { ...FIRST_PARTY, ...VISITOR },
  https: { ...FIRST_PARTY_HTTPS, ...VISITOR },
  framed: { ...FRAMED, ...VISITOR },
} as const;

const cookieKind = (request: FastifyRequest, framed: boolean) =>
  framed ? 'framed' : request.protocol === 'https' ? 'https' : 'http';

/** The attributes of a first-party cookie of the supporter page; `framed` is the card's partitioned one. */
export function supporterCookieOptions(request: FastifyRequest, framed: boolean) {
  return framed ? FRAMED : request.protocol === 'https' ? FIRST_PARTY_HTTPS : FIRST_PARTY;
}

function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, id: string, framed = false): void {
  reply.setCookie(
    SUPPORTER_COOKIE_NAME,
    signedVisitorCookie(request.server.visitorCookieKey, id),
    VISITOR_COOKIE[cookieKind(request, framed)],
  );
}

/** Removes the visitor cookie (in the card's partition when `framed`). */
export function clearVisitorCookie(request: FastifyRequest, reply: FastifyReply, framed = false): void {
  reply.clearCookie(SUPPORTER_COOKIE_NAME, { ...supporterCookieOptions(request, framed), httpOnly: true });
}

/** What a supporter response carries for its visitor. */
export interface SupporterIdentity {
  supporterId: string;
  /** The visitor is new: no history yet (always, for a refused browser). */
  issued: boolean;
  /** The response sets or clears a cookie: a shared cache must not keep it (Cache-Control: private). */
  setsCookie: boolean;
  /** A refused browser's one-off id (no cookie: nothing can prove it later). */
  anonymous: boolean;
}

/**
 * The supporter a share row is stored under: none for a refused browser. Its share is
 * one share of no supporter the product can tell apart, so it counts in the shares and
 * never as one more distinct supporter (the rollups count supporters by this column).
 */
export const shareSupporterId = (identity: SupporterIdentity): string | null =>
  identity.anonymous ? null : identity.supporterId;

/** A refused browser's identity: a one-off anonymous id; a visitor cookie it still sends is cleared. */
function anonymousIdentity(request: FastifyRequest, reply: FastifyReply, framed: boolean): SupporterIdentity {
  const carried = request.cookies?.[SUPPORTER_COOKIE_NAME] !== undefined;
  if (carried) clearVisitorCookie(request, reply, framed);
  return { supporterId: anonymousSupporterId(), issued: true, setsCookie: carried, anonymous: true };
}

/**
 * A supporter's choice (PUT /api/supporter/cookie-choice). Without the cookie: the
 * preference `rally_nosid=1` (no id, the same for everyone; readable by the page's
 * script, kept a year) and the visitor cookie removed. With it: the preference removed;
 * the next supporter response issues a fresh visitor cookie (not the old id: it is gone).
 */
export function setVisitorCookieChoice(
  request: FastifyRequest,
  reply: FastifyReply,
  choice: { visitorCookie: boolean; framed?: boolean },
): void {
  const framed = choice.framed === true;
  const options = supporterCookieOptions(request, framed);
  if (choice.visitorCookie) {
    reply.clearCookie(NO_VISITOR_COOKIE_NAME, options);
    return;
  }
  reply.setCookie(NO_VISITOR_COOKIE_NAME, '1', { ...options, maxAge: SUPPORTER_COOKIE_MAX_AGE_SECONDS });
  clearVisitorCookie(request, reply, framed);
}

/**
 * The Cache-Control of a supporter read: `base`, made private when the response sets or
 * clears a cookie (a shared cache must never hand it to another browser) or is a refused
 * browser's (its page says so). The public answers are `no-cache`, so a shared cache
 * asks the server every time, which sees the browser's own `Sec-GPC` and cookies.
 */
export const supporterCacheControl = (identity: SupporterIdentity, base: string): string =>
  identity.setsCookie || identity.anonymous ? `private, ${base}` : base;

/**
 * The visitor id of a page shown in another site's iframe (the share card). There a
 * SameSite=Lax cookie is neither sent nor stored, so a card framed cross-site gets a
 * partitioned cookie instead (SameSite=None; Secure; Partitioned, CHIPS): the browser
 * keeps it for this embedding site only, so the card's shares on one site count as
 * one supporter there without tracking anyone across sites. A browser that refuses
 * third-party cookies altogether gets none, and each of its shares counts a new
 * supporter. Same-site or top-level, it is the supporter page's cookie. A refused
 * browser (Global Privacy Control, or its choice) gets none in either. Returns the
 * visitor id the card's shares will carry (its variant choice is made for it).
 */
export const ensureFramedSupporterId = (request: FastifyRequest, reply: FastifyReply): SupporterIdentity =>
  ensureIdentity(request, reply, isCrossSiteFrame(request));

/** A page loaded in another site's iframe: its cookies are that site's partition's. */
export const isCrossSiteFrame = (request: FastifyRequest): boolean =>
  request.headers['sec-fetch-dest'] === 'iframe' && request.headers['sec-fetch-site'] === 'cross-site';

/**
 * The caller's supporter id, issuing a fresh cookie in this response when there is
 * none that this server made; for a refused browser a one-off anonymous id and no
 * cookie. `issued` tells the caller the visitor is new (so it has no history yet).
 */
export const ensureSupporterId = (request: FastifyRequest, reply: FastifyReply): SupporterIdentity =>
  ensureIdentity(request, reply, false);

function ensureIdentity(request: FastifyRequest, reply: FastifyReply, framed: boolean): SupporterIdentity {
  if (visitorCookieRefused(request)) return anonymousIdentity(request, reply, framed);
  const existing = parseVisitorCookie(request);
  if (existing?.issued)
    return { supporterId: existing.id, issued: false, setsCookie: false, anonymous: false };
  const supporterId = newSupporterId();
  setVisitorCookie(request, reply, supporterId, framed);
  return { supporterId, issued: true, setsCookie: true, anonymous: false };
}
