import { type Expression, type Insertable, type Kysely, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type {
  Database,
  RollupCampaignHoursTable,
  RollupDaysTable,
  RollupLanguageDaysTable,
  RollupOrgHoursTable,
  RollupTotalsTable,
} from '../../db/schema.ts';
import { SHARE_KEYS } from './share-keys.ts';
import { rollUpSources } from './rollups-sources.ts';
import { supporterFigures } from './rollups-supporters.ts';
import type { Job } from '../../jobs/runner.ts';
import { dayOf, hourOf } from '../../db/sql-time.ts';

// Rolls logged shares and click-throughs into the rollup tables in small batches,
// off the request path. Each event table has a high-water mark (rollupState.lastId):
// events with an id at or below it are in the rollups, the rest is the "tail" that
// readers add live (modules/stats/snapshot.ts). Rollups and the mark move in
// one transaction, so a reader's snapshot never counts an event twice or not at all.
//
// Ids are handed out at insert but, on PostgreSQL, committed in any order: a gap in
// the ids may be an insert still in flight. A batch stops before a gap unless the
// event after it is older than GAP_GRACE_MS (then the gap is a rolled-back insert).

export const ROLLUP_BATCH = 5000;
export const GAP_GRACE_MS = 30_000;
const UPSERT_CHUNK = 400;

/** What a rollup row counts: shares, click-throughs, opened windows and prepared posts. */
type Counts = { shares: number; clicks: number; opened: number; prepared: number };
/** A rollup row as the batch builds it: every count set. */
type Built<T> = Omit<T, 'opened' | 'prepared'> & { opened: number; prepared: number };
type Totals = Built<RollupTotalsTable>;
const NONE: Counts = { shares: 0, clicks: 0, opened: 0, prepared: 0 };

/** Adds `add` into a map entry keyed by `key`, creating it with `base`. */
function bump<T extends Counts>(map: Map<string, T>, key: string, base: () => T, add: Counts): T {
  let row = map.get(key);
  if (!row) {
    row = base();
    map.set(key, row);
  }
  row.shares += add.shares;
  row.clicks += add.clicks;
  row.opened += add.opened;
  row.prepared += add.prepared;
  return row;
}

/** The ids a batch may take: a contiguous run from `lastId`, or past a gap once it is old. */
export function contiguous<T extends { id: number; createdAt: string }>(
  rows: T[],
  lastId: number,
  now: number,
): T[] {
  const graceIso = new Date(now - GAP_GRACE_MS).toISOString();
  let expected = lastId + 1;
  const out: T[] = [];
  for (const row of rows) {
    if (row.id !== expected && row.createdAt > graceIso) break;
    out.push(row);
    expected = row.id + 1;
  }
  return out;
}

const add = (table: string, column: string) =>
  sql<number>`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
const later = (table: string, column: string): Expression<string> =>
  sql<string>`case when ${sql.ref(`excluded.${column}`)} > ${sql.ref(`${table}.${column}`)} then ${sql.ref(`excluded.${column}`)} else ${sql.ref(`${table}.${column}`)} end`;

async function chunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) await write(rows.slice(i, i + UPSERT_CHUNK));
}

type Update = Record<string, Expression<unknown>>;
/** A key already there gets the batch's shares and clicks added. */
const addCounts = (table: string): Update => ({ shares: add(table, 'shares'), clicks: add(table, 'clicks') });
/** ...and its opened windows and prepared posts, in the tables that count them. */
const addAllCounts = (table: string): Update => ({
  ...addCounts(table),
  opened: add(table, 'opened'),
  prepared: add(table, 'prepared'),
});
/** A key already there keeps the later of the two times. */
const keepLatest = (table: string): Update => ({ lastAt: later(table, 'lastAt') });

/**
 * Writes the batch's rows of a rollup table, UPSERT_CHUNK rows a statement; a row whose
 * key is there already gets `update(table)` instead. The signature ties the rows and the
 * key columns to the table; the builder is untyped (as in migrations) because Kysely
 * cannot check a table chosen at run time.
 */
function upsert<T extends keyof Database>(
  trx: Db,
  table: T,
  key: (keyof Database[T] & string)[],
  rows: Map<string, Insertable<Database[T]>>,
  update: (table: string) => Update,
): Promise<void> {
  const db = trx as Kysely<any>;
  return chunks([...rows.values()], (chunk) =>
    db
      .insertInto(table as string)
      .values(chunk)
      .onConflict((oc) => oc.columns(key).doUpdateSet(update(table)))
      .execute(),
  );
}

/** The ids (from, to] of one event table that a batch takes. */
export interface Window {
  from: number;
  to: number;
  count: number;
}

/** Up to `batch` ids past `mark`, cut before a recent gap (see `contiguous`). */
async function takeWindow(
  trx: Db,
  table: 'shares' | 'clicks',
  mark: number,
  batch: number,
  now: number,
): Promise<Window> {
  const ids = contiguous(
    await trx
      // Both tables have these columns; Kysely types a selection from one table at a time.
      .selectFrom(table as 'shares')
      .select(['id', 'createdAt'])
      .where('id', '>', mark)
      .orderBy('id')
      .limit(batch)
      .execute(),
    mark,
    now,
  );
  return { from: mark, to: ids.at(-1)?.id ?? mark, count: ids.length };
}

/** The logged shares of a window: a scheduled share is not a share yet, it only moves the mark. */
export const sharedIn = (trx: Db, w: Window) =>
  trx
    .selectFrom('shares')
    .where('shares.id', '>', w.from)
    .where('shares.id', '<=', w.to)
    .where('shares.status', '=', 'shared');

/** The window's opened windows and prepared posts per campaign, share keys and hour, with the latest time. */
const outcomesIn = (trx: Db, w: Window) =>
  trx
    .selectFrom('shares')
    .where('shares.id', '>', w.from)
    .where('shares.id', '<=', w.to)
    .where('shares.status', 'in', ['opened', 'prepared'])
    .select((eb) => [
      'shares.campaignId',
      'shares.organizationId',
      ...SHARE_KEYS,
      hourOf('shares.createdAt').as('hour'),
      eb.fn.sum<number>(sql`case when ${sql.ref('shares.status')} = 'opened' then 1 else 0 end`).as('opened'),
      eb.fn
        .sum<number>(sql`case when ${sql.ref('shares.status')} = 'prepared' then 1 else 0 end`)
        .as('prepared'),
      eb.fn.max('shares.createdAt').as('lastAt'),
    ])
    .groupBy(['shares.campaignId', 'shares.organizationId', ...SHARE_KEYS])
    .groupBy(hourOf('shares.createdAt'))
    .execute();

/** An event's columns in eventsOf: its scope, its share's keys, its time, whom it counts for, and which kind it is. */
const eventRow = <T extends 'shares' | 'clicks', P extends 'shares.supporterId' | 'clicks.sharerId'>(
  table: T,
  person: P,
) =>
  [
    `${table}.campaignId` as const,
    `${table}.organizationId` as const,
    ...SHARE_KEYS,
    `${table}.createdAt` as const,
    `${person} as person` as const,
    sql.lit(table === 'shares' ? 1 : 0).as('shares'),
    sql.lit(table === 'clicks' ? 1 : 0).as('clicks'),
  ] as const;

/**
 * The batch's events, shares and clicks alike, one row each with the share's asset,
 * platform and depth and the supporter it counts for (the sharer of a clicked link).
 * The database groups them: what reaches this process is a row per group, not per event.
 */
function eventsOf(trx: Db, shares: Window, clicks: Window) {
  return sharedIn(trx, shares)
    .select(eventRow('shares', 'shares.supporterId'))
    .unionAll(
      trx
        .selectFrom('clicks')
        .innerJoin('shares', 'shares.id', 'clicks.shareId')
        .where('clicks.id', '>', clicks.from)
        .where('clicks.id', '<=', clicks.to)
        .select(eventRow('clicks', 'clicks.sharerId')),
    )
    .as('e');
}

/**
 * One batch: up to `batch` shares and `batch` clicks past the marks. Idempotent in
 * the sense that matters: an event is added exactly once, because the mark moves in
 * the same transaction as the sums. Returns whether more events are waiting.
 */
export async function rollUpBatch(
  trx: Db,
  opts: { batch?: number; now?: number; onRolled?: (events: number) => void } = {},
): Promise<boolean> {
  const batch = opts.batch ?? ROLLUP_BATCH;
  const now = opts.now ?? Date.now();
  // Lock the marks first (a row lock on PostgreSQL, the write lock on SQLite): a second
  // caller outside the runner's advisory lock waits, then sees the moved marks, and no
  // event is added twice.
  await trx
    .updateTable('rollupState')
    .set({ lastId: sql<number>`${sql.ref('lastId')}` })
    .execute();
  const marks = new Map(
    (await trx.selectFrom('rollupState').select(['name', 'lastId']).execute()).map((r) => [r.name, r.lastId]),
  );
  const shares = await takeWindow(trx, 'shares', marks.get('shares') ?? 0, batch, now);
  const clicks = await takeWindow(trx, 'clicks', marks.get('clicks') ?? 0, batch, now);
  const moreVisits = await rollUpSources(trx, { shares, batch, now });
  if (shares.count === 0 && clicks.count === 0) return moreVisits;

  // The batch's rows of the per-campaign tables, from its events grouped by hour.
  const totals = new Map<string, Totals>();
  const campaignHours = new Map<string, Built<RollupCampaignHoursTable>>();
  const orgHours = new Map<string, Built<RollupOrgHoursTable>>();
  const days = new Map<string, Built<RollupDaysTable>>();
  const languageDays = new Map<string, RollupLanguageDaysTable>();
  /** Adds one group's counts to every table's row of it. */
  const addGroup = (
    g: {
      campaignId: number;
      organizationId: number;
      assetId: number;
      platform: string;
      depth: number;
      language: string | null;
    },
    hour: string,
    lastAt: string,
    n: Counts,
  ) => {
    const { campaignId, organizationId, assetId, platform, depth } = g;
    // A key cannot be null: a language not recorded is ''.
    const language = g.language ?? '';
    const day = hour.slice(0, 10);
    const t = bump(
      totals,
      `${campaignId}|${platform}`,
      () => ({ campaignId, platform, organizationId, ...NONE, lastAt }),
      n,
    );
    if (!t.lastAt || lastAt > t.lastAt) t.lastAt = lastAt;
    bump(campaignHours, `${campaignId}|${hour}`, () => ({ campaignId, hour, organizationId, ...NONE }), n);
    bump(orgHours, `${organizationId}|${hour}`, () => ({ organizationId, hour, ...NONE }), n);
    bump(
      days,
      `${campaignId}|${day}|${assetId}|${platform}|${depth}`,
      () => ({ campaignId, day, assetId, platform, depth, organizationId, ...NONE }),
      n,
    );
    bump(
      languageDays,
      `${campaignId}|${day}|${language}`,
      () => ({ campaignId, day, language, organizationId, ...NONE }),
      n,
    );
  };
  const groups = await trx
    .selectFrom(eventsOf(trx, shares, clicks))
    .select((eb) => [
      'e.campaignId',
      'e.organizationId',
      'e.assetId',
      'e.platform',
      'e.depth',
      'e.language',
      hourOf('e.createdAt').as('hour'),
      eb.fn.sum<number>('e.shares').as('shares'),
      eb.fn.sum<number>('e.clicks').as('clicks'),
      eb.fn.max('e.createdAt').as('lastAt'),
    ])
    .groupBy(['e.campaignId', 'e.organizationId', 'e.assetId', 'e.platform', 'e.depth', 'e.language', 'hour'])
    .execute();
  for (const g of groups)
    addGroup(g, g.hour, g.lastAt, { ...NONE, shares: Number(g.shares), clicks: Number(g.clicks) });
  // Opened windows and prepared posts: counted apart, in the same rows.
  for (const o of await outcomesIn(trx, shares))
    addGroup(o, o.hour, o.lastAt, { ...NONE, opened: Number(o.opened), prepared: Number(o.prepared) });

  // Read before the per-supporter rows below move: it needs the state before the batch.
  // One event per supporter, campaign and day stands for that day's shares: the figures
  // depend only on which days a supporter shared and when last.
  const writeSupporterFigures = await supporterFigures(
    trx,
    await sharedIn(trx, shares)
      .where('shares.supporterId', 'is not', null)
      .select((eb) => [
        'shares.campaignId',
        'shares.organizationId',
        eb.fn.coalesce('shares.supporterId', sql.lit('')).as('supporterId'),
        eb.fn.max('shares.createdAt').as('createdAt'),
      ])
      .groupBy([
        'shares.campaignId',
        'shares.organizationId',
        'shares.supporterId',
        dayOf('shares.createdAt'),
      ])
      .execute(),
  );

  await upsert(trx, 'rollupTotals', ['campaignId', 'platform'], totals, (table) => ({
    ...addAllCounts(table),
    lastAt: sql<string>`case when ${sql.ref(`${table}.lastAt`)} is null or ${sql.ref('excluded.lastAt')} > ${sql.ref(`${table}.lastAt`)} then ${sql.ref('excluded.lastAt')} else ${sql.ref(`${table}.lastAt`)} end`,
  }));
  await upsert(trx, 'rollupCampaignHours', ['campaignId', 'hour'], campaignHours, addAllCounts);
  await upsert(trx, 'rollupOrgHours', ['organizationId', 'hour'], orgHours, addAllCounts);
  await upsert(trx, 'rollupDays', ['campaignId', 'day', 'assetId', 'platform', 'depth'], days, addAllCounts);
  await upsert(trx, 'rollupLanguageDays', ['campaignId', 'day', 'language'], languageDays, addAllCounts);

  // The per-supporter rows (a row per supporter: as many as the batch's events at
  // worst) go from the event rows to the rollup tables inside the database.
  await trx
    .insertInto('rollupSupporterDays')
    .columns(['campaignId', 'day', 'supporterId', 'organizationId', 'shares', 'clicks'])
    .expression(
      trx
        .selectFrom(eventsOf(trx, shares, clicks))
        .where('e.person', 'is not', null)
        .select((eb) => [
          'e.campaignId',
          dayOf('e.createdAt').as('day'),
          eb.fn.coalesce('e.person', sql.lit('')).as('supporterId'),
          'e.organizationId',
          eb.fn.sum<number>('e.shares').as('shares'),
          eb.fn.sum<number>('e.clicks').as('clicks'),
        ])
        .groupBy(['e.campaignId', 'day', 'e.person', 'e.organizationId']),
    )
    .onConflict((oc) =>
      oc.columns(['campaignId', 'day', 'supporterId']).doUpdateSet(addCounts('rollupSupporterDays')),
    )
    .execute();
  // Untyped like upsert(): Kysely cannot check a table chosen at run time.
  for (const [table, scope] of [
    ['supporterCampaigns', ['campaignId', 'organizationId']],
    ['supporterOrgs', ['organizationId']],
  ] as const) {
    await (trx as Kysely<any>)
      .insertInto(table)
      .columns([...scope, 'supporterId', 'lastAt'])
      .expression(
        sharedIn(trx, shares)
          .where('shares.supporterId', 'is not', null)
          .select((eb) => [
            ...scope.map((c) => `shares.${c}` as const),
            eb.fn.coalesce('shares.supporterId', sql.lit('')).as('supporterId'),
            eb.fn.max('shares.createdAt').as('lastAt'),
          ])
          .groupBy([...scope.map((c) => `shares.${c}` as const), 'shares.supporterId']),
      )
      .onConflict((oc) => oc.columns([scope[0], 'supporterId']).doUpdateSet(keepLatest(table)))
      .execute();
  }

  await writeSupporterFigures(trx);

  if (shares.count > 0)
    await trx.updateTable('rollupState').set({ lastId: shares.to }).where('name', '=', 'shares').execute();
  if (clicks.count > 0)
    await trx.updateTable('rollupState').set({ lastId: clicks.to }).where('name', '=', 'clicks').execute();
  opts.onRolled?.(shares.count + clicks.count);
  return shares.count === batch || clicks.count === batch || moreVisits;
}

/** Events the job rolls up before it first analyses the tables it grows, on PostgreSQL. */
export const FIRST_ANALYZE_EVENTS = 10_000;
/** The rollup tables with a row per supporter: the ones a burst of new supporters grows. */
const SUPPORTER_TABLES = ['rollupSupporterDays', 'supporterCampaigns', 'supporterOrgs'] as const;

/**
 * The rollup job. On PostgreSQL it also analyses the per-supporter tables after it has
 * rolled up FIRST_ANALYZE_EVENTS events, then after twice as many, and so on: a burst
 * (a new installation, a campaign that takes off) grows them faster than autovacuum's
 * one-minute nap notices, and with statistics from before the burst the planner reads
 * a whole campaign or day for each of the job's key lookups (17 ms instead of 0.4 ms for
 * 400 supporters at 150k rows), so the job fell behind exactly when it had most to do.
 * The doubling leaves the steady state to autovacuum.
 */
export const rollupJob = (opts: { batch?: number; db?: Db; dialect?: DialectName } = {}): Job => {
  let rolled = 0;
  let analyzeAt = FIRST_ANALYZE_EVENTS;
  return {
    name: 'rollups',
    lockKey: 1,
    step: (trx) =>
      rollUpBatch(trx, {
        batch: opts.batch ?? ROLLUP_BATCH,
        onRolled: (events) => {
          rolled += events;
        },
      }),
    afterCommit: async () => {
      if (opts.dialect !== 'postgres' || !opts.db || rolled < analyzeAt) return;
      analyzeAt *= 2;
      await sql`analyze ${sql.join(SUPPORTER_TABLES.map((t) => sql.table(t)))}`.execute(opts.db);
    },
  };
};
