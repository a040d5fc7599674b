import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.ts';
import { migrationsFor } from './migrations/index.ts';
import { sendMarkedQueriesPrepared } from './prepared.ts';
import { withStatementCache } from './sqlite-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close: () => Promise<void>;
  /** PostgreSQL: where it connects (a worker thread opens its own pool with the same settings). */
  databaseUrl?: string;
  /** PostgreSQL schema the handle works in, when not the default. */
  pgSchema?: string;
  /** PostgreSQL pool occupancy (metrics); absent on SQLite, which has one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: a new client outside the pool, with the same settings, for a
   * connection held open on its own (LISTEN). The caller connects and ends it.
   */
  newClient?: () => pg.Client;
}

export interface DbOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  /** PostgreSQL connections this instance may open (postgresPoolSize() when unset). */
  poolSize?: number;
  /**
   * Told when PostgreSQL drops a connection that sits idle in the pool (a restart, a
   * failover, an administrator's pg_terminate_backend). The pool discards it and the
   * next query opens another; without a listener the pool's 'error' event would end
   * the process.
   */
  onIdleConnectionError?: (err: Error) => void;
}

/**
 * PostgreSQL connections per instance by default: two per core plus one. A query
 * holds its connection for a round trip, so a few more than the cores keep them
 * busy; more only queue inside PostgreSQL for the same cores and cost it memory
 * per backend. DATABASE_POOL_SIZE overrides it (the database on a larger host).
 */
export function postgresPoolSize(): number {
  return 2 * os.availableParallelism() + 1;
}

export function openDatabase(opts: DbOptions): DbHandle {
  if (opts.databaseUrl) {
    // Integers come back as numbers for COUNT(*) (int8) too: counts here stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const settings = {
      connectionString: opts.databaseUrl,
      ...(opts.pgSchema && { options: `-c search_path=${opts.pgSchema}` }),
    };
    const pool = new pg.Pool({ ...settings, max: opts.poolSize ?? postgresPoolSize() });
    pool.on('connect', sendMarkedQueriesPrepared);
    pool.on('error', (err) => opts.onIdleConnectionError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      databaseUrl: opts.databaseUrl,
      pgSchema: opts.pgSchema,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      newClient: () => new pg.Client({ ...settings, keepAlive: true }),
    };
  }
  const file = opts.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL for concurrent readers; FULL sync so an acknowledged write survives a power cut.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII only; every caller compares it with a value
  // lowered in JavaScript (a name, an address), as PostgreSQL's lower() folds in UTF-8.
  sqlite.function('lower', { deterministic: true }, (text: unknown) =>
    text === null ? null : String(text).toLowerCase(),
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export async function migrateToLatest(handle: DbHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
    // Without it Kysely looks for its tables in every schema and can find another
    // test file's (tests give each file its own schema), then fails in its own.
    ...(handle.pgSchema && { migrationTableSchema: handle.pgSchema }),
  });
  const { error, results } = await retryIfOtherSchemaGone(handle.pgSchema, () => migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Runs a migrator call again when it failed on a schema that is not `ownSchema`.
 * Kysely checks for its own tables by listing every table of every schema; another
 * schema dropped during that listing (a test file's, on a shared test database) fails
 * it with "schema ... does not exist" before any migration ran, so a retry is safe.
 */
export async function retryIfOtherSchemaGone<T extends { error?: unknown }>(
  ownSchema: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  let outcome = await run();
  // A short pause that grows: the drop is over within milliseconds, but a busy test
  // database can drop several schemas in a row, and on a loaded machine the listing is
  // slow enough to meet one drop after another: retries go on for up to 15 s, not a count.
  const until = Date.now() + 15_000;
  for (let retry = 1; isOtherSchemaGone(outcome.error, ownSchema) && Date.now() < until; retry++) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(25 * retry, 250)));
    outcome = await run();
  }
  return outcome;
}

function isOtherSchemaGone(error: unknown, ownSchema: string | undefined): boolean {
  const gone = /schema "([^"]+)" does not exist/.exec(error instanceof Error ? error.message : '');
  return gone !== null && gone[1] !== ownSchema;
}
