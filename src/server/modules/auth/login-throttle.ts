import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

// Brute-force protection kept in the database, so every instance behind a load
// balancer shares the same counts. Attempts count per username and per address;
// past the limit even the right password waits for the window to end.
//
// An attempt is counted *before* the password is checked, in one atomic upsert,
// so a burst of parallel guesses cannot all slip in while the (slow) argon2
// verification of the first ones is still running. A successful login then gives
// the attempt back: it clears the username's count and takes one off the address.

export const LOGIN_MAX_FAILURES_PER_USER = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

const keysFor = (username: string, address: string) => [
  { key: userKey(username), max: LOGIN_MAX_FAILURES_PER_USER },
  { key: addressKey(address), max: LOGIN_MAX_FAILURES_PER_ADDRESS },
];

/** Adds one attempt to `key` (starting a new window when the old one ended); returns the new state. */
async function countAttempt(db: Db, key: string): Promise<{ count: number; windowStart: string }> {
  const now = nowIso();
  const windowOpenedAfter = isoBefore(LOGIN_WINDOW_MS);
  return db
    .insertInto('loginAttempts')
    .values({ key, windowStart: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('loginAttempts.windowStart', '<=', windowOpenedAfter);
        return {
          count: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('loginAttempts.count', '+', 1))
            .end(),
          windowStart: eb.case().when(expired).then(now).else(eb.ref('loginAttempts.windowStart')).end(),
        };
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
}

/**
 * Counts this login attempt against the username and the address; throws 429 with
 * Retry-After when either is past its limit in the current window.
 */
export async function countLoginAttempt(db: Db, username: string, address: string): Promise<void> {
  const now = Date.now();
  let retryAfterMs = 0;
  for (const { key, max } of keysFor(username, address)) {
    const row = await countAttempt(db, key);
    if (Number(row.count) > max) {
      retryAfterMs = Math.max(retryAfterMs, Date.parse(row.windowStart) + LOGIN_WINDOW_MS - now);
    }
  }
  if (retryAfterMs > 0) {
    throw new HttpError(429, 'Too many login attempts. Please try again later.').withHeaders({
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    });
  }
}

/** A successful login: the username starts afresh and the address gets its attempt back. */
export async function forgiveLoginAttempt(db: Db, username: string, address: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('key', '=', userKey(username)).execute();
  await db
    .updateTable('loginAttempts')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', addressKey(address))
    .where('count', '>', 0)
    .execute();
}

/**
 * Forgets counts whose window has ended (a new attempt would restart them anyway).
 * Every attempt adds a row for the name it tried, so without this the table grows
 * by one row per guessed name, for ever.
 */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  await db.deleteFrom('loginAttempts').where('windowStart', '<=', isoBefore(LOGIN_WINDOW_MS)).execute();
}
