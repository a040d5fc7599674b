import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';

/** What a read in one snapshot takes: the database, its dialect, and the time (tests fix it). */
export interface SnapshotRead {
  db: Db;
  dialect: DialectName;
  now?: number;
  /** Events of each table past the rollup marks read live (LIVE_TAIL_LIMIT; tests lower it). */
  tailLimit?: number;
}

/**
 * Runs the reads of one answer in one snapshot, so the rollups, their high-water
 * marks and the tail past the marks are seen as of one moment (the rollup job moves
 * rows and marks in one transaction): an event is counted exactly once.
 *
 * PostgreSQL runs these reads without parallel workers. Each read is bounded (an
 * index range of rollup rows, an hour or a day of raw events), but the planner
 * estimates a short createdAt range from a histogram far coarser than an hour (2,498
 * rows for the 114 of one hour at 1M clicks) and then starts a worker, whose start
 * alone cost 14-25 ms against 0.4 ms of work: most of the 30-day analytics at 1M.
 */
export function inSnapshot<T>(db: Db, dialect: DialectName, read: (trx: Db) => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return db.transaction().execute(read);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
      return read(trx);
    });
}

export type RollupMarks = { shares: number; clicks: number; visits: number };

/** The rollup high-water marks: events with larger ids are the live tail. */
export async function rollupMarks(trx: Db): Promise<RollupMarks> {
  const rows = await trx.selectFrom('rollupState').select(['name', 'lastId']).execute();
  const get = (name: string) => rows.find((r) => r.name === name)?.lastId ?? 0;
  return { shares: get('shares'), clicks: get('clicks'), visits: get('visits') };
}

/**
 * At most this many events of each table past the rollup marks are read live by one
 * stats answer. Past it (after an import or a restore, or with the job stopped) the
 * answer counts the rollups and this much of the tail, and says since when events
 * are still being counted (`pendingSince`), instead of scanning the whole backlog on
 * every call; the rollup job catches up in its batches meanwhile.
 */
export const LIVE_TAIL_LIMIT = 10_000;

/** An id range (after, upTo] of one event table that a stats answer reads live. */
export type TailRange = { after: number; upTo: number };

/** What a stats answer reads past the rollups: an id range per table, bounded. */
export interface LiveTail {
  shares: TailRange;
  clicks: TailRange;
  visits: TailRange;
  /** When the first event past the ranges was made; null when the ranges reach the end. */
  pendingSince: string | null;
}

/** The first event of `table` past `upTo`, through the primary key, as a scalar subquery. */
const firstPast = (table: 'shares' | 'clicks' | 'visits', upTo: number) =>
  sql<string | null>`(select ${sql.ref(`${table}.createdAt`)} from ${sql.table(table)}
    where ${sql.ref(`${table}.id`)} > ${upTo} order by ${sql.ref(`${table}.id`)} limit 1)`;

/** The live tail past `marks`, at most `limit` (LIVE_TAIL_LIMIT) events of each table. */
export async function liveTail(trx: Db, marks: RollupMarks, limit = LIVE_TAIL_LIMIT): Promise<LiveTail> {
  const shares = { after: marks.shares, upTo: marks.shares + limit };
  const clicks = { after: marks.clicks, upTo: marks.clicks + limit };
  const visits = { after: marks.visits, upTo: marks.visits + limit };
  // One statement for the three tables: a round trip each on PostgreSQL.
  const { rows } = await sql<{ shares: string | null; clicks: string | null; visits: string | null }>`
    select ${firstPast('shares', shares.upTo)} as shares, ${firstPast('clicks', clicks.upTo)} as clicks,
      ${firstPast('visits', visits.upTo)} as visits`.execute(trx);
  const past = rows[0] ? [rows[0].shares, rows[0].clicks, rows[0].visits] : [];
  const firsts = past.filter((t): t is string => !!t).sort();
  return { shares, clicks, visits, pendingSince: firsts[0] ?? null };
}
