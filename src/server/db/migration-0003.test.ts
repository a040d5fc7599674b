import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest, openDatabase } from './client.ts';
import { migrationsFor } from './migrations/index.ts';

// Rows written before the lifecycle migration keep working after it: statuses
// outside the list become active, assets are live (not deleted), nothing is lost.

const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const schema = `t_${randomBytes(6).toString('hex')}`;
let handle: DbHandle;

async function pgQuery(q: string) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(q);
  await c.end();
}

afterAll(async () => {
  await handle?.close();
  if (pgUrl) await pgQuery(`DROP SCHEMA ${schema} CASCADE`);
});

describe('migration 0003-campaign-lifecycle', () => {
  it('keeps old rows working', async () => {
    if (pgUrl) await pgQuery(`CREATE SCHEMA ${schema}`);
    handle = openDatabase(pgUrl ? { databaseUrl: pgUrl, pgSchema: schema } : { sqlitePath: ':memory:' });
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => migrationsFor(handle.dialect) },
      ...(pgUrl && { migrationTableSchema: schema }),
    });
    const before = await migrator.migrateTo('0002-stats-covering-indexes');
    expect(before.error).toBeUndefined();

    const db = handle.db;
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({
        username: 'old',
        passwordHash: 'x',
        email: null,
        firstName: null,
        lastName: null,
        phone: null,
        organizationId: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const org = await db
      .insertInto('organizations')
      .values({ name: 'Old org', username: 'old-org', description: null, creatorId: user.id, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: Record<string, number> = {};
    for (const status of ['active', 'draft', 'completed', 'Live']) {
      const row = await db
        .insertInto('campaigns')
        .values({
          name: status,
          description: null,
          status,
          organizationId: org.id,
          startDate: null,
          endDate: null,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[status] = row.id;
    }
    // The asset table has no deletedAt column yet: insert without it.
    await db
      .insertInto('assets')
      .values({
        title: 'Old asset',
        description: null,
        type: 'text',
        content: 'hi',
        campaignId: ids.active as number,
        organizationId: org.id,
        position: 0,
        createdAt: now,
      })
      .execute();

    await migrateToLatest(handle);

    const campaigns = await db.selectFrom('campaigns').select(['name', 'status']).orderBy('id').execute();
    expect(campaigns).toEqual([
      { name: 'active', status: 'active' },
      { name: 'draft', status: 'draft' },
      { name: 'completed', status: 'active' },
      { name: 'Live', status: 'active' },
    ]);
    const assets = await db.selectFrom('assets').select(['title', 'deletedAt']).execute();
    expect(assets).toEqual([{ title: 'Old asset', deletedAt: null }]);
  });
});
