import { LIVE_STATUSES } from '#shared/campaign-lifecycle.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { sqlNow } from '../../db/campaign-open.ts';
import type { Job } from '../../jobs/runner.ts';
import { emitCampaignStatus } from '../webhooks/index.ts';

// A campaign whose end date passes ends for supporters by itself (hasEnded); this job
// tells the organisation's webhooks (docs/api.md "Integrations > Events",
// docs/decisions/0038-campaign-end-by-date.md). Each step marks the live campaigns
// whose end has passed and that are not marked yet (`endedEventAt`, migration 0051)
// and writes their `campaign.ended` in the same transaction: a rolled-back step sends
// nothing and leaves them unmarked, a committed one is never repeated. On PostgreSQL
// the runner's advisory lock lets one instance step at a time, and the mark is also
// the update's own condition, so even two steps at once mark (and emit) a campaign
// once. The stored status stays `active` or `paused`, as the dashboard's rules expect.

/** The second half of the job's advisory lock (jobs/runner.ts): distinct per job. */
export const CAMPAIGN_END_LOCK_KEY = 38;
/** Campaigns marked per step; a full batch says more is waiting (the runner steps again). */
export const CAMPAIGN_END_BATCH = 100;

export function campaignEndJob(opts: {
  config: Pick<Config, 'publicUrl'>;
  /** The clock, replaceable in tests. */
  now?: () => number;
  batch?: number;
}): Job {
  const batch = opts.batch ?? CAMPAIGN_END_BATCH;
  return {
    name: 'campaign-end',
    lockKey: CAMPAIGN_END_LOCK_KEY,
    step: async (trx) => {
      const now = opts.now?.() ?? Date.now();
      const ended = await markEnded(trx, now, batch);
      for (const campaign of ended)
        await emitCampaignStatus(trx, { ...campaign, status: 'ended' }, opts.config.publicUrl, now);
      return ended.length === batch;
    },
  };
}

/**
 * Marks up to `batch` live campaigns whose end passed by `now` and that are not marked
 * yet, and answers them. "Passed" is endInstant <= now in the stored forms
 * (db/campaign-open.ts): an instant at or before `now`, or a plain date before today
 * (a plain date runs through its whole UTC day). Spelled as ranges on `endDate`, so
 * the read is the index of migration 0051 (unmarked, live, by end date).
 */
async function markEnded(trx: Db, now: number, batch: number) {
  const { nowIso, today } = sqlNow(now);
  // The conditions hold in the update too: on PostgreSQL a row an edit changed
  // meanwhile (its end moved ahead, its status ended) is checked again once unlocked.
  const marked = await trx
    .updateTable('campaigns')
    .set({ endedEventAt: new Date(now).toISOString() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('campaigns as c')
        .select('c.id')
        .where('c.endedEventAt', 'is', null)
        .where('c.status', 'in', LIVE_STATUSES)
        .where('c.endDate', '<=', nowIso)
        .where('c.endDate', '!=', today)
        .orderBy('c.id')
        .limit(batch),
    )
    .where('endedEventAt', 'is', null)
    .where('status', 'in', LIVE_STATUSES)
    .where('endDate', '<=', nowIso)
    .where('endDate', '!=', today)
    .returning(['id', 'organizationId', 'name'])
    .execute();
  // RETURNING has no order: the events go out by campaign id.
  return marked.sort((a, b) => a.id - b.id);
}
