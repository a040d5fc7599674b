// Which databases a bench runs on, and where each run keeps its data: SQLite in a file
// of the run's temp dir, PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set) in a private schema created for the run and dropped after it, so a shared
// cluster keeps nobody else's data in the way. BENCH_DIALECTS=postgres (or sqlite)
// runs one of them only.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { type DbHandle, openDatabase } from '../../src/server/db/client.ts';
import { runSql } from '../../src/server/test/pg-admin.ts';

export type Dialect = 'sqlite' | 'postgres';

export const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

export const dialectLabel = (d: Dialect): 'SQLite' | 'PostgreSQL' =>
  d === 'sqlite' ? 'SQLite' : 'PostgreSQL';

/** SQLite always, PostgreSQL when a URL is set; narrowed by BENCH_DIALECTS. */
export function benchDialects(): Dialect[] {
  const all: Dialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.BENCH_DIALECTS?.split(',');
  return all.filter((d) => !only || only.includes(d));
}

/** Where the app and the baselines of one run find the database. */
export interface Target {
  dialect: Dialect;
  /** For the children's environment (they read it with openTarget). */
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

export async function prepareTarget(dialect: Dialect, dataDir: string, prefix = 'bench'): Promise<Target> {
  if (dialect === 'sqlite') {
    // Blank: the children inherit this process's environment.
    return {
      dialect,
      env: { BENCH_DB_FILE: path.join(dataDir, 'rally.db'), BENCH_DATABASE_URL: '' },
      cleanup: async () => {},
    };
  }
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  await runSql(PG_URL as string, `CREATE SCHEMA ${schema}`);
  return {
    dialect,
    env: { BENCH_DATABASE_URL: PG_URL as string, BENCH_PG_SCHEMA: schema },
    cleanup: () => runSql(PG_URL as string, `DROP SCHEMA ${schema} CASCADE`),
  };
}

/**
 * The database a target's env names (a child's process.env, or Target.env in the
 * parent). Without one, SQLite in BENCH_DATA_DIR (the app role started on its own, as
 * bench/lib/hot-path-cost.ts does).
 */
export function openTarget(
  env: Record<string, string | undefined> = process.env,
  poolSize?: number,
): DbHandle {
  return env.BENCH_DATABASE_URL
    ? openDatabase({ databaseUrl: env.BENCH_DATABASE_URL, pgSchema: env.BENCH_PG_SCHEMA, poolSize })
    : openDatabase({
        sqlitePath: env.BENCH_DB_FILE || path.join(env.BENCH_DATA_DIR as string, 'rally.db'),
      });
}

/** How a 201 is made durable on this database, for the output. */
export async function durabilityOf(database: DbHandle): Promise<string> {
  const { db } = database;
  return database.dialect === 'postgres'
    ? `synchronous_commit=${(await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0].synchronous_commit}`
    : `synchronous=${(await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0].synchronous === 2 ? 'FULL' : 'not FULL'}`;
}
