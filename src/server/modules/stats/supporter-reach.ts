import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { dayNumber, SCOPE_TABLES } from './rollups-supporters.ts';
import type { Scope } from './stats.service.ts';

// Reads of the supporter figures the rollup job keeps (rollups-supporters.ts),
// each bounded by the days of a range, never by the number of supporters or events.

const CHUNK = 400;

/**
 * `+campaignId = id`: a filter only. The lookups go in through the supporter index
 * (organizationId, supporterId, day); the campaign's primary key would read every
 * supporter-day of the range instead.
 */
const onlyCampaign = (id: number) => sql<boolean>`+${sql.ref('campaignId')} = ${id}`;
const kindOf = (scope: Scope) => (scope.column === 'campaignId' ? 'campaign' : 'org');

/** UTC days [lo, hi), as 'YYYY-MM-DD'. */
export interface UtcDays {
  lo: string;
  hi: string;
}

export interface ReachDays {
  /** Distinct supporters with a rolled-up share on the days read. */
  distinct: number;
  /** Supporter-days (supporter with a share on a day) of the days read. */
  supporterDays: number;
  /** Each day's most active supporters: candidates for the range's top supporters. */
  leaders: [string, number][][];
}

/**
 * Distinct supporters of the rolled-up shares on UTC days [lo, hi) ('YYYY-MM-DD'): a
 * supporter-day counts when the supporter's previous share day is before lo, that is
 * when its gap is larger than its day's offset from lo (gap 0: no previous day within
 * 366 days, and no range is longer). One reach row per day.
 */
export async function reachOnDays(trx: Db, scope: Scope, { lo, hi }: UtcDays): Promise<ReachDays> {
  const out: ReachDays = { distinct: 0, supporterDays: 0, leaders: [] };
  if (lo >= hi) return out;
  const t = SCOPE_TABLES[kindOf(scope)];
  const rows = await trx
    .selectFrom(t.reach)
    .select(['day', 'supporters', 'gaps', 'leaders'])
    .where(t.column, '=', scope.id)
    .where('day', '>=', lo)
    .where('day', '<', hi)
    .execute();
  const first = dayNumber(lo);
  for (const r of rows) {
    const offset = dayNumber(r.day) - first;
    const gaps = JSON.parse(r.gaps) as Record<string, number>;
    for (const g in gaps) {
      const gap = Number(g);
      if (gap === 0 || gap > offset) out.distinct += gaps[g];
    }
    out.supporterDays += Number(r.supporters);
    out.leaders.push(JSON.parse(r.leaders) as [string, number][]);
  }
  return out;
}

/** Which of `ids` have a rolled-up share in the scope on UTC days [lo, hi). */
export async function sharedOnDays(
  trx: Db,
  scope: Scope,
  orgId: number,
  ids: string[],
  { lo, hi }: UtcDays,
): Promise<Set<string>> {
  const found = new Set<string>();
  if (lo >= hi) return found;
  for (let i = 0; i < ids.length; i += CHUNK) {
    let q = trx
      .selectFrom('rollupSupporterDays')
      .select('supporterId')
      .distinct()
      .where('organizationId', '=', orgId)
      .where('supporterId', 'in', ids.slice(i, i + CHUNK))
      .where('day', '>=', lo)
      .where('day', '<', hi)
      .where('shares', '>', 0);
    if (scope.column === 'campaignId') q = q.where(onlyCampaign(scope.id));
    for (const r of await q.execute()) found.add(r.supporterId);
  }
  return found;
}

/** Rolled-up shares and clicks of `ids` in the scope on UTC days [lo, hi). */
export async function supporterTotalsOnDays(
  trx: Db,
  scope: Scope,
  orgId: number,
  ids: string[],
  { lo, hi }: UtcDays,
): Promise<Map<string, { shares: number; clicks: number }>> {
  const totals = new Map<string, { shares: number; clicks: number }>();
  if (lo >= hi || ids.length === 0) return totals;
  for (let i = 0; i < ids.length; i += CHUNK) {
    let q = trx
      .selectFrom('rollupSupporterDays')
      .select((eb) => [
        'supporterId',
        eb.fn.sum<number>('shares').as('shares'),
        eb.fn.sum<number>('clicks').as('clicks'),
      ])
      .where('organizationId', '=', orgId)
      .where('supporterId', 'in', ids.slice(i, i + CHUNK))
      .where('day', '>=', lo)
      .where('day', '<', hi);
    if (scope.column === 'campaignId') q = q.where(onlyCampaign(scope.id));
    for (const r of await q.groupBy('supporterId').execute())
      totals.set(r.supporterId, { shares: Number(r.shares), clicks: Number(r.clicks) });
  }
  return totals;
}
