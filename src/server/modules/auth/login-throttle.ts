import type { Db } from '../../db/client.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { nameKey } from '../../lib/name-key.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

// Brute-force protection kept in the database, so every instance behind a load
// balancer shares the same counts (docs/decisions/0003).
//
// Failures count per (username, network) and per network. Past its allowance a
// (username, network) pair waits a growing delay before its next attempt: only that
// pair, so an attacker can neither lock a user out everywhere nor, by failing with
// many names from a shared address (office NAT, a same-host proxy), lock out the
// other people there. The network count only shrinks the allowance of names that
// are failing from that network (password spraying): a name with no failures from
// there is always checked, so a correct password is never refused because of
// somebody else's failures.
//
// An attempt is counted *before* the password is checked, in one atomic upsert,
// so a burst of parallel guesses cannot all slip in while the (slow) argon2
// verification of the first ones is still running. A successful login gives the
// attempt back: it clears the pair and takes one off the network.

/** Failures a (username, network) pair may make before the delay starts. */
export const LOGIN_MAX_FAILURES_PER_USER = 5;
/** Failures across names from one network after which each failing name gets one try. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
/** Counts are forgotten this long after the pair's last attempt (the network's window start). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** The first delay; each further failure doubles it, up to LOGIN_WINDOW_MS. */
export const LOGIN_FIRST_DELAY_MS = 5_000;

const pairKey = (username: string, network: string) => `user:${nameKey(username)}@${network}`;
const networkKeyOf = (network: string) => `net:${network}`;

/** The wait after the `excess`-th failure past the allowance (1, 2, ...). */
export const loginDelayMs = (excess: number): number =>
  Math.min(LOGIN_WINDOW_MS, LOGIN_FIRST_DELAY_MS * 2 ** Math.max(0, Math.min(excess - 1, 30)));

const countAttempt = (db: Db, key: string, sliding: boolean) =>
  countInWindow(db, key, { windowMs: LOGIN_WINDOW_MS, sliding });

/** Sets the pair's delay, never shortening one already set. */
async function block(db: Db, key: string, ms: number): Promise<void> {
  const until = new Date(Date.now() + ms).toISOString();
  await db
    .updateTable('loginAttempts')
    .set({ blockedUntil: until })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('blockedUntil', 'is', null), eb('blockedUntil', '<', until)]))
    .execute();
}

/**
 * Atomically takes the pair's one attempt for this delay period: sets the delay
 * unless one is running. False when a parallel attempt took it first.
 */
async function claim(db: Db, key: string, ms: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('loginAttempts')
    .set({ blockedUntil: new Date(Date.parse(now) + ms).toISOString() })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('blockedUntil', 'is', null), eb('blockedUntil', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function remainingDelay(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('loginAttempts')
    .select(['blockedUntil', 'windowStart'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.blockedUntil || Date.parse(row.windowStart) <= Date.now() - LOGIN_WINDOW_MS) return 0;
  return Math.max(0, Date.parse(row.blockedUntil) - Date.now());
}

const tooMany = (ms: number) =>
  tooManyRequests('Too many login attempts. Please try again later.', ms, 'login');

export interface LoginAttempt {
  /** Failures from this count on start (or lengthen) the pair's delay. */
  allowance: number;
  /** The pair's count including this attempt. */
  count: number;
}

/**
 * Counts this login attempt for the (username, network) pair and the network;
 * throws 429 with Retry-After while the pair waits out its delay. An attempt that
 * is refused is not counted: waiting, not retrying, is what lengthens nothing.
 */
export async function countLoginAttempt(db: Db, username: string, network: string): Promise<LoginAttempt> {
  const key = pairKey(username, network);
  const waiting = await remainingDelay(db, key);
  if (waiting > 0) throw tooMany(waiting);
  const pair = await countAttempt(db, key, true);
  const net = await countAttempt(db, networkKeyOf(network), false);
  // A name failing from a network that fails a lot gets one try, then the delay.
  const allowance = net.count > LOGIN_MAX_FAILURES_PER_ADDRESS ? 1 : LOGIN_MAX_FAILURES_PER_USER;
  if (pair.count >= allowance) {
    // The last free attempt and every later one set the delay *before* the password
    // is checked, so of a burst of parallel guesses only one gets through.
    const wait = loginDelayMs(pair.count - allowance + 1);
    if (!(await claim(db, key, wait))) throw tooMany((await remainingDelay(db, key)) || wait);
  }
  return { allowance, count: pair.count };
}

/** A failed password: from the allowance on, the pair waits a delay that doubles each time. */
export async function recordLoginFailure(
  db: Db,
  username: string,
  network: string,
  attempt: LoginAttempt,
): Promise<void> {
  if (attempt.count >= attempt.allowance) {
    await block(db, pairKey(username, network), loginDelayMs(attempt.count - attempt.allowance + 1));
  }
}

/** A successful login: the pair starts afresh and the network gets its attempt back. */
export async function forgiveLoginAttempt(db: Db, username: string, network: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('key', '=', pairKey(username, network)).execute();
  await db
    .updateTable('loginAttempts')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', networkKeyOf(network))
    .where('count', '>', 0)
    .execute();
}

/**
 * Forgets counts whose window has ended (a new attempt would restart them anyway;
 * no delay outlasts the window). Every attempt adds a row for the name it tried, so
 * without this the table grows by one row per guessed name, for ever.
 */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  await db.deleteFrom('loginAttempts').where('windowStart', '<=', isoBefore(LOGIN_WINDOW_MS)).execute();
}
