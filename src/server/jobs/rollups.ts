import { type Expression, type Kysely, sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { DialectName } from '../db/dialect.ts';
import type {
  Database,
  RollupCampaignHoursTable,
  RollupDaysTable,
  RollupOrgHoursTable,
  RollupSupporterDaysTable,
  RollupTotalsTable,
  SupporterCampaignsTable,
  SupporterOrgsTable,
} from '../db/schema.ts';
import { rollUpSources } from './rollups-sources.ts';
import { supporterFigures } from './rollups-supporters.ts';
import type { Job } from './runner.ts';

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

type Counts = { shares: number; clicks: number };

/** Adds `add` into a map entry keyed by `key`, creating it with `base`. */
function bump<T extends Counts>(map: Map<string, T>, key: string, base: () => T, add: Counts): void {
  let row = map.get(key);
  if (!row) {
    row = base();
    map.set(key, row);
  }
  row.shares += add.shares;
  row.clicks += add.clicks;
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
  rows: Map<string, Database[T]>,
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
  const sharesMark = marks.get('shares') ?? 0;
  const clicksMark = marks.get('clicks') ?? 0;

  const shareRows = contiguous(
    await trx
      .selectFrom('shares')
      .select([
        'id',
        'campaignId',
        'organizationId',
        'assetId',
        'platform',
        'depth',
        'status',
        'supporterId',
        'source',
        'createdAt',
      ])
      .where('id', '>', sharesMark)
      .orderBy('id')
      .limit(batch)
      .execute(),
    sharesMark,
    now,
  );
  const clickRows = contiguous(
    await trx
      .selectFrom('clicks')
      .innerJoin('shares', 'shares.id', 'clicks.shareId')
      .select([
        'clicks.id',
        'clicks.campaignId',
        'clicks.organizationId',
        'clicks.sharerId',
        'clicks.createdAt',
        'shares.assetId',
        'shares.platform',
        'shares.depth',
      ])
      .where('clicks.id', '>', clicksMark)
      .orderBy('clicks.id')
      .limit(batch)
      .execute(),
    clicksMark,
    now,
  );
  const moreVisits = await rollUpSources(trx, { shares: shareRows, batch, now });
  if (shareRows.length === 0 && clickRows.length === 0) return moreVisits;

  // The batch's rows of each rollup table, by the table's key.
  const totals = new Map<string, RollupTotalsTable>();
  const campaignHours = new Map<string, RollupCampaignHoursTable>();
  const orgHours = new Map<string, RollupOrgHoursTable>();
  const days = new Map<string, RollupDaysTable>();
  const supporterDays = new Map<string, RollupSupporterDaysTable>();
  const supporterCampaigns = new Map<string, SupporterCampaignsTable>();
  const supporterOrgs = new Map<string, SupporterOrgsTable>();

  const events = [
    ...shareRows
      // A scheduled share is not a share yet: it only moves the mark.
      .filter((s) => s.status === 'shared')
      .map((s) => ({ ...s, n: { shares: 1, clicks: 0 }, person: s.supporterId })),
    ...clickRows.map((c) => ({ ...c, n: { shares: 0, clicks: 1 }, person: c.sharerId })),
  ];
  for (const e of events) {
    const hour = e.createdAt.slice(0, 13);
    const day = e.createdAt.slice(0, 10);
    const { campaignId, organizationId, assetId, platform, depth } = e;
    bump(
      totals,
      `${campaignId}|${platform}`,
      () => ({ campaignId, platform, organizationId, shares: 0, clicks: 0, lastAt: null }),
      e.n,
    );
    const t = totals.get(`${campaignId}|${platform}`)!;
    if (!t.lastAt || e.createdAt > t.lastAt) t.lastAt = e.createdAt;
    bump(
      campaignHours,
      `${campaignId}|${hour}`,
      () => ({ campaignId, hour, organizationId, shares: 0, clicks: 0 }),
      e.n,
    );
    bump(orgHours, `${organizationId}|${hour}`, () => ({ organizationId, hour, shares: 0, clicks: 0 }), e.n);
    bump(
      days,
      `${campaignId}|${day}|${assetId}|${platform}|${depth}`,
      () => ({ campaignId, day, assetId, platform, depth, organizationId, shares: 0, clicks: 0 }),
      e.n,
    );
    if (e.person) {
      const supporterId = e.person;
      bump(
        supporterDays,
        `${campaignId}|${day}|${supporterId}`,
        () => ({ campaignId, day, supporterId, organizationId, shares: 0, clicks: 0 }),
        e.n,
      );
      if (e.n.shares) {
        const kc = `${campaignId}|${supporterId}`;
        const sc = supporterCampaigns.get(kc);
        if (!sc || e.createdAt > sc.lastAt)
          supporterCampaigns.set(kc, { campaignId, supporterId, organizationId, lastAt: e.createdAt });
        const ko = `${organizationId}|${supporterId}`;
        const so = supporterOrgs.get(ko);
        if (!so || e.createdAt > so.lastAt)
          supporterOrgs.set(ko, { organizationId, supporterId, lastAt: e.createdAt });
      }
    }
  }

  // Read before the per-supporter rows below move: it needs the state before the batch.
  const writeSupporterFigures = await supporterFigures(
    trx,
    shareRows
      .filter((s) => s.status === 'shared' && s.supporterId)
      .map((s) => ({
        campaignId: s.campaignId,
        organizationId: s.organizationId,
        supporterId: s.supporterId!,
        createdAt: s.createdAt,
      })),
  );

  await upsert(trx, 'rollupTotals', ['campaignId', 'platform'], totals, (table) => ({
    ...addCounts(table),
    lastAt: sql<string>`case when ${sql.ref(`${table}.lastAt`)} is null or ${sql.ref('excluded.lastAt')} > ${sql.ref(`${table}.lastAt`)} then ${sql.ref('excluded.lastAt')} else ${sql.ref(`${table}.lastAt`)} end`,
  }));
  await upsert(trx, 'rollupCampaignHours', ['campaignId', 'hour'], campaignHours, addCounts);
  await upsert(trx, 'rollupOrgHours', ['organizationId', 'hour'], orgHours, addCounts);
  await upsert(trx, 'rollupDays', ['campaignId', 'day', 'assetId', 'platform', 'depth'], days, addCounts);
  await upsert(trx, 'rollupSupporterDays', ['campaignId', 'day', 'supporterId'], supporterDays, addCounts);
  await upsert(trx, 'supporterCampaigns', ['campaignId', 'supporterId'], supporterCampaigns, keepLatest);
  await upsert(trx, 'supporterOrgs', ['organizationId', 'supporterId'], supporterOrgs, keepLatest);

  await writeSupporterFigures(trx);

  const lastShare = shareRows.at(-1)?.id;
  const lastClick = clickRows.at(-1)?.id;
  if (lastShare !== undefined)
    await trx.updateTable('rollupState').set({ lastId: lastShare }).where('name', '=', 'shares').execute();
  if (lastClick !== undefined)
    await trx.updateTable('rollupState').set({ lastId: lastClick }).where('name', '=', 'clicks').execute();
  opts.onRolled?.(shareRows.length + clickRows.length);
  return shareRows.length === batch || clickRows.length === batch || moreVisits;
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
