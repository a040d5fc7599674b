import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The absolute origin for links in pages (og:url, og:image): PUBLIC_URL when set,
 * otherwise the request's own protocol and host. A malformed Host falls back to
 * localhost rather than echoing arbitrary text into the page.
 */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  return `${request.protocol}://${host && HOST_PATTERN.test(host) ? host : 'localhost'}`;
}
