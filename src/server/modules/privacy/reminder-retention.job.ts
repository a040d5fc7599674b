import { MINUTE_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs/runner.ts';
import { isoBefore } from '../../lib/time.ts';
import {
  expireOverdueReminders,
  expireUnconfirmedAddresses,
  loadReminderKeys,
  UNSUBSCRIBE_LINK_TTL_MS,
} from '../reminders/index.ts';

// The reminder data that lapses (issue 27 item 5, docs/privacy.md "How long": the
// registry's `unsubscribeLink`, `reminderAddress`, `dataLink` and `reminder` retentions), on a
// schedule of its own, a batch a step:
// - an unsubscribe link UNSUBSCRIBE_LINK_TTL_MS after its mail: the row (and the
//   address's keyed hash in it) goes;
// - a pending confirmation whose link lapsed: the row goes, and the reminders waiting
//   for it lose the address (expireUnconfirmedAddresses);
// - a reminder of a suspended organisation whose moment has passed: it is never sent,
//   so it goes with its address or subscription now, not at the organisation's restore;
// - a reminder mail's link to its address's data, once it lapsed.
// The rest of a reminder's end is the reminders job's: a sent, expired or given-up
// reminder's row is deleted there, a push subscription the push service says is gone
// at once. A confirmed address stays until its owner unsubscribes (reminders.service).

export const REMINDER_RETENTION_JOB = 'reminder-data-retention';
/** How often (per process) a sweep starts; it goes on, step by step, while batches come back full. */
export const REMINDER_RETENTION_EVERY_MS = 10 * MINUTE_MS;
/** Rows one step removes at most, across the kinds. */
export const REMINDER_RETENTION_BATCH = 500;

/** Up to `limit` unsubscribe links past their time, oldest first. */
export const lapsedLinks = (trx: Db, now: number, limit: number) =>
  trx
    .selectFrom('reminderUnsubscribes')
    .select('id')
    .where('createdAt', '<', isoBefore(UNSUBSCRIBE_LINK_TTL_MS, now))
    .orderBy('createdAt')
    .limit(limit);

/** Up to `limit` links of reminder mails to their address's data that lapsed, oldest first. */
export const lapsedDataLinks = (trx: Db, now: number, limit: number) =>
  trx
    .selectFrom('reminderDataLinks')
    .select('id')
    .where('expiresAt', '<=', new Date(now).toISOString())
    .orderBy('expiresAt')
    .limit(limit);

/**
 * One step: up to `batch` lapsed rows, oldest first. True when the batch was full
 * (more may be waiting).
 */
export async function expireReminderData(
  trx: Db,
  opts: { db: Db; now: number; batch?: number },
): Promise<boolean> {
  const { now } = opts;
  let budget = opts.batch ?? REMINDER_RETENTION_BATCH;
  const links = (await lapsedLinks(trx, now, budget).execute()).map((l) => l.id);
  if (links.length > 0) await trx.deleteFrom('reminderUnsubscribes').where('id', 'in', links).execute();
  budget -= links.length;
  if (budget > 0)
    budget -= await expireUnconfirmedAddresses(trx, await loadReminderKeys(opts.db), now, budget);
  if (budget > 0) budget -= await expireOverdueReminders(trx, null, now, budget);
  if (budget > 0) {
    const dataLinks = (await lapsedDataLinks(trx, now, budget).execute()).map((l) => l.id);
    if (dataLinks.length > 0)
      await trx.deleteFrom('reminderDataLinks').where('id', 'in', dataLinks).execute();
    budget -= dataLinks.length;
  }
  return budget <= 0;
}

/** The job (its own lock key): a sweep every REMINDER_RETENTION_EVERY_MS on each instance, one at a time. */
export function reminderDataRetentionJob(opts: { db: Db; now?: () => number; batch?: number }): Job {
  let lastSweep = Number.NEGATIVE_INFINITY;
  let sweeping = false;
  return {
    name: REMINDER_RETENTION_JOB,
    lockKey: 28,
    step: async (trx) => {
      const now = opts.now?.() ?? Date.now();
      if (!sweeping && now - lastSweep < REMINDER_RETENTION_EVERY_MS) return false;
      lastSweep = now;
      sweeping = await expireReminderData(trx, { db: opts.db, now, batch: opts.batch });
      return sweeping;
    },
  };
}
