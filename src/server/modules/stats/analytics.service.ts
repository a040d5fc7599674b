import {
  type AnalyticsQuery,
  type CampaignAnalytics,
  EXACT_TOP_EVENTS,
  type OrganizationAnalytics,
} from '#shared/schemas/analytics.ts';
import { SHARE_OUTCOMES } from '#shared/schemas/shares.ts';
import { isLocale, LOCALES } from '#shared/locales.ts';
import type { Db } from '../../db/client.ts';
import { pseudonym } from './pseudonym.ts';
import { inSnapshot, type LiveTail, liveTail, rollupMarks, type SnapshotRead } from './snapshot.ts';
import { SHARE_KEYS } from './share-keys.ts';
import { reachOnDays, sharedOnDays, supporterTotalsOnDays, type UtcDays } from './supporter-reach.ts';
import { engagementRate, inTail, type Scope } from './stats.service.ts';
import { type ResolvedRange, resolveRange } from './time-range.ts';
import { visitSources } from './visit-sources.ts';
import { hourOf } from '../../db/sql-time.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';

// Analytics of a date range in a time zone (API.md "Analytics and export"), exact:
// - daily buckets: the hourly rollups (any whole-hour zone buckets exactly) + the tail;
// - breakdowns: the daily rollups for the UTC days wholly inside the range, the raw
//   events of the partial days at its edges, and the tail;
// - supporters: the same split, with distinct counts from the reach rows and the top
//   supporters as rangeSupporters explains;
// all read in one snapshot (snapshot.ts).

const TOP_SUPPORTERS = 10;
/** Candidates counted exactly when the top supporters come from the days' leaders. */
const TOP_CANDIDATES = 30;
const iso = (ms: number) => new Date(ms).toISOString();

interface Cell {
  campaignId: number;
  assetId: number;
  platform: string;
  depth: number;
  /** The share's language; null when not recorded. */
  language: string | null;
  person: string | null;
  hour: string;
  tail: boolean;
  shares: number;
  clicks: number;
  /** Opened windows and prepared posts: counted apart, in no other figure. */
  opened: number;
  prepared: number;
}

/**
 * Raw events of `[lo, hi)` as cells: the rolled-up ones (up to the marks), or with
 * `tail` the live tail's (its bounded id ranges, through the primary key).
 */
async function rawCells(
  trx: Db,
  scope: Scope,
  lo: string,
  hi: string,
  marks: { shares: number; clicks: number },
  tail?: LiveTail,
) {
  const tailOnly = tail !== undefined;
  if (lo >= hi) return [];
  let s = trx
    .selectFrom('shares')
    .select((eb) => [
      'shares.campaignId',
      ...SHARE_KEYS,
      'shares.supporterId as person',
      'shares.status',
      hourOf('shares.createdAt').as('hour'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('shares.status', 'in', SHARE_OUTCOMES)
    .where('shares.createdAt', '>=', lo)
    .where('shares.createdAt', '<', hi);
  s = tail
    ? s.where(inTail('shares', tail.shares, scope))
    : s.where(`shares.${scope.column}`, '=', scope.id).where('shares.id', '<=', marks.shares);
  let c = trx
    .selectFrom('clicks')
    .innerJoin('shares', 'shares.id', 'clicks.shareId')
    .select((eb) => [
      'clicks.campaignId',
      ...SHARE_KEYS,
      'clicks.sharerId as person',
      hourOf('clicks.createdAt').as('hour'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('clicks.createdAt', '>=', lo)
    .where('clicks.createdAt', '<', hi);
  c = tail
    ? c.where(inTail('clicks', tail.clicks, scope))
    : c.where(`clicks.${scope.column}`, '=', scope.id).where('clicks.id', '<=', marks.clicks);
  const sr = await s
    .groupBy(['shares.campaignId', ...SHARE_KEYS, 'shares.supporterId', 'shares.status'])
    .groupBy(hourOf('shares.createdAt'))
    .execute();
  const cr = await c
    .groupBy(['clicks.campaignId', ...SHARE_KEYS, 'clicks.sharerId'])
    .groupBy(hourOf('clicks.createdAt'))
    .execute();
  const none = { shares: 0, clicks: 0, opened: 0, prepared: 0 };
  return [
    ...sr.map(({ status, n, ...r }) => ({
      ...r,
      tail: tailOnly,
      ...none,
      [status === 'shared' ? 'shares' : status]: Number(n),
    })),
    ...cr.map(({ n, ...r }) => ({ ...r, tail: tailOnly, ...none, clicks: Number(n) })),
  ] as Cell[];
}

type Acc = { shares: number; clicks: number };
/** A day or hour of the chart: its shares and clicks, and apart its opened windows and prepared posts. */
type Outcomes = { openedIntents: number; preparedPosts: number };
/** Whether a cell or rollup row counts in the shares and clicks (not only opened or prepared). */
const inShares = (r: Acc) => r.shares > 0 || r.clicks > 0;
const acc = <K>(map: Map<K, Acc>, key: K, shares: number, clicks: number) => {
  const a = map.get(key) ?? { shares: 0, clicks: 0 };
  a.shares += shares;
  a.clicks += clicks;
  map.set(key, a);
};
/** A breakdown row (platform, asset, campaign): shares and clicks, and apart the opened and prepared. */
type Figures = Acc & Outcomes;
const NO_FIGURES: Figures = { shares: 0, clicks: 0, openedIntents: 0, preparedPosts: 0 };
const addFigures = <K>(map: Map<K, Figures>, key: K, r: Acc & { opened: number; prepared: number }) => {
  const a = map.get(key) ?? { ...NO_FIGURES };
  a.shares += r.shares;
  a.clicks += r.clicks;
  a.openedIntents += r.opened;
  a.preparedPosts += r.prepared;
  map.set(key, a);
};

/**
 * The shares of `supporterIds` in the scope that carry a name, newest first. Through
 * the partial index of named shares (campaignId, supporterId), for the organisation
 * too (it has few campaigns next to its shares): the rows read are the named ones, not
 * every share of each supporter.
 */
export const namedSharesQuery = (trx: Db, scope: Scope, supporterIds: string[]) =>
  trx
    .selectFrom('shares')
    .select(['supporterId', 'supporterName'])
    .where(
      'campaignId',
      'in',
      scope.column === 'campaignId'
        ? [scope.id]
        : trx.selectFrom('campaigns').select('id').where('organizationId', '=', scope.id),
    )
    .where('supporterId', 'in', supporterIds)
    .where('supporterName', 'is not', null)
    .orderBy('id', 'desc');

/**
 * The names supporters gave with consent (stored on their shares only while the
 * organisation collects supporter information): the latest one labels them instead
 * of a pseudonym. At most TOP_SUPPORTERS ids, so the read stays bounded.
 */
async function consentedNames(trx: Db, scope: Scope, supporterIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (supporterIds.length === 0) return names;
  for (const r of await namedSharesQuery(trx, scope, supporterIds).execute()) {
    if (r.supporterId && r.supporterName && !names.has(r.supporterId))
      names.set(r.supporterId, r.supporterName);
  }
  return names;
}

const byActivity = ([ia, a]: [string, Acc], [ib, b]: [string, Acc]) =>
  b.shares - a.shares || b.clicks - a.clicks || (ia < ib ? -1 : 1);

/**
 * Distinct supporters and top supporters of a range: the interior UTC days [lo, hi)
 * from the rollups, plus `outer` (the raw events of the partial days at the edges and
 * of the tail).
 * - Distinct: exact. The reach rows count the interior's supporters; an outer sharer
 *   adds one unless they also shared on an interior day.
 * - Top: exact when `exact` (the range has few events, so its per-supporter-day rows
 *   are few); otherwise the candidates are each interior day's LEADERS most active
 *   supporters and the outer sharers, ranked by those partial counts; the first
 *   TOP_CANDIDATES are counted exactly over the range and the top ones listed. Their
 *   counts are exact; a supporter never among a day's leaders (activity spread thinly
 *   over many days) can be missed.
 */
async function rangeSupporters(
  trx: Db,
  scope: Scope,
  days: UtcDays,
  outerCells: Cell[],
  opts: { exact: boolean },
): Promise<{ unique: number; top: [string, Acc][] }> {
  const orgId =
    scope.column === 'organizationId'
      ? scope.id
      : (
          await trx
            .selectFrom('campaigns')
            .select('organizationId')
            .where('id', '=', scope.id)
            .executeTakeFirstOrThrow()
        ).organizationId;
  const outer = new Map<string, Acc>();
  for (const r of outerCells) if (r.person) acc(outer, r.person, r.shares, r.clicks);
  const outerSharers = [...outer].filter(([, a]) => a.shares > 0).map(([id]) => id);
  const reach = await reachOnDays(trx, scope, days);
  const inside = await sharedOnDays(trx, scope, orgId, outerSharers, days);
  const unique = reach.distinct + outerSharers.filter((id) => !inside.has(id)).length;

  const people = new Map<string, Acc>();
  if (opts.exact) {
    const rows = await trx
      .selectFrom('rollupSupporterDays')
      .select((eb) => [
        'supporterId',
        eb.fn.sum<number>('shares').as('shares'),
        eb.fn.sum<number>('clicks').as('clicks'),
      ])
      .where(scope.column, '=', scope.id)
      .where('day', '>=', days.lo)
      .where('day', '<', days.hi)
      .groupBy('supporterId')
      .execute();
    for (const r of rows) acc(people, r.supporterId, Number(r.shares), Number(r.clicks));
  } else {
    const partial = new Map<string, number>();
    for (const day of reach.leaders) for (const [id, n] of day) partial.set(id, (partial.get(id) ?? 0) + n);
    for (const id of outerSharers) partial.set(id, (partial.get(id) ?? 0) + outer.get(id)!.shares);
    const candidates = [...partial]
      .sort(([ia, a], [ib, b]) => b - a || (ia < ib ? -1 : 1))
      .slice(0, TOP_CANDIDATES)
      .map(([id]) => id);
    const inner = await supporterTotalsOnDays(trx, scope, orgId, candidates, days);
    for (const [id, a] of inner) acc(people, id, a.shares, a.clicks);
    for (const id of candidates) acc(people, id, 0, 0);
  }
  for (const [id, a] of outer) if (opts.exact || people.has(id)) acc(people, id, a.shares, a.clicks);
  const top = [...people]
    .filter(([, a]) => a.shares > 0)
    .sort(byActivity)
    .slice(0, TOP_SUPPORTERS);
  return { unique, top };
}

/**
 * Unconfirmed click-throughs (migration 0025) of the scope in the UTC hours that start
 * in [a, b), as the daily buckets take hours.
 */
async function unconfirmedClicks(trx: Db, scope: Scope, a: number, b: number): Promise<number> {
  const hourAt = (ms: number) => iso(Math.ceil(ms / HOUR_MS) * HOUR_MS).slice(0, 13);
  const row = await trx
    .selectFrom('unconfirmedClicks')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .where(scope.column, '=', scope.id)
    .where('hour', '>=', hourAt(a))
    .where('hour', '<', hourAt(b))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function analytics(
  trx: Db,
  scope: Scope,
  range: ResolvedRange,
  key: Buffer,
  exactTopEvents = EXACT_TOP_EVENTS,
  tailLimit?: number,
) {
  const marks = await rollupMarks(trx);
  const A = range.bounds[0];
  const B = range.bounds.at(-1)!;
  // UTC days wholly inside [A, B): read from the daily rollups.
  const firstDay = Math.ceil(A / DAY_MS) * DAY_MS;
  const lastDayEnd = Math.floor(B / DAY_MS) * DAY_MS;
  const hourTable = scope.column === 'campaignId' ? 'rollupCampaignHours' : 'rollupOrgHours';
  const hourOf = (ms: number) => iso(ms).slice(0, 13);
  /** Whether no rolled-up event of the scope is in the UTC hours [lo, hi) ('YYYY-MM-DDTHH'). */
  const noEventsIn = async (lo: string, hi: string) =>
    lo >= hi ||
    !(await trx
      .selectFrom(hourTable)
      .select('hour')
      .where(scope.column, '=', scope.id)
      .where('hour', '>=', lo)
      .where('hour', '<', hi)
      .limit(1)
      .executeTakeFirst());
  // A partial UTC day at an edge joins the interior when the rollups hold nothing in its
  // part outside the range (most often: the range ends today and the rest of the UTC day
  // is in the future); its daily rows then hold exactly the in-range events, and the
  // edge costs no raw read. An hour straddling the bound must be empty too.
  let start = firstDay;
  let end = lastDayEnd;
  if (A % DAY_MS && (await noEventsIn(hourOf(firstDay - DAY_MS), hourOf(A) + (A % HOUR_MS ? '~' : ''))))
    start = firstDay - DAY_MS;
  if (B % DAY_MS && (await noEventsIn(hourOf(B - (B % HOUR_MS)), hourOf(lastDayEnd + DAY_MS))))
    end = lastDayEnd + DAY_MS;
  const interior = start < end ? { lo: start, hi: end } : { lo: B, hi: B };

  const edges = [
    ...(await rawCells(trx, scope, iso(A), iso(interior.lo), marks)),
    ...(await rawCells(trx, scope, iso(interior.hi), iso(B), marks)),
  ];
  // Past the marks: at most `tailLimit` events of each table (a backlog is counted by
  // the rollup job, and the answer says since when with `pendingSince`).
  const live = await liveTail(trx, marks, tailLimit);
  const tail = await rawCells(trx, scope, iso(A), iso(B), marks, live);
  const sharesOf = (cells: Cell[]) => cells.filter(inShares);

  // Daily: hourly rollups + tail, bucketed by the local day each hour starts in.
  const hours = await trx
    .selectFrom(hourTable)
    .select(['hour', 'shares', 'clicks', 'opened', 'prepared'])
    .where(scope.column, '=', scope.id)
    .where('hour', '>=', iso(A).slice(0, 13))
    .where('hour', '<', iso(B).slice(0, 13) + (B % HOUR_MS ? '~' : ''))
    .execute();
  const byHour = new Map<string, Acc & Outcomes>();
  for (const h of [...hours, ...tail]) {
    const a = byHour.get(h.hour) ?? { shares: 0, clicks: 0, openedIntents: 0, preparedPosts: 0 };
    a.shares += Number(h.shares);
    a.clicks += Number(h.clicks);
    a.openedIntents += Number(h.opened);
    a.preparedPosts += Number(h.prepared);
    byHour.set(h.hour, a);
  }
  const daily = range.dates.map((date) => ({
    date,
    shares: 0,
    clicks: 0,
    openedIntents: 0,
    preparedPosts: 0,
  }));
  for (const [hour, a] of byHour) {
    const at = Date.parse(`${hour}:00:00Z`);
    let lo = 0;
    let hi = range.dates.length;
    if (at < range.bounds[0] || at >= B) continue;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (range.bounds[mid] <= at) lo = mid;
      else hi = mid;
    }
    daily[lo].shares += a.shares;
    daily[lo].clicks += a.clicks;
    daily[lo].openedIntents += a.openedIntents;
    daily[lo].preparedPosts += a.preparedPosts;
  }

  // Breakdowns: daily rollups of the interior days (summed in the database) + edges + tail.
  const lo = iso(interior.lo).slice(0, 10);
  const hi = iso(interior.hi).slice(0, 10);
  const dayRows = await trx
    .selectFrom('rollupDays')
    .select((eb) => [
      'campaignId',
      'assetId',
      'platform',
      'depth',
      eb.fn.sum<number>('shares').as('shares'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('opened').as('opened'),
      eb.fn.sum<number>('prepared').as('prepared'),
    ])
    .where(scope.column, '=', scope.id)
    .where('day', '>=', lo)
    .where('day', '<', hi)
    .groupBy(['campaignId', 'assetId', 'platform', 'depth'])
    .execute();
  // Per language: the interior days from rollupLanguageDays (its '' is not recorded),
  // which the job fills from the same events as rollupDays.
  const languageRows = await trx
    .selectFrom('rollupLanguageDays')
    .select((eb) => [
      'language',
      eb.fn.sum<number>('shares').as('shares'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('opened').as('opened'),
      eb.fn.sum<number>('prepared').as('prepared'),
    ])
    .where(scope.column, '=', scope.id)
    .where('day', '>=', lo)
    .where('day', '<', hi)
    .groupBy('language')
    .execute();
  const languages = new Map<string, Figures>();
  for (const r of [
    ...languageRows.map((d) => ({
      language: d.language,
      shares: Number(d.shares),
      clicks: Number(d.clicks),
      opened: Number(d.opened),
      prepared: Number(d.prepared),
    })),
    ...edges,
    ...tail,
  ])
    if (inShares(r) || r.opened > 0 || r.prepared > 0) addFigures(languages, languageKey(r.language), r);
  const platforms = new Map<string, Figures>();
  const assets = new Map<number, Figures>();
  const campaigns = new Map<number, Figures>();
  const depths = new Map<number, Acc>();
  for (const r of [
    ...dayRows.map((d) => ({
      ...d,
      shares: Number(d.shares),
      clicks: Number(d.clicks),
      opened: Number(d.opened),
      prepared: Number(d.prepared),
    })),
    ...edges,
    ...tail,
  ]) {
    // The breakdowns list each figure apart; referral generations are shares only.
    if (inShares(r) || r.opened > 0 || r.prepared > 0) {
      addFigures(platforms, r.platform, r);
      addFigures(assets, r.assetId, r);
      addFigures(campaigns, r.campaignId, r);
    }
    if (inShares(r)) acc(depths, r.depth, r.shares, r.clicks);
  }

  // Totals from the breakdowns, exact in every zone: with a half-hour offset the
  // hourly rows at the range's ends straddle its bounds, so the daily sum can differ.
  // Opened windows and prepared posts are exact like the shares.
  const sum = { ...NO_FIGURES };
  for (const a of platforms.values()) for (const k of Object.keys(sum) as (keyof Figures)[]) sum[k] += a[k];
  const { shares, clicks, ...outcomes } = sum;
  // Exact top-k needs the range's per-supporter-day rows, at most shares + clicks of
  // them: bounded only for a small range.
  const topExact = shares + clicks <= exactTopEvents;
  const supporters = await rangeSupporters(trx, scope, { lo, hi }, sharesOf([...edges, ...tail]), {
    exact: topExact,
  });
  const names = await consentedNames(
    trx,
    scope,
    supporters.top.map(([id]) => id),
  );
  const topSupporters = supporters.top.map(([id, a]) => ({
    label: names.get(id) ?? pseudonym(key, id),
    shares: a.shares,
    clicks: a.clicks,
  }));

  const generations = [...depths]
    .filter(([, a]) => a.shares > 0)
    .map(([depth, a]) => ({ depth, shares: a.shares }))
    .sort((a, b) => a.depth - b.depth);
  const roots = depths.get(0)?.shares ?? 0;
  const children = generations.filter((g) => g.depth > 0).reduce((n, g) => n + g.shares, 0);
  const withTitles = await trx
    .selectFrom('assets')
    .select(['id', 'title'])
    .where('id', 'in', [0, ...assets.keys()])
    .execute();
  const titles = new Map(withTitles.map((a) => [a.id, a.title]));
  const sources = await visitSources(trx, scope, iso(A), iso(B), live);

  return {
    result: {
      range: { from: range.from, to: range.to, tz: range.tz },
      totals: {
        shares,
        clicks,
        unconfirmedClicks: await unconfirmedClicks(trx, scope, A, B),
        uniqueSupporters: supporters.unique,
        engagementRate: engagementRate(clicks, shares),
        ...outcomes,
      },
      pendingSince: live.pendingSince,
      daily,
      platforms: [...platforms]
        .map(([platform, a]) => ({ platform, ...a }))
        .sort((a, b) => b.shares - a.shares || a.platform.localeCompare(b.platform)),
      assets: [...assets]
        .map(([assetId, a]) => ({ assetId, title: titles.get(assetId) ?? '', ...a }))
        .sort((a, b) => b.shares - a.shares || a.assetId - b.assetId),
      referrals: {
        maxDepth: generations.at(-1)?.depth ?? 0,
        generations,
        viralCoefficient: roots ? Math.round((children / roots) * 100) / 100 : 0,
      },
      topSupporters,
      topSupportersExact: topExact,
      sources,
      languages: languageRowsOf(languages),
    } satisfies CampaignAnalytics,
    campaigns,
  };
}

/** A row's language as a breakdown key: the locale, or '' when not recorded (or not a locale). */
const languageKey = (language: string | null) => (language && isLocale(language) ? language : '');

/** The `languages` rows: most shares first, then click-throughs, then in LOCALES order, not recorded last. */
function languageRowsOf(languages: Map<string, Figures>): CampaignAnalytics['languages'] {
  const order = (l: string) => (isLocale(l) ? LOCALES.indexOf(l) : LOCALES.length);
  return [...languages]
    .sort(([la, a], [lb, b]) => b.shares - a.shares || b.clicks - a.clicks || order(la) - order(lb))
    .map(([language, a]) => ({
      language: isLocale(language) ? language : null,
      shares: a.shares,
      clickThroughs: a.clicks,
      openedIntents: a.openedIntents,
      preparedPosts: a.preparedPosts,
    }));
}

interface AnalyticsRead extends SnapshotRead {
  query: AnalyticsQuery;
  /** The key of the supporters' pseudonyms. */
  key: Buffer;
  /** Tests lower it to exercise the top supporters drawn from the days' leaders. */
  exactTopEvents?: number;
}

/** The analytics of `scope` over the query's range, and what `more` reads with them, in one snapshot. */
function inAnalyticsSnapshot<T>(
  opts: AnalyticsRead,
  scope: Scope,
  more: (trx: Db, figures: Awaited<ReturnType<typeof analytics>>) => Promise<T>,
): Promise<T> {
  const range = resolveRange(opts.query, opts.now);
  return inSnapshot(opts.db, opts.dialect, async (trx) =>
    more(trx, await analytics(trx, scope, range, opts.key, opts.exactTopEvents, opts.tailLimit)),
  );
}

export function campaignAnalytics(opts: AnalyticsRead & { campaignId: number }): Promise<CampaignAnalytics> {
  return inAnalyticsSnapshot(
    opts,
    { column: 'campaignId', id: opts.campaignId },
    async (_, { result }) => result,
  );
}

export function organizationAnalytics(
  opts: AnalyticsRead & { orgId: number },
): Promise<OrganizationAnalytics> {
  return inAnalyticsSnapshot(
    opts,
    { column: 'organizationId', id: opts.orgId },
    async (trx, { result, campaigns }) => {
      const names = await trx
        .selectFrom('campaigns')
        .select(['id', 'name'])
        .where('organizationId', '=', opts.orgId)
        .execute();
      return {
        ...result,
        campaigns: names
          .map((c) => ({
            campaignId: c.id,
            name: c.name,
            ...(campaigns.get(c.id) ?? NO_FIGURES),
          }))
          .sort((a, b) => b.shares - a.shares || a.campaignId - b.campaignId),
      };
    },
  );
}
