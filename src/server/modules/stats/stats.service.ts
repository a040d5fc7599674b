import { sql } from 'kysely';
import { ACTIVE_SUPPORTER_DAYS } from '#shared/constants.ts';
import type { CampaignStats, DailyStat } from '#shared/schemas/campaigns.ts';
import {
  type OrganizationStats,
  SHARE_OUTCOMES,
  type ShareOutcome,
  type Stats,
} from '#shared/schemas/shares.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { SCOPE_TABLES } from './rollups-supporters.ts';
import {
  inSnapshot,
  type LiveTail,
  liveTail,
  rollupMarks,
  type SnapshotRead,
  type TailRange,
} from './snapshot.ts';
import { dayOf } from '../../db/sql-time.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';

// Stats exactly as API.md "Stats" defines them, read from the rollup tables plus the
// tail of events the rollup job has not reached yet (ids past its marks), in one
// snapshot. Every read is bounded whatever the history: per-platform totals, the
// distinct-supporter counters and at most 30 days of hourly rows (plus one hour of
// supporters) for the active ones, hourly rows for the chart, and the tail, found
// through the primary key.

export const DAILY_DAYS = 30;

export type Scope = { column: 'campaignId' | 'organizationId'; id: number };

/** engagementRate: clicks per share as a percentage, one decimal, 0 without shares. */
export function engagementRate(clickThroughs: number, totalShares: number): number {
  if (totalShares === 0) return 0;
  return Math.round((clickThroughs / totalShares) * 1000) / 10;
}

/**
 * `+column = id`: the scope filter must not pick the scope's index for a tail read
 * (that index spans the whole history); the unary plus leaves the primary-key range
 * on id as the way in, on SQLite and PostgreSQL alike.
 */
export const tailScope = (table: string, scope: Scope) =>
  sql<boolean>`+${sql.ref(`${table}.${scope.column}`)} = ${scope.id}`;

/** The scope's events in one table's live range (see liveTail): a primary-key range. */
export const inTail = (table: 'shares' | 'clicks' | 'visits', range: TailRange, scope: Scope) =>
  sql<boolean>`${sql.ref(`${table}.id`)} > ${range.after} and ${sql.ref(`${table}.id`)} <= ${range.upTo} and ${tailScope(table, scope)}`;

/**
 * The scope's events in one table's live range as the FROM of a tail read, the table
 * under its own name, then `where` the scope (more conditions follow with `and`).
 * SQLite walks the primary-key range (inTail). PostgreSQL reads the range in a subquery
 * that OFFSET 0 keeps apart, so the scope is filtered above it: the planner then
 * estimates the scope's rows from the column's statistics (10,000 of a 10,000-event
 * tail) rather than the 0.5% it guesses for `+column = id` (50), and groups in a hash
 * instead of sorting the whole tail (docs/decisions/0029-stats-tail.md).
 */
function tailFrom(dialect: DialectName, table: 'shares' | 'clicks', range: TailRange, scope: Scope) {
  const t = sql.table(table);
  if (dialect !== 'postgres') return sql`${t} where ${inTail(table, range, scope)}`;
  return sql`(select * from ${t} where id > ${range.after} and id <= ${range.upTo} offset 0) as ${t}
    where ${sql.ref(`${table}.${scope.column}`)} = ${scope.id}`;
}

/** What one answer reads of the live tail: each figure and breakdown is derived from it. */
interface TailCounts {
  /** Shares per platform, outcome and UTC day (the day only for a campaign's daily chart). */
  shares: { platform: string; status: string; day: string | null; n: number; last: string | null }[];
  /** Click-throughs per UTC day (likewise), with the latest. */
  clicks: { day: string | null; n: number; last: string | null }[];
  /** Supporters in the tail not counted by the rollups: all time, and with a share since `since`. */
  freshSupporters: number;
  freshActive: number;
}

/**
 * The live tail of one scope in three reads, one per question, each a single pass over
 * its table's range: shares by platform, outcome (and day), click-throughs (by day),
 * and the tail's supporters not counted already (all time and active since `since`:
 * each supporter's latest tail share against the rollups' latest share of theirs).
 */
async function readTail(
  trx: Db,
  dialect: DialectName,
  scope: Scope,
  tail: LiveTail,
  since: string,
  byDay: boolean,
): Promise<TailCounts> {
  const day = byDay ? dayOf('createdAt') : sql`null`;
  const dayGroup = byDay ? sql`, ${day}` : sql``;
  const seen = SCOPE_TABLES[scope.column === 'campaignId' ? 'campaign' : 'org'].seen;
  const shares = await sql<TailCounts['shares'][number]>`
    select platform, status, ${day} as day, count(*) as n, max("createdAt") as last
    from ${tailFrom(dialect, 'shares', tail.shares, scope)} and status in (${sql.join(SHARE_OUTCOMES)})
    group by platform, status${dayGroup}`.execute(trx);
  const clicks = await sql<TailCounts['clicks'][number]>`
    select ${day} as day, count(*) as n, max("createdAt") as last
    from ${tailFrom(dialect, 'clicks', tail.clicks, scope)}
    ${byDay ? sql`group by ${day}` : sql``}`.execute(trx);
  const supporters = await sql<{ fresh: number | null; active: number | null }>`
    select count(case when seen is null then 1 end) as fresh,
      count(case when last >= ${since} and (seen is null or seen < ${since}) then 1 end) as active
    from (select max("createdAt") as last,
        (select x."lastAt" from ${sql.table(seen)} x
          where x.${sql.ref(scope.column)} = ${scope.id} and x."supporterId" = shares."supporterId") as seen
      from ${tailFrom(dialect, 'shares', tail.shares, scope)} and status = 'shared' and "supporterId" is not null
      group by "supporterId") supporters`.execute(trx);
  const counted = supporters.rows[0];
  return {
    shares: shares.rows,
    clicks: clicks.rows.filter((r) => Number(r.n) > 0),
    freshSupporters: Number(counted?.fresh ?? 0),
    freshActive: Number(counted?.active ?? 0),
  };
}

/**
 * Distinct supporters of the scope counted by the rollups, all time or with a share
 * since `since`: the rollup job's counters (all time), or its per-hour count of
 * supporters by latest share plus the supporters whose latest share is in the hour
 * `since` falls in (at most one hour of them). The tail's own are added by the caller.
 */
async function rolledSupporters(trx: Db, scope: Scope, since?: string): Promise<number> {
  const t = SCOPE_TABLES[scope.column === 'campaignId' ? 'campaign' : 'org'];
  if (!since) {
    const row = await trx
      .selectFrom(t.counts)
      .select('supporters')
      .where(t.column, '=', scope.id)
      .executeTakeFirst();
    return Number(row?.supporters ?? 0);
  }
  const nextHour = new Date(Math.floor(Date.parse(since) / HOUR_MS) * HOUR_MS + HOUR_MS).toISOString();
  const [later, within] = await Promise.all([
    trx
      .selectFrom(t.lastHours)
      .select((eb) => eb.fn.sum<number>('supporters').as('n'))
      .where(t.column, '=', scope.id)
      .where('hour', '>', since.slice(0, 13))
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom(t.seen)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scope.column, '=', scope.id)
      .where('lastAt', '>=', since)
      .where('lastAt', '<', nextHour)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(later.n ?? 0) + Number(within.n);
}

async function computeStats(
  trx: Db,
  scope: Scope,
  tail: LiveTail,
  live: TailCounts,
  since: string,
): Promise<Stats> {
  const totals = await trx
    .selectFrom('rollupTotals')
    .select(['platform', 'shares', 'opened', 'prepared', 'clicks', 'lastAt'])
    .where(scope.column, '=', scope.id)
    .execute();
  const uniqueSupporters = (await rolledSupporters(trx, scope)) + live.freshSupporters;
  const activeSupporters = (await rolledSupporters(trx, scope, since)) + live.freshActive;

  // Per outcome: its total and its count per platform.
  const counts = Object.fromEntries(
    SHARE_OUTCOMES.map((o) => [o, { total: 0, byPlatform: {} as Record<string, number> }]),
  ) as Record<ShareOutcome, { total: number; byPlatform: Record<string, number> }>;
  const count = (outcome: ShareOutcome, platform: string, n: number) => {
    if (!n) return;
    const c = counts[outcome];
    c.total += n;
    c.byPlatform[platform] = (c.byPlatform[platform] ?? 0) + n;
  };
  let clickThroughs = 0;
  const lasts: string[] = [];
  for (const c of live.clicks) {
    clickThroughs += Number(c.n);
    if (c.last) lasts.push(c.last);
  }
  for (const t of totals) {
    count('shared', t.platform, Number(t.shares));
    count('opened', t.platform, Number(t.opened));
    count('prepared', t.platform, Number(t.prepared));
    clickThroughs += Number(t.clicks);
    if (t.lastAt) lasts.push(t.lastAt);
  }
  for (const t of live.shares) {
    count(t.status as ShareOutcome, t.platform, Number(t.n));
    if (t.last) lasts.push(t.last);
  }
  const totalShares = counts.shared.total;
  return {
    totalShares,
    openedIntents: counts.opened.total,
    preparedPosts: counts.prepared.total,
    uniqueSupporters,
    activeSupporters,
    engagementRate: engagementRate(clickThroughs, totalShares),
    clickThroughs,
    platformBreakdown: counts.shared.byPlatform,
    openedBreakdown: counts.opened.byPlatform,
    preparedBreakdown: counts.prepared.byPlatform,
    lastUpdated: lasts.length ? lasts.sort().at(-1)! : null,
    pendingSince: tail.pendingSince,
  };
}

/**
 * Shares and clicks per UTC day for the last DAILY_DAYS days (today included), oldest
 * first, with each day's opened windows and prepared posts apart: the rollups' hours
 * plus the tail read by day.
 */
async function dailyStats(trx: Db, campaignId: number, now: number, live: TailCounts): Promise<DailyStat[]> {
  const days = Array.from({ length: DAILY_DAYS }, (_, i) =>
    new Date(now - (DAILY_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const byDay = new Map<string, DailyStat>(
    days.map((d) => [d, { date: d, shares: 0, clicks: 0, openedIntents: 0, preparedPosts: 0 }]),
  );
  const hours = await trx
    .selectFrom('rollupCampaignHours')
    .select(['hour', 'shares', 'clicks', 'opened', 'prepared'])
    .where('campaignId', '=', campaignId)
    .where('hour', '>=', days[0])
    .execute();
  for (const h of hours) {
    const d = byDay.get(h.hour.slice(0, 10));
    if (d) {
      d.shares += Number(h.shares);
      d.clicks += Number(h.clicks);
      d.openedIntents += Number(h.opened);
      d.preparedPosts += Number(h.prepared);
    }
  }
  // Days before the window are not in the map: the tail's older events count in the totals only.
  const field = { shared: 'shares', opened: 'openedIntents', prepared: 'preparedPosts' } as const;
  for (const r of live.shares) {
    const d = r.day ? byDay.get(r.day) : undefined;
    if (d) d[field[r.status as ShareOutcome]] += Number(r.n);
  }
  for (const r of live.clicks) {
    const d = r.day ? byDay.get(r.day) : undefined;
    if (d) d.clicks += Number(r.n);
  }
  return [...byDay.values()];
}

/** Active supporters are those with a share since this time. */
const activeSince = (now: number) => new Date(now - ACTIVE_SUPPORTER_DAYS * DAY_MS).toISOString();

/** Stats of one campaign; the caller has already checked that it is the organisation's. */
export async function campaignStats(opts: SnapshotRead & { campaignId: number }): Promise<CampaignStats> {
  const now = opts.now ?? Date.now();
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const scope: Scope = { column: 'campaignId', id: opts.campaignId };
    const since = activeSince(now);
    const tail = await liveTail(trx, await rollupMarks(trx), opts.tailLimit);
    const live = await readTail(trx, opts.dialect, scope, tail, since, true);
    const stats = await computeStats(trx, scope, tail, live, since);
    const daily = await dailyStats(trx, opts.campaignId, now, live);
    return { ...stats, daily };
  });
}

/**
 * The totals of one campaign, as campaignStats gives them without the daily chart: the
 * same reads (rollups plus the live tail), for the goal's progress and its notices.
 */
export async function campaignTotals(opts: SnapshotRead & { campaignId: number }): Promise<Stats> {
  const now = opts.now ?? Date.now();
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const scope: Scope = { column: 'campaignId', id: opts.campaignId };
    const since = activeSince(now);
    const tail = await liveTail(trx, await rollupMarks(trx), opts.tailLimit);
    const live = await readTail(trx, opts.dialect, scope, tail, since, false);
    return computeStats(trx, scope, tail, live, since);
  });
}

export async function organizationStats(opts: SnapshotRead & { orgId: number }): Promise<OrganizationStats> {
  const now = opts.now ?? Date.now();
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const scope: Scope = { column: 'organizationId', id: opts.orgId };
    const since = activeSince(now);
    const tail = await liveTail(trx, await rollupMarks(trx), opts.tailLimit);
    const live = await readTail(trx, opts.dialect, scope, tail, since, false);
    const stats = await computeStats(trx, scope, tail, live, since);
    const campaigns = await trx
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', opts.orgId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { ...stats, activeCampaigns: Number(campaigns.n) };
  });
}
