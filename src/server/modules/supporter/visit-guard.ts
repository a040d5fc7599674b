import type { FastifyRequest } from 'fastify';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { isNonHumanVisit } from '../../lib/link-preview-bots.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { getSupporterEntry, type SupporterCache, type SupporterEntry } from './supporter.service.ts';

export interface CountableVisitor {
  id: string;
  network: string;
}

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
): CountableVisitor | undefined {
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

/** What a confirmation route counts with: the app's database, cache and config, and its own budget. */
export interface ConfirmationGuard {
  db: Db;
  cache: SupporterCache;
  config: Pick<Config, 'trustProxy'>;
  budget: ClickBudget;
}

/**
 * The guard of one confirmation route, made when the route is registered. Its budget
 * counts per client network (IPv4 address or IPv6 /64), never per proxy or per rotated
 * IPv6 address.
 */
export function confirmationGuard(
  deps: Pick<AppDeps, 'db' | 'supporterCache' | 'config'>,
): ConfirmationGuard {
  return { db: deps.db, cache: deps.supporterCache, config: deps.config, budget: new ClickBudget() };
}

/**
 * Counts a page confirmation when it may count: a countable visitor (above) of a
 * campaign the public can see; a team member's preview of a draft or archived one
 * counts nothing. The campaign is read through the supporter page's cache. A failure
 * is logged, never answered: the caller answers 204 counted or not, so the answer
 * tells a script nothing about which rule stopped it.
 */
export async function countConfirmation(
  request: FastifyRequest,
  guard: ConfirmationGuard,
  campaignId: number,
  what: string,
  count: (visitor: CountableVisitor, view: SupporterCampaign, entry: SupporterEntry) => Promise<unknown>,
): Promise<void> {
  const visitor = countableVisitor(request, guard.config, guard.budget);
  if (!visitor) return;
  try {
    const entry = await getSupporterEntry({ db: guard.db, cache: guard.cache, campaignId });
    if (entry.view && !entry.hidden) await count(visitor, entry.view, entry);
  } catch (err) {
    request.log.error({ err }, `${what} not recorded`);
  }
}
