import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

const HOST_PATTERN = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * The absolute origin for links in pages (og:url, og:image): PUBLIC_URL when set.
 * Otherwise the request's own protocol and host, but only for a host on the
 * ALLOWED_HOSTS list: the Host header (and X-Forwarded-Host) is the client's to
 * write, and a link preview must not point wherever a request said. For any other
 * host the origin is empty, so links stay relative.
 */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  const m = host ? HOST_PATTERN.exec(host) : null;
  if (!m) return '';
  const name = m[1].toLowerCase().replace(/^\[|\]$/g, '');
  return config.allowedHosts.includes(name) ? `${request.protocol}://${host}` : '';
}
