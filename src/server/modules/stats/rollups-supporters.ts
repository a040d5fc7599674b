import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { DAY_MS } from '#shared/durations.ts';

// The supporter figures of the rollups, kept so that reads stay bounded whatever the
// history (docs/decisions/0016-bounded-supporter-figures.md). Per scope (a campaign,
// and the whole organisation):
// - reach rows, one per UTC day: how many supporters shared that day, by the gap in
//   days since each one's previous share day ("gaps"), and the day's LEADERS most
//   active supporters. Distinct supporters of the days [lo, hi) are then the supporter-
//   days whose previous share day is before lo: one row per day read, exact.
// - the all-time count of distinct supporters, and per UTC hour how many supporters'
//   latest share is in it (active supporters of the last 30 days).
// Everything here is computed from the state before the batch (read first) plus the
// batch's own share events, and written after the batch's per-supporter-day rows.

/** Supporters kept per reach row as candidates for a range's top supporters. */
export const LEADERS = 20;
/** Gaps above this are stored as 0: no range is longer than 366 days. */
export const MAX_GAP = 366;
const CHUNK = 400;

export type ScopeKind = 'campaign' | 'org';
export const SCOPE_TABLES = {
  campaign: {
    column: 'campaignId',
    seen: 'supporterCampaigns',
    reach: 'rollupCampaignReach',
    counts: 'rollupCampaignSupporters',
    lastHours: 'rollupCampaignLastHours',
  },
  org: {
    column: 'organizationId',
    seen: 'supporterOrgs',
    reach: 'rollupOrgReach',
    counts: 'rollupOrgSupporters',
    lastHours: 'rollupOrgLastHours',
  },
} as const;

export interface ShareEvent {
  campaignId: number;
  organizationId: number;
  supporterId: string;
  createdAt: string;
}

export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The gap key of a supporter-day: days since the previous share day, 0 if none or too old. */
export function gapKey(prev: string | undefined, day: string): number {
  if (prev === undefined) return 0;
  const gap = dayNumber(day) - dayNumber(prev);
  return gap > MAX_GAP ? 0 : gap;
}

interface ReachDelta {
  scopeId: number;
  organizationId: number;
  day: string;
  supporters: number;
  gaps: Map<number, number>;
}

const bump = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

function inChunks<T>(xs: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/**
 * A row of a campaign table (campaignId + organizationId) or of an organisation table
 * (organizationId): the same code writes both, so the row is typed for neither.
 */
function scopeRow(kind: ScopeKind, scopeId: number, organizationId: number, values: object): never {
  return (
    kind === 'campaign'
      ? { ...values, campaignId: scopeId, organizationId }
      : { ...values, organizationId: scopeId }
  ) as never;
}

/**
 * The share days of one supporter in a scope within [lo, hi], before this batch: the
 * neighbours of a day that arrives out of order (rare: events are rolled in id order,
 * which is nearly time order).
 */
async function shareDays(
  trx: Db,
  kind: ScopeKind,
  p: { scopeId: number; organizationId: number; supporterId: string },
  lo: string,
  hi: string,
): Promise<string[]> {
  let q = trx
    .selectFrom('rollupSupporterDays')
    .select('day')
    .distinct()
    .where('organizationId', '=', p.organizationId)
    .where('supporterId', '=', p.supporterId)
    .where('day', '>=', lo)
    .where('day', '<=', hi)
    .where('shares', '>', 0);
  if (kind === 'campaign') q = q.where('campaignId', '=', p.scopeId);
  return (await q.orderBy('day').execute()).map((r) => r.day);
}

const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Reads what the batch changes for one scope kind and returns the writer that stores
 * it, to be called once the batch's rollupSupporterDays rows are written.
 */
async function scopeDeltas(trx: Db, kind: ScopeKind, events: ShareEvent[]) {
  const t = SCOPE_TABLES[kind];
  const scopeOf = (e: ShareEvent) => (kind === 'campaign' ? e.campaignId : e.organizationId);
  const pairs = new Map<
    string,
    { scopeId: number; organizationId: number; supporterId: string; days: Set<string>; last: string }
  >();
  const touchedDays = new Map<string, { scopeId: number; organizationId: number; day: string }>();
  /** The batch's sharers per scope and day: the only supporters whose day count moves. */
  const daySharers = new Map<string, Set<string>>();
  for (const e of events) {
    const scopeId = scopeOf(e);
    const key = `${scopeId}|${e.supporterId}`;
    const day = e.createdAt.slice(0, 10);
    const p = pairs.get(key);
    if (!p)
      pairs.set(key, {
        scopeId,
        organizationId: e.organizationId,
        supporterId: e.supporterId,
        days: new Set([day]),
        last: e.createdAt,
      });
    else {
      p.days.add(day);
      if (e.createdAt > p.last) p.last = e.createdAt;
    }
    touchedDays.set(`${scopeId}|${day}`, { scopeId, organizationId: e.organizationId, day });
    const sharers = daySharers.get(`${scopeId}|${day}`) ?? new Set<string>();
    daySharers.set(`${scopeId}|${day}`, sharers.add(e.supporterId));
  }

  // Latest rolled-up share of each pair before the batch.
  const oldLast = new Map<string, string>();
  const byScope = new Map<number, string[]>();
  for (const p of pairs.values()) {
    const ids = byScope.get(p.scopeId);
    if (ids) ids.push(p.supporterId);
    else byScope.set(p.scopeId, [p.supporterId]);
  }
  for (const [scopeId, ids] of byScope) {
    for (const chunk of inChunks(ids)) {
      const rows = await trx
        .selectFrom(t.seen)
        .select(['supporterId', 'lastAt'])
        .where(t.column, '=', scopeId)
        .where('supporterId', 'in', chunk)
        .execute();
      for (const r of rows) oldLast.set(`${scopeId}|${r.supporterId}`, r.lastAt);
    }
  }

  const counts = new Map<number, { organizationId: number; n: number }>();
  const lastHours = new Map<string, { scopeId: number; organizationId: number; hour: string; n: number }>();
  const hourDelta = (p: { scopeId: number; organizationId: number }, hour: string, n: number) => {
    const key = `${p.scopeId}|${hour}`;
    const h = lastHours.get(key) ?? { scopeId: p.scopeId, organizationId: p.organizationId, hour, n: 0 };
    h.n += n;
    lastHours.set(key, h);
  };
  const reach = new Map<string, ReachDelta>();
  const reachDelta = (p: { scopeId: number; organizationId: number }, day: string) => {
    const key = `${p.scopeId}|${day}`;
    let r = reach.get(key);
    if (!r) {
      r = { scopeId: p.scopeId, organizationId: p.organizationId, day, supporters: 0, gaps: new Map() };
      reach.set(key, r);
    }
    return r;
  };

  for (const [key, p] of pairs) {
    const old = oldLast.get(key);
    if (!old) {
      const c = counts.get(p.scopeId) ?? { organizationId: p.organizationId, n: 0 };
      c.n++;
      counts.set(p.scopeId, c);
      hourDelta(p, p.last.slice(0, 13), 1);
    } else if (p.last > old && p.last.slice(0, 13) !== old.slice(0, 13)) {
      hourDelta(p, old.slice(0, 13), -1);
      hourDelta(p, p.last.slice(0, 13), 1);
    }

    const batchDays = [...p.days].sort();
    const lastDay = old?.slice(0, 10);
    // Known share days around the batch's: in time order only the latest matters (no
    // day is after it); a batch day before it needs the supporter's days within
    // MAX_GAP + 1 either side (further ones are gap 0 whatever is inserted between).
    const known =
      lastDay === undefined
        ? []
        : lastDay <= batchDays[0]
          ? [lastDay]
          : await shareDays(
              trx,
              kind,
              p,
              shiftDay(batchDays[0], -(MAX_GAP + 1)),
              shiftDay(batchDays.at(-1)!, MAX_GAP + 1),
            );
    for (const day of batchDays) {
      let i = 0;
      while (i < known.length && known[i] < day) i++;
      if (known[i] === day) continue;
      const prev = i > 0 ? known[i - 1] : undefined;
      const next = known[i];
      const r = reachDelta(p, day);
      r.supporters++;
      bump(r.gaps, gapKey(prev, day), 1);
      if (next !== undefined) {
        // The next share day's previous one is now this day.
        const n = reachDelta(p, next);
        bump(n.gaps, gapKey(prev, next), -1);
        bump(n.gaps, gapKey(day, next), 1);
      }
      known.splice(i, 0, day);
    }
  }

  return async (w: Db) => {
    for (const [scopeId, c] of counts) {
      await w
        .insertInto(t.counts)
        .values(scopeRow(kind, scopeId, c.organizationId, { supporters: c.n }))
        .onConflict((oc) =>
          oc
            .column(t.column)
            .doUpdateSet({ supporters: sql<number>`${sql.ref(`${t.counts}.supporters`)} + ${c.n}` }),
        )
        .execute();
    }
    const hours = [...lastHours.values()].filter((h) => h.n !== 0);
    for (const chunk of inChunks(hours)) {
      await w
        .insertInto(t.lastHours)
        .values(
          chunk.map((h) => scopeRow(kind, h.scopeId, h.organizationId, { hour: h.hour, supporters: h.n })),
        )
        .onConflict((oc) =>
          oc.columns([t.column, 'hour']).doUpdateSet({
            supporters: sql<number>`${sql.ref(`${t.lastHours}.supporters`)} + ${sql.ref('excluded.supporters')}`,
          }),
        )
        .execute();
    }
    for (const h of hours.filter((x) => x.n < 0))
      await w
        .deleteFrom(t.lastHours)
        .where(t.column, '=', h.scopeId)
        .where('hour', '=', h.hour)
        .where('supporters', '<=', 0)
        .execute();

    // Reach rows: every day with a share in the batch (its leaders may change), and
    // every day whose gaps changed.
    for (const r of reach.values()) touchedDays.set(`${r.scopeId}|${r.day}`, r);
    for (const d of touchedDays.values()) {
      const row = await w
        .selectFrom(t.reach)
        .select(['supporters', 'gaps', 'leaders'])
        .where(t.column, '=', d.scopeId)
        .where('day', '=', d.day)
        .executeTakeFirst();
      const delta = reach.get(`${d.scopeId}|${d.day}`);
      const gaps = new Map<number, number>(
        Object.entries(JSON.parse(row?.gaps ?? '{}') as Record<string, number>).map(([g, n]) => [
          Number(g),
          n,
        ]),
      );
      for (const [g, n] of delta?.gaps ?? []) bump(gaps, g, n);
      const values = {
        day: d.day,
        supporters: Number(row?.supporters ?? 0) + (delta?.supporters ?? 0),
        gaps: JSON.stringify(Object.fromEntries([...gaps].filter(([, n]) => n !== 0))),
        leaders: JSON.stringify(
          await leaders(w, kind, d, JSON.parse(row?.leaders ?? '[]'), [
            ...(daySharers.get(`${d.scopeId}|${d.day}`) ?? []),
          ]),
        ),
      };
      await w
        .insertInto(t.reach)
        .values(scopeRow(kind, d.scopeId, d.organizationId, values))
        .onConflict((oc) =>
          oc.columns([t.column, 'day']).doUpdateSet({
            supporters: sql.ref('excluded.supporters'),
            gaps: sql.ref('excluded.gaps'),
            leaders: sql.ref('excluded.leaders'),
          }),
        )
        .execute();
    }
  };
}

const byActivity = (a: [string, number], b: [string, number]) =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The day's LEADERS most active supporters of the scope. Shares only ever add to a
 * supporter-day, so a supporter outside the previous leaders whose count this batch did
 * not move cannot overtake any of them: the new leaders are among the previous ones and
 * the batch's sharers of that day, whose totals are read by key. The cost follows the
 * batch, not how busy the day already is (reading the whole day each batch made a busy
 * day's rollup slower with every batch).
 */
async function leaders(
  w: Db,
  kind: ScopeKind,
  d: { scopeId: number; day: string },
  previous: [string, number][],
  sharers: string[],
): Promise<[string, number][]> {
  if (sharers.length === 0) return previous;
  const counts = new Map(previous);
  for (const chunk of inChunks(sharers)) {
    const rows =
      kind === 'campaign'
        ? await w
            .selectFrom('rollupSupporterDays')
            .select(['supporterId', 'shares'])
            .where('campaignId', '=', d.scopeId)
            .where('day', '=', d.day)
            .where('supporterId', 'in', chunk)
            .execute()
        : await w
            .selectFrom('rollupSupporterDays')
            .select((eb) => ['supporterId', eb.fn.sum<number>('shares').as('shares')])
            .where('organizationId', '=', d.scopeId)
            .where('day', '=', d.day)
            .where('supporterId', 'in', chunk)
            .groupBy('supporterId')
            .execute();
    for (const r of rows) counts.set(r.supporterId, Number(r.shares));
  }
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort(byActivity)
    .slice(0, LEADERS);
}

/**
 * Reads the state before the batch for the batch's share events (shared, with a
 * supporter) and returns the writer of the supporter figures, to run after the
 * batch's per-supporter-day rows and before supporterCampaigns/supporterOrgs move.
 */
export async function supporterFigures(trx: Db, events: ShareEvent[]): Promise<(w: Db) => Promise<void>> {
  if (events.length === 0) return async () => {};
  const writers = [await scopeDeltas(trx, 'campaign', events), await scopeDeltas(trx, 'org', events)];
  return async (w) => {
    for (const write of writers) await write(w);
  };
}
