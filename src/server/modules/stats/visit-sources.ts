import type { CampaignAnalytics } from '#shared/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { type LiveTail, liveTail, rollupMarks } from './snapshot.ts';
import { inTail, type Scope } from './stats.service.ts';
import { DAY_MS } from '#shared/durations.ts';

// Visits per source (`?src=` on the supporter link, e.g. `qr` for the poster) and the
// shares made by the visitors who arrived with it, over [lo, hi), exact and bounded
// whatever the history (docs/decisions/0022-source-rollups.md), as the other analytics:
// - the UTC days wholly inside the range from rollupSourceDays (rollups-sources.ts);
// - the partial days at its edges from the event rows, through partial indexes that
//   hold only tagged visits and shares (migration 0013), so an edge costs its tagged
//   events, at most a day of them; every row of an edge, rolled up or not;
// - the rows of the interior days in the live tail (snapshot.ts: bounded id ranges past
//   the marks), through the primary key.
// Shares are counted on the same rules as every other share figure (status `shared`,
// `createdAt` in the range), so a source's shares are part of `totals.shares`.

/** One source's figures, as the analytics answer lists them. */
export type SourceRow = CampaignAnalytics['sources'][number];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Tagged rows of one event table with `createdAt` in [lo, hi): all of them in the scope
 * (the partial index of tagged rows), or only those in the live tail (the primary key;
 * `+column` keeps the planner off the scope indexes, which span the whole history).
 */
const tagged = (
  trx: Db,
  table: 'visits' | 'shares',
  scope: Scope,
  range: { lo: string; hi: string },
  tail?: LiveTail,
) => {
  const q = trx
    .selectFrom(table)
    .where('source', 'is not', null)
    .where('createdAt', '>=', range.lo)
    .where('createdAt', '<', range.hi);
  return tail === undefined
    ? q.where(scope.column, '=', scope.id)
    : q.where(inTail(table, tail[table], scope));
};

export async function visitSources(
  trx: Db,
  scope: Scope,
  lo: string,
  hi: string,
  tail?: LiveTail,
): Promise<SourceRow[]> {
  const rows = new Map<string, SourceRow>();
  const row = (source: string) => {
    let r = rows.get(source);
    if (!r) {
      r = { source, visits: 0, shares: 0 };
      rows.set(source, r);
    }
    return r;
  };
  /** Adds the tagged events of `range` (all, or the live tail's). */
  const addRaw = async (range: { lo: string; hi: string }, past?: LiveTail) => {
    if (range.lo >= range.hi) return;
    const visits = await tagged(trx, 'visits', scope, range, past)
      .select((eb) => ['source', eb.fn.countAll<number>().as('n')])
      .groupBy('source')
      .execute();
    // Grouped by status and filtered here: a `status = ?` term would draw the planner to
    // the (scope, status, createdAt) index, which reads every share of the range, instead
    // of the partial index that holds only tagged ones (x10 at 1M shares on SQLite).
    const shares = await tagged(trx, 'shares', scope, range, past)
      .select((eb) => ['source', 'status', eb.fn.countAll<number>().as('n')])
      .groupBy(['source', 'status'])
      .execute();
    for (const v of visits) if (v.source) row(v.source).visits += Number(v.n);
    for (const s of shares) if (s.source && s.status === 'shared') row(s.source).shares += Number(s.n);
  };

  const A = Date.parse(lo);
  const B = Date.parse(hi);
  const firstDay = Math.ceil(A / DAY_MS) * DAY_MS;
  const lastDayEnd = Math.floor(B / DAY_MS) * DAY_MS;
  if (firstDay < lastDayEnd) {
    const m = tail ?? (await liveTail(trx, await rollupMarks(trx)));
    const rolled = await trx
      .selectFrom('rollupSourceDays')
      .select((eb) => [
        'source',
        eb.fn.sum<number>('visits').as('visits'),
        eb.fn.sum<number>('shares').as('shares'),
      ])
      .where(scope.column, '=', scope.id)
      .where('day', '>=', iso(firstDay).slice(0, 10))
      .where('day', '<', iso(lastDayEnd).slice(0, 10))
      .groupBy('source')
      .execute();
    for (const r of rolled) {
      const a = row(r.source);
      a.visits += Number(r.visits);
      a.shares += Number(r.shares);
    }
    await addRaw({ lo: iso(firstDay), hi: iso(lastDayEnd) }, m);
    await addRaw({ lo, hi: iso(firstDay) });
    await addRaw({ lo: iso(lastDayEnd), hi });
  } else await addRaw({ lo, hi });

  return [...rows.values()]
    .filter((r) => r.visits > 0 || r.shares > 0)
    .sort((a, b) => b.visits - a.visits || b.shares - a.shares || a.source.localeCompare(b.source));
}
