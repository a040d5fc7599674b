import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP allows what the app needs and nothing more: our own
 * scripts, inline styles (measured: opening a Radix dialog injects a <style> element
 * for its scroll lock, which `style-src 'self'` blocks; style attributes set from
 * script are not affected), images and video
 * from any https origin (asset content is a URL an organisation chose), and
 * blob:/data: for previews of picked files.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The app runs on plain http on a laptop too; HSTS is the TLS terminator's job.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, (err) => {
    if (err) throw err;
  });
  return headers;
}

const NOT_FRAMABLE = "frame-ancestors 'none'";
let appCsp: string | undefined;

/**
 * The CSP of a page that the listed origins may frame (the embeddable share card):
 * the app's policy with only `frame-ancestors` changed ('none' for an empty list).
 * The origins are canonical (normalizeEmbedOrigin), so none can add a directive.
 */
export function framableCsp(origins: readonly string[]): string {
  appCsp ??= computeSecurityHeaders(HELMET_OPTIONS)['content-security-policy'];
  if (origins.length === 0) return appCsp;
  return appCsp.replace(NOT_FRAMABLE, `frame-ancestors ${origins.join(' ')}`);
}

/**
 * The CSP of the staff's preview of a change waiting for review (`/supporter/:id?review=1`):
 * framed by the review screen at a phone's size, so this origin alone may frame it.
 * Helmet's X-Frame-Options (SAMEORIGIN) agrees; no other origin is let in.
 */
export const sameOriginFramableCsp = (): string => framableCsp(["'self'"]);

/**
 * Helmet's headers on every response. They depend on nothing in the request (no
 * nonces), so they are computed once at start-up: @fastify/helmet rebuilds them on
 * every request, which doubled the cost of the cheapest routes. Handlers can still
 * override any of them with reply.header().
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = computeSecurityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
