import { Migrator } from 'kysely';
import { afterAll, beforeAll, it } from 'vitest';
import { type Db, type DbHandle, migrateToLatest, openDatabase, retryIfOtherSchemaGone } from './client.ts';
import { migrationsFor } from './migrations/index.ts';
import { privateSchema } from '../test/pg-admin.ts';
import { seedCampaign, seedOrganization } from '../test/seed-db.ts';

// Migration tests write rows shaped as before a migration, then migrate to the
// latest: a fresh database (in-memory SQLite, or a private PostgreSQL schema when
// the suite runs on PostgreSQL) migrated only up to the named migration.

const pgUrl = () => (process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);

export async function databaseMigratedTo(
  name: string,
): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const url = pgUrl();
  const schema = url ? await privateSchema(url) : undefined;
  const handle = openDatabase(
    url ? { databaseUrl: url, pgSchema: schema?.schema } : { sqlitePath: ':memory:' },
  );
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrationsFor(handle.dialect) },
    ...(schema && { migrationTableSchema: schema.schema }),
  });
  const { error } = await retryIfOtherSchemaGone(schema?.schema, () => migrator.migrateTo(name));
  if (error) throw new Error(`Migrating to ${name} failed: ${String(error)}`);
  return {
    handle,
    close: async () => {
      await handle.close();
      await schema?.drop();
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

/**
 * One migration test: `before` writes rows into a database migrated only up to
 * `from`, the later migrations run, then `after` checks what became of the rows
 * (given what `before` returned).
 */
export function itMigrates<Seeded>(
  title: string,
  from: string,
  steps: {
    before: (handle: DbHandle) => Promise<Seeded>;
    after: (handle: DbHandle, seeded: Seeded) => Promise<void>;
  },
): void {
  const database = databaseBeforeAll(from);
  it(title, async () => {
    const { handle } = database;
    const seeded = await steps.before(handle);
    await migrateToLatest(handle);
    await steps.after(handle, seeded);
  });
}

/** An organisation with one campaign holding one asset (a text one unless `asset` says otherwise). */
export async function seedAsset(
  db: Db,
  asset: NonNullable<Parameters<typeof seedCampaign>[1]['assets']>[number] = {
    title: 'A',
    type: 'text',
    content: 'a',
  },
): Promise<{ organizationId: number; campaignId: number; assetId: number }> {
  const organizationId = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, { organizationId, assets: [asset] });
  return { organizationId, campaignId, assetId: assetIds[0]! };
}
