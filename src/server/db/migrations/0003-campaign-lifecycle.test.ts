import { expect } from 'vitest';
import { seedOrganization } from '../../test/seed-db.ts';
import { itMigrates } from '../migration-test-db.ts';

// Rows written before the lifecycle migration keep working after it: statuses
// outside the list become active, assets are live (not deleted), nothing is lost.

itMigrates('keeps old rows working', '0002-stats-covering-indexes', {
  before: async ({ db }) => {
    const now = new Date().toISOString();
    const orgId = await seedOrganization(db);
    const ids: Record<string, number> = {};
    for (const status of ['active', 'draft', 'completed', 'Live']) {
      const row = await db
        .insertInto('campaigns')
        .values({
          name: status,
          description: null,
          status,
          organizationId: orgId,
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
        organizationId: orgId,
        position: 0,
        createdAt: now,
      })
      .execute();
  },
  after: async ({ db }) => {
    const campaigns = await db.selectFrom('campaigns').select(['name', 'status']).orderBy('id').execute();
    expect(campaigns).toEqual([
      { name: 'active', status: 'active' },
      { name: 'draft', status: 'draft' },
      { name: 'completed', status: 'active' },
      { name: 'Live', status: 'active' },
    ]);
    const assets = await db.selectFrom('assets').select(['title', 'deletedAt']).execute();
    expect(assets).toEqual([{ title: 'Old asset', deletedAt: null }]);
  },
});
