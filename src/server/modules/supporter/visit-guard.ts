import type { FastifyRequest } from 'fastify';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { isNonHumanVisit } from '../../lib/link-preview-bots.ts';
import { anonymousSupporterId, readVisitorCookie, visitorCookieRefused } from '../../lib/supporter-id.ts';
import type { AppDeps } from '../../deps.ts';
import { ClickBudget } from './click-budget.ts';
import { getSupporterEntry, type SupporterCache, type SupporterEntry } from './supporter.service.ts';

export interface CountableVisitor {
  id: string;
  network: string;
  /** A browser refusing the visitor cookie: a one-off anonymous id, nothing shown can be attributed to it. */
  anonymous: boolean;
}

/**
 * The client network of a page confirmation that may count at all (as a click-through,
 * a visit, or an unconfirmed click-through), or undefined: a browser that is not a
 * crawler or a prefetch, within its network's budget per minute (a script rotating
 * forged cookies cannot add rows or writes at will). The network is the client's IPv4
 * address or IPv6 /64 under TRUST_PROXY.
 */
function budgetedNetwork(
  request: FastifyRequest,
  config: Pick<Config, 'trustProxy'>,
  budget: ClickBudget,
): string | undefined {
  if (isNonHumanVisit(request.headers)) return undefined;
  const network = clientNetwork(request);
  return isLocalRequest(request, config.trustProxy) || budget.take(network) ? network : undefined;
}

/**
 * The visitor a page confirmation may count for, or undefined: a visitor cookie this
 * server issued (a client that merely drops cookies counts nothing), or a browser that
 * refuses the cookie (Global Privacy Control, or its choice: docs/api.md "Privacy"),
 * counted under a one-off anonymous id; from a budgeted browser (above) either way.
 */
export function countableVisitor(
  request: FastifyRequest,
  config: Pick<Config, 'trustProxy'>,
  budget: ClickBudget,
): CountableVisitor | undefined {
  const visitor = readVisitorCookie(request);
  const anonymous = !visitor?.issued && visitorCookieRefused(request);
  if (!visitor?.issued && !anonymous) return undefined;
  const network = budgetedNetwork(request, config, budget);
  if (network === undefined) return undefined;
  return { id: visitor?.issued ? visitor.id : anonymousSupporterId(), network, anonymous };
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
 * Runs `count` for a campaign the public can see; a team member's preview of a draft
 * or archived one counts nothing. The campaign is read through the supporter page's
 * cache. A failure is logged, never answered: the caller answers 204 counted or not,
 * so the answer tells a script nothing about which rule stopped it.
 */
async function countOnPublicCampaign(
  request: FastifyRequest,
  guard: ConfirmationGuard,
  campaignId: number,
  what: string,
  count: (view: SupporterCampaign, entry: SupporterEntry) => Promise<unknown>,
): Promise<void> {
  try {
    const entry = await getSupporterEntry({ db: guard.db, cache: guard.cache, campaignId });
    if (entry.view && !entry.hidden) await count(entry.view, entry);
  } catch (err) {
    request.log.error({ err }, `${what} not recorded`);
  }
}

/** Counts a page confirmation of a countable visitor (above) of a campaign the public can see. */
export async function countConfirmation(
  request: FastifyRequest,
  guard: ConfirmationGuard,
  campaignId: number,
  what: string,
  count: (visitor: CountableVisitor, view: SupporterCampaign, entry: SupporterEntry) => Promise<unknown>,
): Promise<void> {
  const visitor = countableVisitor(request, guard.config, guard.budget);
  if (!visitor) return;
  await countOnPublicCampaign(request, guard, campaignId, what, (view, entry) => count(visitor, view, entry));
}

/** Who sent a click-through confirmation: the visitor id of an issued cookie, if any, and the network. */
export interface ClickCaller {
  visitorId: string | undefined;
  network: string;
}

/**
 * Counts a click-through confirmation of a campaign the public can see, from any
 * budgeted browser: with an issued visitor cookie it may prove a visit (with its
 * token), without one it can only be counted as unconfirmed.
 */
export async function countClickConfirmation(
  request: FastifyRequest,
  guard: ConfirmationGuard,
  campaignId: number,
  count: (caller: ClickCaller) => Promise<unknown>,
): Promise<void> {
  const network = budgetedNetwork(request, guard.config, guard.budget);
  if (network === undefined) return;
  const visitor = readVisitorCookie(request);
  const caller = { visitorId: visitor?.issued ? visitor.id : undefined, network };
  await countOnPublicCampaign(request, guard, campaignId, 'click-through', () => count(caller));
}
