import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from './errors.ts';
import { type CodeWithParams, type ErrorCode, FILE_TOO_LARGE } from '#shared/errors.ts';

// Server-side fetch of a URL a user typed (upload-from-url), guarded against
// SSRF: only http(s); every address the host resolves to must be public unicast;
// the connection goes to the address that was checked (no second DNS answer can
// swap it: DNS rebinding); each redirect is checked again; time and size are capped.

export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_REDIRECTS = 3;
/** A name that has not resolved by then is refused: a slow DNS server cannot hold a request open. */
export const DNS_TIMEOUT_MS = 3000;

/**
 * Returns why an address must not be fetched, or null when it may be. Gets the URL
 * too, so a test policy can let exactly one local test server through.
 */
export type AddressPolicy = (address: string, url?: URL) => string | null;

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  ipv4Mapped: 'an IPv4-mapped address',
};

/**
 * The default policy. Accepts any spelling ipaddr.js parses (dotted, decimal
 * 2130706433, hex 0x7f000001, octal, short 127.1, IPv6 with or without brackets)
 * and allows only what it classifies as plain unicast: loopback, private,
 * link-local, multicast, unspecified, CGNAT, reserved, documentation, NAT64,
 * 6to4, Teredo and IPv4-mapped/compatible IPv6 are all refused.
 */
export const refusePrivateAddress: AddressPolicy = (raw) => {
  const text = raw.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return 'not an IP address';
  const addr = ipaddr.parse(text);
  const range = addr.range();
  if (addr.kind() === 'ipv6') {
    const parts = (addr as ipaddr.IPv6).parts;
    // ::/96 embeds an IPv4 address ("IPv4-compatible"); nothing public lives there.
    if (range !== 'unspecified' && range !== 'loopback' && parts.slice(0, 6).every((p) => p === 0))
      return 'an IPv4-compatible address';
  }
  if (range === 'unicast') return null;
  return RANGE_NAMES[range] ?? `a reserved address (${range})`;
};

export const allowAnyAddress: AddressPolicy = () => null;

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Defaults to refusePrivateAddress; `allowAnyAddress` only when the operator opts in. */
  policy?: AddressPolicy;
}

export interface FetchedBody {
  bytes: Buffer;
  /** The URL that finally answered, after redirects. */
  url: string;
}

const fail = (status: number, code: Exclude<ErrorCode, CodeWithParams>, message: string) =>
  new HttpError(status, code, message);

/** Why a URL was refused before anything was sent, for a caller that words it itself (the webhook log). */
export type FetchRefusal =
  | { kind: 'invalid_url' }
  | { kind: 'protocol_not_allowed'; protocol: string }
  | { kind: 'credentials_in_url' }
  | { kind: 'host_not_resolved'; host: string }
  | { kind: 'address_refused'; host: string; address: string };

/** A refused URL: the same 400 `URL_FETCH_FAILED` as ever, its reason kept beside (never in a body). */
export class FetchRefused extends HttpError<'URL_FETCH_FAILED'> {
  constructor(
    message: string,
    readonly refusal: FetchRefusal,
  ) {
    super(400, 'URL_FETCH_FAILED', message);
  }
}
const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE, { params: { maxBytes } });

function parseHttpUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchRefused('Please enter a valid http:// or https:// URL', { kind: 'invalid_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(`Only http:// and https:// URLs can be fetched (got ${url.protocol})`, {
      kind: 'protocol_not_allowed',
      protocol: url.protocol,
    });
  if (url.username || url.password)
    throw new FetchRefused('URLs with a user name or password cannot be fetched', {
      kind: 'credentials_in_url',
    });
  return url;
}

const unresolved = (host: string) =>
  new FetchRefused(`Could not resolve the host ${host}`, { kind: 'host_not_resolved', host });

/** Resolves the host and checks every address; returns the one to connect to. */
async function resolveChecked(
  url: URL,
  policy: AddressPolicy,
  lookupTimeoutMs = DNS_TIMEOUT_MS,
): Promise<{ address: string; family: 4 | 6 }> {
  // The WHATWG parser has already normalised numeric IPv4 spellings to dotted form.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await lookupWithin(host, lookupTimeoutMs);
    } catch {
      throw unresolved(host);
    }
    if (addresses.length === 0) throw unresolved(host);
  }
  for (const { address } of addresses) {
    const reason = policy(address, url);
    if (reason)
      throw new FetchRefused(
        `Refusing to fetch ${url.hostname}: it points to ${reason} (${address}). Only public addresses can be fetched.`,
        { kind: 'address_refused', host: url.hostname, address },
      );
  }
  // Prefer IPv4: many hosts that resolve to both have no IPv6 route.
  const chosen = addresses.find((a) => a.family === 4) ?? addresses[0];
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** dns.lookup, given up on (refused as unresolvable) after `ms`. */
async function lookupWithin(host: string, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), ms);
  });
  try {
    return await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const FETCH_HEADERS = { 'user-agent': 'RallyFetcher/1.0', accept: 'image/*,video/*;q=0.9,*/*;q=0.1' };

function request(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  signal: AbortSignal,
  send: { method: string; headers: Record<string, string | number>; body?: Buffer; agent?: http.Agent } = {
    method: 'GET',
    headers: FETCH_HEADERS,
  },
) {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = mod.request(url, {
      method: send.method,
      agent: send.agent ?? false,
      signal,
      headers: send.headers,
      // Connect to the address that was checked, whatever DNS says now. The TLS
      // name (SNI, certificate check) stays the URL's host name.
      lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
        if (options?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
        else cb(null, pinned.address, pinned.family);
      }) as unknown as typeof dns.lookup,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(send.body);
  });
}

async function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    total += chunk.length;
    if (total > maxBytes) {
      res.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<FetchedBody> {
  const policy = opts.policy ?? refusePrivateAddress;
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
  const { signal } = controller;
  try {
    let url = parseHttpUrl(rawUrl);
    for (let redirects = 0; ; redirects++) {
      const pinned = await withAbort(resolveChecked(url, policy), signal);
      const res = await request(url, pinned, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (redirects >= maxRedirects)
          throw fail(400, 'URL_FETCH_FAILED', `Too many redirects: at most ${maxRedirects} are followed`);
        url = parseHttpUrl(res.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw fail(400, 'URL_FETCH_FAILED', `Could not download from URL: the server answered ${status}`);
      }
      return { bytes: await readCapped(res, opts.maxBytes), url: url.href };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (signal.aborted)
      throw fail(
        504,
        'URL_FETCH_FAILED',
        `Could not download from URL: no complete answer within ${timeoutMs / 1000} s`,
      );
    const code = (err as { code?: string }).code;
    throw fail(400, 'URL_FETCH_FAILED', `Could not download from URL${code ? ` (${code})` : ''}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/**
 * Checks a URL the server will send to on someone's behalf (a push endpoint): its
 * scheme must be one of `protocols`, and every address its host resolves to must pass
 * `policy`, as for upload-from-url. 400 with the reason otherwise.
 */
export async function checkDestination(
  rawUrl: string,
  opts: { protocols: string[]; policy?: AddressPolicy; lookupTimeoutMs?: number },
): Promise<void> {
  await resolveChecked(
    withProtocol(rawUrl, opts.protocols),
    opts.policy ?? refusePrivateAddress,
    opts.lookupTimeoutMs,
  );
}

function withProtocol(rawUrl: string, protocols: string[]): URL {
  const url = parseHttpUrl(rawUrl);
  if (!protocols.includes(url.protocol))
    throw new FetchRefused(
      `Only ${protocols.map((p) => `${p}//`).join(' and ')} URLs are allowed (got ${url.protocol})`,
      { kind: 'protocol_not_allowed', protocol: url.protocol },
    );
  return url;
}

/** What a guarded POST got back. */
export interface PostAnswer {
  status: number;
  /** The start of the answer's body (`excerptBytes` of it, as UTF-8 text); '' when not asked for. */
  excerpt: string;
  /** From the start (the address check included) to the end of the excerpt read. */
  durationMs: number;
}

/**
 * POSTs `body` to a URL checked like `checkDestination` (again now: DNS may have
 * changed since), connecting to the checked address; redirects are not followed.
 * Resolves with the status (and, with `excerptBytes`, the start of the answer's body
 * and the time it took); rejects on a refused address (400), a network error or the
 * timeout, which covers reading the excerpt too.
 */
export async function safePost(
  rawUrl: string,
  opts: {
    protocols: string[];
    policy?: AddressPolicy;
    headers: Record<string, string | number>;
    body: Buffer;
    timeoutMs?: number;
    /** Bytes of the answer's body to read and return (0: none, the body is drained unread). */
    excerptBytes?: number;
    /** Keep the connection for the next post to the same origin and checked address (keptAgent). */
    keepAlive?: boolean;
  },
): Promise<PostAnswer> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  let done = false;
  try {
    const url = withProtocol(rawUrl, opts.protocols);
    const pinned = await withAbort(
      resolveChecked(url, opts.policy ?? refusePrivateAddress),
      controller.signal,
    );
    const res = await request(url, pinned, controller.signal, {
      method: 'POST',
      headers: opts.headers,
      body: opts.body,
      agent: opts.keepAlive ? keptAgent(url, pinned) : undefined,
    });
    let excerpt = '';
    if (opts.keepAlive) {
      // The connection is kept only once the answer is read to its end; a long one is cut.
      const whole = await withAbort(readStart(res, KEPT_ANSWER_BYTES, false), controller.signal);
      excerpt = whole.subarray(0, opts.excerptBytes ?? 0).toString('utf8');
      done = res.complete;
    } else if (opts.excerptBytes) {
      excerpt = (await withAbort(readStart(res, opts.excerptBytes, true), controller.signal)).toString(
        'utf8',
      );
    } else res.resume();
    return { status: res.statusCode ?? 0, excerpt, durationMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
    // Whatever is still open goes: but a kept connection whose answer was read stays in its pool.
    if (!done) controller.abort();
  }
}

/** An answer longer than this is not read to its end: its connection is closed instead of kept. */
export const KEPT_ANSWER_BYTES = 64 * 1024;
/** Kept connection pools at most (one per origin and checked address), least recently used closed first. */
export const KEPT_AGENTS_MAX = 100;
/** A kept connection unused this long is closed. */
export const KEPT_IDLE_MS = 15_000;
const keptAgents = new Map<string, http.Agent>();

/**
 * The keep-alive pool for `url`'s origin at the address checked for this post. Keyed
 * by the address too: when DNS answers another one, the new address is checked (as
 * for every post) and gets connections of its own, so a kept connection only ever
 * goes where a check let it. Not one socket per pool: endpoints of many organisations
 * can share a host (an automation service), and the sender already keeps each
 * endpoint to one post at a time, so a pool must not make them wait on each other.
 */
function keptAgent(url: URL, pinned: { address: string }): http.Agent {
  const key = `${url.protocol}//${url.host} ${pinned.address}`;
  let agent = keptAgents.get(key);
  if (agent) keptAgents.delete(key);
  else {
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    agent = new Agent({ keepAlive: true, maxFreeSockets: 4, timeout: KEPT_IDLE_MS });
  }
  keptAgents.set(key, agent);
  if (keptAgents.size > KEPT_AGENTS_MAX) {
    const [oldest, old] = keptAgents.entries().next().value as [string, http.Agent];
    keptAgents.delete(oldest);
    old.destroy();
  }
  return agent;
}

/**
 * The first `maxBytes` of a body; past them the rest is not waited for. `destroy`:
 * the answer is closed in any case (else only when it was cut, so an answer read to
 * its end leaves its connection free for the next request).
 */
async function readStart(res: http.IncomingMessage, maxBytes: number, destroy: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= maxBytes) break;
  }
  if (destroy || !res.complete) res.destroy();
  // A character cut at the end decodes as U+FFFD; the caller trims to characters.
  return Buffer.concat(chunks, total).subarray(0, maxBytes);
}
