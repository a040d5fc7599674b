import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { isNonHumanVisit } from '../../lib/link-preview-bots.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';
import type { ClickBudget } from './click-budget.ts';

/**
 * The visitor a page confirmation (click-through or visit) may count for, or undefined:
 * only a visitor cookie this server issued (a client that never keeps cookies counts
 * nothing), a browser that is not a crawler or a prefetch, and within its network's
 * budget per minute (a script rotating forged cookies cannot add rows at will).
 * `network` is the client's IPv4 address or IPv6 /64 under TRUST_PROXY.
 */
export function countableVisitor(
  request: FastifyRequest,
  config: Pick<Config, 'trustProxy'>,
  budget: ClickBudget,
): { id: string; network: string } | undefined {
  const visitor = readVisitorCookie(request);
  const network = clientNetwork(request);
  if (
    visitor?.issued &&
    !isNonHumanVisit(request.headers) &&
    (isLocalRequest(request, config.trustProxy) || budget.take(network))
  )
    return { id: visitor.id, network };
  return undefined;
}
