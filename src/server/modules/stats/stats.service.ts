import { sql } from 'kysely';
import { ACTIVE_SUPPORTER_DAYS } from '#shared/constants.ts';
import type { CampaignStats, DailyStat } from '#shared/schemas/campaigns.ts';
import type { OrganizationStats, Stats } from '#shared/schemas/shares.ts';
import type { Db } from '../../db/client.ts';

// Stats exactly as API.md "Stats" defines them, from the event rows: logged shares
// (status 'shared'; scheduled ones are not shares yet) and click-throughs. A handful
// of aggregate queries per call, whatever the number of rows; distinct counts use
// count(*) over SELECT DISTINCT, which PostgreSQL answers from the index.

const DAY_MS = 24 * 60 * 60 * 1000;
export const DAILY_DAYS = 30;

type Scope = { column: 'campaignId' | 'organizationId'; id: number };

/** engagementRate: clicks per share as a percentage, one decimal, 0 without shares. */
export function engagementRate(clickThroughs: number, totalShares: number): number {
  if (totalShares === 0) return 0;
  return Math.round((clickThroughs / totalShares) * 1000) / 10;
}

function distinctSupporters(db: Db, scope: Scope, since?: string) {
  let inner = db
    .selectFrom('shares')
    .select('supporterId')
    .distinct()
    .where(scope.column, '=', scope.id)
    .where('status', '=', 'shared')
    .where('supporterId', 'is not', null);
  if (since) inner = inner.where('createdAt', '>=', since);
  return db
    .selectFrom(inner.as('s'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

async function computeStats(db: Db, scope: Scope, now: number): Promise<Stats> {
  const since = new Date(now - ACTIVE_SUPPORTER_DAYS * DAY_MS).toISOString();
  const [shares, unique, active, clicks, platforms] = await Promise.all([
    db
      .selectFrom('shares')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('createdAt').as('last')])
      .where(scope.column, '=', scope.id)
      .where('status', '=', 'shared')
      .executeTakeFirstOrThrow(),
    distinctSupporters(db, scope),
    distinctSupporters(db, scope, since),
    db
      .selectFrom('clicks')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('createdAt').as('last')])
      .where(scope.column, '=', scope.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('shares')
      .select((eb) => ['platform', eb.fn.countAll<number>().as('n')])
      .where(scope.column, '=', scope.id)
      .where('status', '=', 'shared')
      .groupBy('platform')
      .execute(),
  ]);
  const totalShares = Number(shares.n);
  const clickThroughs = Number(clicks.n);
  const lasts = [shares.last, clicks.last].filter((v): v is string => typeof v === 'string');
  return {
    totalShares,
    uniqueSupporters: Number(unique.n),
    activeSupporters: Number(active.n),
    engagementRate: engagementRate(clickThroughs, totalShares),
    clickThroughs,
    platformBreakdown: Object.fromEntries(platforms.map((p) => [p.platform, Number(p.n)])),
    lastUpdated: lasts.length ? lasts.sort().at(-1)! : null,
  };
}

/** Shares and clicks per UTC day for the last DAILY_DAYS days (today included), oldest first. */
async function dailyStats(db: Db, campaignId: number, now: number): Promise<DailyStat[]> {
  const days = Array.from({ length: DAILY_DAYS }, (_, i) =>
    new Date(now - (DAILY_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const since = `${days[0]}T00:00:00.000Z`;
  // Timestamps are ISO strings, so the first 10 characters are the UTC date on both dialects.
  const day = sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`;
  const [shares, clicks] = await Promise.all([
    db
      .selectFrom('shares')
      .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
      .where('campaignId', '=', campaignId)
      .where('status', '=', 'shared')
      .where('createdAt', '>=', since)
      .groupBy(day)
      .execute(),
    db
      .selectFrom('clicks')
      .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
      .where('campaignId', '=', campaignId)
      .where('createdAt', '>=', since)
      .groupBy(day)
      .execute(),
  ]);
  const shareByDay = new Map(shares.map((r) => [r.day, Number(r.n)]));
  const clickByDay = new Map(clicks.map((r) => [r.day, Number(r.n)]));
  return days.map((date) => ({
    date,
    shares: shareByDay.get(date) ?? 0,
    clicks: clickByDay.get(date) ?? 0,
  }));
}

/** Stats of one campaign; the caller has already checked that it is the organisation's. */
export async function campaignStats(opts: {
  db: Db;
  campaignId: number;
  now?: number;
}): Promise<CampaignStats> {
  const now = opts.now ?? Date.now();
  const [stats, daily] = await Promise.all([
    computeStats(opts.db, { column: 'campaignId', id: opts.campaignId }, now),
    dailyStats(opts.db, opts.campaignId, now),
  ]);
  return { ...stats, daily };
}

export async function organizationStats(opts: {
  db: Db;
  orgId: number;
  now?: number;
}): Promise<OrganizationStats> {
  const now = opts.now ?? Date.now();
  const [stats, campaigns] = await Promise.all([
    computeStats(opts.db, { column: 'organizationId', id: opts.orgId }, now),
    opts.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', opts.orgId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  return { ...stats, activeCampaigns: Number(campaigns.n) };
}
