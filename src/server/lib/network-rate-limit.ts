import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { clientNetwork, isLocalRequest } from './client-address.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Registers @fastify/rate-limit inside the calling module (so it covers only that
 * module's routes that set `config.rateLimit`), keyed like every address-keyed limit:
 * the client's network (an IPv4 address, an IPv6 /64), with this machine exempt.
 * `refusal` words the 429 from the wait @fastify/rate-limit reports ("1 minute").
 */
export async function registerNetworkRateLimit(
  app: FastifyInstance,
  config: Config,
  refusal: (after: string) => string = (after) => `Too many requests. Please try again in ${after}.`,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    allowList: (request) => isLocalRequest(request, config.trustProxy),
    keyGenerator: clientNetwork,
    // The same whole seconds as the plugin's own Retry-After, in the header and in `params`.
    errorResponseBuilder: (_request, ctx) => tooManyRequests(refusal(ctx.after), ctx.ttl, 'network'),
  });
}
