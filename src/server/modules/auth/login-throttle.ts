import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';

// Brute-force protection kept in the database, so every instance behind a load
// balancer shares the same counts. Failed attempts count per username and per
// address; past the limit even the right password waits for the window to end.

export const LOGIN_MAX_FAILURES_PER_USER = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const keysFor = (username: string, address: string) => [
  { key: `user:${username.toLowerCase()}`, max: LOGIN_MAX_FAILURES_PER_USER },
  { key: `ip:${address}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS },
];

/** Throws 429 with Retry-After when either key is over its limit in the current window. */
export async function assertLoginAllowed(db: Db, username: string, address: string): Promise<void> {
  const now = Date.now();
  for (const { key, max } of keysFor(username, address)) {
    const row = await db.selectFrom('loginAttempts').selectAll().where('key', '=', key).executeTakeFirst();
    if (!row) continue;
    const windowEnd = Date.parse(row.windowStart) + LOGIN_WINDOW_MS;
    if (windowEnd > now && row.count >= max) {
      const retryAfter = Math.max(1, Math.ceil((windowEnd - now) / 1000));
      throw new HttpError(429, 'Too many login attempts. Please try again later.', {}).withHeaders({
        'Retry-After': String(retryAfter),
      });
    }
  }
}

export async function recordLoginFailure(db: Db, username: string, address: string): Promise<void> {
  const now = Date.now();
  for (const { key } of keysFor(username, address)) {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('loginAttempts').selectAll().where('key', '=', key).executeTakeFirst();
      if (!row || Date.parse(row.windowStart) + LOGIN_WINDOW_MS <= now) {
        await trx
          .insertInto('loginAttempts')
          .values({ key, windowStart: nowIso(), count: 1 })
          .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: nowIso(), count: 1 }))
          .execute();
      } else {
        await trx
          .updateTable('loginAttempts')
          .set((eb) => ({ count: eb('count', '+', 1) }))
          .where('key', '=', key)
          .execute();
      }
    });
  }
}

/** A successful login clears the username's failures (the address keeps its count). */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('key', '=', `user:${username.toLowerCase()}`).execute();
}
