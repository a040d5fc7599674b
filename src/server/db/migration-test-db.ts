import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type DbHandle, openDatabase } from './client.ts';
import { migrationsFor } from './migrations/index.ts';

// Migration tests write rows shaped as before a migration, then migrate to the
// latest: a fresh database (in-memory SQLite, or a private PostgreSQL schema when
// the suite runs on PostgreSQL) migrated only up to the named migration.

const pgUrl = () => (process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);

async function pgQuery(url: string, q: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(q);
  await c.end();
}

export async function databaseMigratedTo(
  name: string,
): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const url = pgUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (url) await pgQuery(url, `CREATE SCHEMA ${schema}`);
  const handle = openDatabase(url ? { databaseUrl: url, pgSchema: schema } : { sqlitePath: ':memory:' });
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
    ...(url && { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Migrating to ${name} failed: ${String(error)}`);
  return {
    handle,
    close: async () => {
      await handle.close();
      if (url) await pgQuery(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/**
 * The usual shape of a migration test file: the database at `name` is opened before
 * the file's tests and dropped after them; `handle` is read inside the tests.
 */
export function databaseBeforeAll(name: string): { readonly handle: DbHandle } {
  let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
  beforeAll(async () => {
    opened = await databaseMigratedTo(name);
  });
  afterAll(() => opened?.close());
  return {
    get handle() {
      if (!opened) throw new Error(`The database at ${name} is not open yet`);
      return opened.handle;
    },
  };
}
