import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';

const HOST_PATTERN = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * The absolute origin for links in pages (og:url, og:image), in mail (password
 * resets, invitations, reminders) and in QR codes: PUBLIC_URL when set. Otherwise
 * the request's own protocol and host, but only for a host and port on the
 * ALLOWED_HOSTS list: the Host header (and X-Forwarded-Host) is the client's to
 * write, and a link must not point wherever a request said, nor to another port of
 * an allowed name (`localhost:6666` is somebody else's server). For any other host
 * the origin is empty: pages keep relative links, mail is not sent with such a link.
 */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  const m = host ? HOST_PATTERN.exec(host) : null;
  if (!m) return '';
  const name = m[1].toLowerCase().replace(/^\[|\]$/g, '');
  const port = m[2] ? Number(m[2].slice(1)) : undefined;
  return isAllowedHost(request, config, name, port) ? `${request.protocol}://${host}` : '';
}

/** An ALLOWED_HOSTS entry: `name`, `name:port`, an IPv6 address, or `[v6]:port`. */
function parseAllowedHost(entry: string): { name: string; port?: number } {
  const v6 = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(entry);
  if (v6) return { name: v6[1], port: v6[2] ? Number(v6[2]) : undefined };
  if ((entry.match(/:/g) ?? []).length > 1) return { name: entry };
  const [name, port] = entry.split(':');
  return { name, port: port ? Number(port) : undefined };
}

/**
 * An entry with a port allows that port only. An entry without one allows the
 * protocol's default port (no port in the Host) and the ports this server itself
 * listens on (PORT, and the port the connection reached, for PORT=0): never any other.
 */
function isAllowedHost(request: FastifyRequest, config: Config, name: string, port: number | undefined) {
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  const own = [defaultPort, config.port, request.socket?.localPort];
  return config.allowedHosts.some((entry) => {
    const allowed = parseAllowedHost(entry);
    if (allowed.name !== name) return false;
    if (allowed.port !== undefined) return port === allowed.port;
    return port === undefined || own.includes(port);
  });
}
