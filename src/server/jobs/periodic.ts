import type { Db } from '../db/client.ts';
import type { Job } from './runner.ts';

/**
 * A job that does its work at most once per `everyMs` across all instances, on the
 * runner's frequent tick. The time its last complete run finished is a row of
 * `jobRuns`, read and written inside the runner's transaction: on PostgreSQL that
 * transaction holds the job's advisory lock, so the instance that gets the lock
 * next already sees the new time and skips. A run that is not finished (`work`
 * returned true: more is waiting) is not stamped, so the next step or tick goes on.
 */
export function periodicJob(opts: {
  name: string;
  lockKey: number;
  everyMs: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** `lastRunAt`: when its last complete run began (undefined before its first), for work that catches up. */
  work: (trx: Db, now: number, lastRunAt: number | undefined) => Promise<boolean>;
}): Job {
  return {
    name: opts.name,
    lockKey: opts.lockKey,
    step: async (trx) => {
      const now = opts.now?.() ?? Date.now();
      const last = await trx
        .selectFrom('jobRuns')
        .select('lastRunAt')
        .where('name', '=', opts.name)
        .executeTakeFirst();
      if (last && Date.parse(last.lastRunAt) > now - opts.everyMs) return false;
      if (await opts.work(trx, now, last ? Date.parse(last.lastRunAt) : undefined)) return true;
      const lastRunAt = new Date(now).toISOString();
      await trx
        .insertInto('jobRuns')
        .values({ name: opts.name, lastRunAt })
        .onConflict((oc) => oc.column('name').doUpdateSet({ lastRunAt }))
        .execute();
      return false;
    },
  };
}
