import { afterAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from './client.ts';
import { databaseMigratedTo } from './migration-test-db.ts';

// Rows written before the lifecycle migration keep working after it: statuses
// outside the list become active, assets are live (not deleted), nothing is lost.

let handle: DbHandle;
let close: (() => Promise<void>) | undefined;

afterAll(() => close?.());

describe('migration 0003-campaign-lifecycle', () => {
  it('keeps old rows working', async () => {
    ({ handle, close } = await databaseMigratedTo('0002-stats-covering-indexes'));

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
