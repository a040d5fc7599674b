import type { Db } from '../db/client.ts';
import { isoBefore, nowIso } from './time.ts';

// The counters of the `loginAttempts` table (login throttle, password-hash budget):
// one row per key, counted in the database so every instance behind a load balancer
// shares the same count, in one atomic upsert so parallel requests cannot slip past.

export interface AttemptWindow {
  count: number;
  windowStart: string;
  blockedUntil: string | null;
}

/**
 * Adds one attempt to `key` (or `add` of them), starting afresh when its window of
 * `windowMs` ended; returns the new state. A sliding window moves its start to now on every attempt
 * (counts are forgotten `windowMs` after the last one); a fixed one keeps it.
 */
export async function countInWindow(
  db: Db,
  key: string,
  opts: { windowMs: number; sliding: boolean; add?: number },
): Promise<AttemptWindow> {
  const now = nowIso();
  const add = opts.add ?? 1;
  const windowOpenedAfter = isoBefore(opts.windowMs);
  const row = await db
    .insertInto('loginAttempts')
    .values({ key, windowStart: now, count: add, blockedUntil: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('loginAttempts.windowStart', '<=', windowOpenedAfter);
        return {
          count: eb
            .case()
            .when(expired)
            .then(add)
            .else(eb('loginAttempts.count', '+', add))
            .end(),
          windowStart: opts.sliding
            ? eb.val(now)
            : eb.case().when(expired).then(now).else(eb.ref('loginAttempts.windowStart')).end(),
          blockedUntil: eb.case().when(expired).then(null).else(eb.ref('loginAttempts.blockedUntil')).end(),
        };
      }),
    )
    .returning(['count', 'windowStart', 'blockedUntil'])
    .executeTakeFirstOrThrow();
  return { ...row, count: Number(row.count) };
}
