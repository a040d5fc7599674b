import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config/env.ts';
import { isLoopback } from './loopback.ts';
import { networkKey } from './network-key.ts';

/**
 * TRUST_PROXY as Fastify's option. A hop count becomes proxy-addr's function form
 * (the socket peer and the n-1 hops before it are proxies; the next address is the
 * client): Fastify's own numeric form trusts no header at all.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') {
    const hops = trust;
    return (_address, hop) => hop < hops;
  }
  return trust;
}

/** The client's network (see networkKey), from the address Fastify derived under TRUST_PROXY. */
export const clientNetwork = (request: FastifyRequest): string => networkKey(request.ip);

/**
 * True for requests from this machine itself, which the abuse limits exempt (local
 * tooling, test runs, a same-host proxy while TRUST_PROXY is unset). Decided from the
 * socket, which TCP cannot spoof: `request.ip` would be the forwarded address once
 * proxies are trusted, and a client can write `X-Forwarded-For: 127.0.0.1` itself.
 * While any forwarding header is trusted, a request that carries one is never exempt:
 * the client behind the proxy is somebody else.
 */
export function isLocalRequest(request: FastifyRequest, trustProxy: TrustProxy): boolean {
  const socketAddress = request.socket?.remoteAddress ?? '';
  if (!isLoopback(socketAddress)) return false;
  if (trustProxy === false) return true;
  return request.headers['x-forwarded-for'] === undefined;
}
