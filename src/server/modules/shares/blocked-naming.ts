import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { HttpError, tooManyRequests } from '../../lib/errors.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';

// Each answer that names a blocked word (the message check's `blocked`, a share or a
// schedule refused with BLOCKED_WORD) tells the caller entries of the organisation's
// list, so it is what a probe of the list is after (docs/api.md "Blocked words",
// docs/decisions/0033). Answers that name nothing are free; naming ones are counted per
// signed visitor and client network together (a person with their cookie) and per
// client network alone (a script minting fresh cookies), in the database beside the
// login attempts, so every instance shares the counts. A supporter who meets a blocked
// word edits it after a check or two; past either budget the caller gets 429.

/** Naming answers per visitor (signed cookie and network) in a window. */
export const BLOCKED_NAMINGS_PER_VISITOR = 20;
/** Naming answers per client network (IPv4 address, IPv6 /64) in a window: carrier NAT shares one. */
export const BLOCKED_NAMINGS_PER_NETWORK = 60;
/** The fixed window of both counts (shorter than the login window, whose pruning forgets them). */
export const BLOCKED_NAMING_WINDOW_MS = 10 * 60_000;

export const BLOCKED_NAMING_SPENT =
  'Too many messages with blocked words from this browser. Please edit your message and try again later.';

interface NamingCheck {
  db: Db;
  config: Pick<Config, 'trustProxy'>;
  request: FastifyRequest;
}

/** Spends one naming answer of the caller's budgets; 429 with Retry-After past either. */
export async function spendBlockedNaming({ db, config, request }: NamingCheck): Promise<void> {
  if (isLocalRequest(request, config.trustProxy)) return;
  const network = clientNetwork(request);
  const visitor = readVisitorCookie(request);
  // Only an id this server signed is a visitor; without one the network's key is the only one.
  const who = visitor?.issued ? visitor.id : '';
  const visitorKey = `blocked-names:${createHash('sha256').update(`${who} ${network}`).digest('base64url')}`;
  const windowMs = BLOCKED_NAMING_WINDOW_MS;
  const mine = await countInWindow(db, visitorKey, { windowMs, sliding: false });
  const theirs = await countInWindow(db, `blocked-names-net:${network}`, { windowMs, sliding: false });
  const spent = [
    mine.count > BLOCKED_NAMINGS_PER_VISITOR && mine,
    theirs.count > BLOCKED_NAMINGS_PER_NETWORK && theirs,
  ].filter((w) => w !== false);
  if (spent.length === 0) return;
  const until = Math.max(...spent.map((w) => Date.parse(w.windowStart) + windowMs));
  throw tooManyRequests(BLOCKED_NAMING_SPENT, until - Date.now(), 'network');
}

/** `work`, with a BLOCKED_WORD refusal it throws spending a naming answer first (429 past the budget). */
export async function namingBlockedWords<T>(check: NamingCheck, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.code === 'BLOCKED_WORD') await spendBlockedNaming(check);
    throw err;
  }
}
