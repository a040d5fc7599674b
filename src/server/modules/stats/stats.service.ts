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
 * Distinct supporters of the scope, all time or with a share since `since`: the rollup
 * job's counters (all time), or its per-hour count of supporters by latest share plus
 * the supporters whose latest share is in the hour `since` falls in (at most one hour
 * of them); then the tail's supporters not counted already.
 */
async function distinctSupporters(trx: Db, scope: Scope, tail: LiveTail, since?: string): Promise<number> {
  const t = SCOPE_TABLES[scope.column === 'campaignId' ? 'campaign' : 'org'];
  const seen = t.seen;
  let rolled: number;
  if (!since) {
    const row = await trx
      .selectFrom(t.counts)
      .select('supporters')
      .where(t.column, '=', scope.id)
      .executeTakeFirst();
    rolled = Number(row?.supporters ?? 0);
  } else {
    const nextHour = new Date(Math.floor(Date.parse(since) / HOUR_MS) * HOUR_MS + HOUR_MS).toISOString();
    const [later, within] = await Promise.all([
      trx
        .selectFrom(t.lastHours)
        .select((eb) => eb.fn.sum<number>('supporters').as('n'))
        .where(t.column, '=', scope.id)
        .where('hour', '>', since.slice(0, 13))
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom(seen)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(scope.column, '=', scope.id)
        .where('lastAt', '>=', since)
        .where('lastAt', '<', nextHour)
        .executeTakeFirstOrThrow(),
    ]);
    rolled = Number(later.n ?? 0) + Number(within.n);
  }
  // Tail supporters not already counted by the rolled-up rows.
  const sinceCond = since ? sql`and shares."createdAt" >= ${since}` : sql``;
  const seenCond = since ? sql`and x."lastAt" >= ${since}` : sql``;
  const fresh = await sql<{ n: number }>`
    select count(distinct shares."supporterId") as n from shares
    where ${inTail('shares', tail.shares, scope)} and shares.status = 'shared'
      and shares."supporterId" is not null ${sinceCond}
      and not exists (select 1 from ${sql.table(seen)} x
        where x.${sql.ref(scope.column)} = ${scope.id} and x."supporterId" = shares."supporterId" ${seenCond})`.execute(
    trx,
  );
  return rolled + Number(fresh.rows[0]?.n ?? 0);
}

async function computeStats(trx: Db, scope: Scope, now: number, tail: LiveTail): Promise<Stats> {
  const since = new Date(now - ACTIVE_SUPPORTER_DAYS * DAY_MS).toISOString();
  const totals = await trx
    .selectFrom('rollupTotals')
    .select(['platform', 'shares', 'opened', 'prepared', 'clicks', 'lastAt'])
    .where(scope.column, '=', scope.id)
    .execute();
  const shareTail = await trx
    .selectFrom('shares')
    .select((eb) => [
      'platform',
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('createdAt').as('last'),
    ])
    .where(inTail('shares', tail.shares, scope))
    .where('status', 'in', SHARE_OUTCOMES)
    .groupBy(['platform', 'status'])
    .execute();
  const clickTail = await trx
    .selectFrom('clicks')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('createdAt').as('last')])
    .where(inTail('clicks', tail.clicks, scope))
    .executeTakeFirstOrThrow();
  const uniqueSupporters = await distinctSupporters(trx, scope, tail);
  const activeSupporters = await distinctSupporters(trx, scope, tail, since);

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
  let clickThroughs = Number(clickTail.n);
  const lasts: string[] = clickTail.last ? [clickTail.last] : [];
  for (const t of totals) {
    count('shared', t.platform, Number(t.shares));
    count('opened', t.platform, Number(t.opened));
    count('prepared', t.platform, Number(t.prepared));
    clickThroughs += Number(t.clicks);
    if (t.lastAt) lasts.push(t.lastAt);
  }
  for (const t of shareTail) {
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
 * first, with each day's opened windows and prepared posts apart.
 */
async function dailyStats(trx: Db, campaignId: number, now: number, tail: LiveTail): Promise<DailyStat[]> {
  const days = Array.from({ length: DAILY_DAYS }, (_, i) =>
    new Date(now - (DAILY_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const since = `${days[0]}T00:00:00.000Z`;
  const scope: Scope = { column: 'campaignId', id: campaignId };
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
  const day = dayOf('createdAt');
  const [shares, clicks] = [
    await trx
      .selectFrom('shares')
      .select((eb) => [day.as('day'), 'status', eb.fn.countAll<number>().as('n')])
      .where(inTail('shares', tail.shares, scope))
      .where('status', 'in', SHARE_OUTCOMES)
      .where('createdAt', '>=', since)
      .groupBy([day, 'status'])
      .execute(),
    await trx
      .selectFrom('clicks')
      .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
      .where(inTail('clicks', tail.clicks, scope))
      .where('createdAt', '>=', since)
      .groupBy(day)
      .execute(),
  ];
  const field = { shared: 'shares', opened: 'openedIntents', prepared: 'preparedPosts' } as const;
  for (const r of shares) {
    const d = byDay.get(r.day);
    if (d) d[field[r.status as ShareOutcome]] += Number(r.n);
  }
  for (const r of clicks) {
    const d = byDay.get(r.day);
    if (d) d.clicks += Number(r.n);
  }
  return [...byDay.values()];
}

/** Stats of one campaign; the caller has already checked that it is the organisation's. */
export async function campaignStats(opts: SnapshotRead & { campaignId: number }): Promise<CampaignStats> {
  const now = opts.now ?? Date.now();
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const tail = await liveTail(trx, await rollupMarks(trx), opts.tailLimit);
    const stats = await computeStats(trx, { column: 'campaignId', id: opts.campaignId }, now, tail);
    const daily = await dailyStats(trx, opts.campaignId, now, tail);
    return { ...stats, daily };
  });
}

export async function organizationStats(opts: SnapshotRead & { orgId: number }): Promise<OrganizationStats> {
  const now = opts.now ?? Date.now();
  return inSnapshot(opts.db, opts.dialect, async (trx) => {
    const tail = await liveTail(trx, await rollupMarks(trx), opts.tailLimit);
    const stats = await computeStats(trx, { column: 'organizationId', id: opts.orgId }, now, tail);
    const campaigns = await trx
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', opts.orgId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return { ...stats, activeCampaigns: Number(campaigns.n) };
  });
}
