import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { clientNetwork, isLocalRequest } from '../../lib/client-address.ts';
import { HttpError, tooManyRequests } from '../../lib/errors.ts';
import { readVisitorCookie } from '../../lib/supporter-id.ts';

// Each answer that names a blocked word (the message check's `blocked`, a share, a
// schedule or a display name refused with BLOCKED_WORD) tells the caller entries of the
// organisation's list, so it is what a probe of the list is after (docs/api.md "Blocked
// words", docs/decisions/0033). Answers that name nothing are free; naming ones are
// counted per signed visitor and client network together (a person with their cookie)
// and per client network alone (a script minting fresh cookies), in the database beside
// the login attempts, so every instance shares the counts. A supporter who meets a
// blocked word edits it after a check or two.
//
// Once either budget is spent, every answer that could name a word is 429 before any
// word is looked at, whatever the text: a 429 only for blocked words would itself say
// which words are blocked. The budget is read first and spent after; requests racing
// for its last unit may each pass the read, and those that name past it are 429.

/** Naming answers per visitor (signed cookie and network) in a window. */
export const BLOCKED_NAMINGS_PER_VISITOR = 20;
/** Naming answers per client network (IPv4 address, IPv6 /64) in a window: carrier NAT shares one. */
export const BLOCKED_NAMINGS_PER_NETWORK = 60;
/** The fixed window of both counts (shorter than the login window, whose pruning forgets them). */
export const BLOCKED_NAMING_WINDOW_MS = 10 * 60_000;

export const BLOCKED_NAMING_SPENT =
  'Too many messages with blocked words from this browser. Please edit your message and try again later.';

export interface NamingCheck {
  db: Db;
  config: Pick<Config, 'trustProxy'>;
  request: FastifyRequest;
}

/** The caller's two budgets: its counter key and how many answers it holds. */
function budgetsOf(request: FastifyRequest): { key: string; max: number }[] {
  const network = clientNetwork(request);
  const visitor = readVisitorCookie(request);
  // Only an id this server signed is a visitor; without one the network's key is the only one.
  const who = visitor?.issued ? visitor.id : '';
  return [
    {
      key: `blocked-names:${createHash('sha256').update(`${who} ${network}`).digest('base64url')}`,
      max: BLOCKED_NAMINGS_PER_VISITOR,
    },
    { key: `blocked-names-net:${network}`, max: BLOCKED_NAMINGS_PER_NETWORK },
  ];
}

/** 429 with Retry-After at the end of the latest of the spent windows. */
function spent(windowStarts: string[]): HttpError {
  const until = Math.max(...windowStarts.map((start) => Date.parse(start) + BLOCKED_NAMING_WINDOW_MS));
  return tooManyRequests(BLOCKED_NAMING_SPENT, until - Date.now(), 'network');
}

/**
 * Read only, before any word is looked at: 429 while either of the caller's budgets is
 * spent, whatever the caller sent.
 */
export async function assertNamingBudget({ db, config, request }: NamingCheck): Promise<void> {
  if (isLocalRequest(request, config.trustProxy)) return;
  const budgets = budgetsOf(request);
  const rows = await db
    .selectFrom('loginAttempts')
    .select(['key', 'count', 'windowStart'])
    .where(
      'key',
      'in',
      budgets.map((b) => b.key),
    )
    .execute();
  const openSince = Date.now() - BLOCKED_NAMING_WINDOW_MS;
  const used = rows.filter((row) => {
    const budget = budgets.find((b) => b.key === row.key);
    return budget && Date.parse(row.windowStart) > openSince && Number(row.count) >= budget.max;
  });
  if (used.length > 0) throw spent(used.map((row) => row.windowStart));
}

/** Spends one naming answer of the caller's budgets; 429 with Retry-After past either. */
export async function spendBlockedNaming({ db, config, request }: NamingCheck): Promise<void> {
  if (isLocalRequest(request, config.trustProxy)) return;
  const past: string[] = [];
  for (const { key, max } of budgetsOf(request)) {
    const window = await countInWindow(db, key, { windowMs: BLOCKED_NAMING_WINDOW_MS, sliding: false });
    if (window.count > max) past.push(window.windowStart);
  }
  if (past.length > 0) throw spent(past);
}

/**
 * `work`, for a request whose words may be refused with BLOCKED_WORD: when it carries
 * words (`carriesWords`), 429 first while a budget is spent; a BLOCKED_WORD refusal
 * spends a naming answer (429 past the budget).
 */
export async function namingBlockedWords<T>(
  check: NamingCheck,
  carriesWords: boolean,
  work: () => Promise<T>,
): Promise<T> {
  if (carriesWords) await assertNamingBudget(check);
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && err.code === 'BLOCKED_WORD') await spendBlockedNaming(check);
    throw err;
  }
}
