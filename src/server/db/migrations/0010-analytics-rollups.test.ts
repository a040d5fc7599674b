import { expect } from 'vitest';
import { campaignStats, rollUpBatch } from '../../modules/stats/index.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { shareRow } from '../../test/db-rows.ts';

// 0010 adds supporter figures the rollups of 0007 never had, so it rebuilds every
// rollup from the events: after it, the job alone must bring the stats back.

const now = Date.now();
const at = (h: number) => new Date(now - h * 3_600_000).toISOString();

itMigrates('rebuilds the rollups from the events, supporter counts included', '0007-analytics', {
  before: async ({ db }) => {
    const asset = await seedAsset(db);
    const { campaignId, organizationId } = asset;
    const shares = await db
      .insertInto('shares')
      .values(
        ['s1', 's2', 's1', 's3'].map((supporterId, i) =>
          // A hand-posted platform: 0029-share-outcomes leaves its shares `shared`.
          shareRow({ ...asset, supporterId, platform: 'instagram', createdAt: at(i * 24 * 20) }),
        ),
      )
      .returning('id')
      .execute();
    // Rolled up as before 0010: the marks past every event, totals in the old tables.
    await db
      .updateTable('rollupState')
      .set({ lastId: shares.at(-1)!.id })
      .where('name', '=', 'shares')
      .execute();
    await db
      .insertInto('rollupTotals')
      .values({ campaignId, platform: 'twitter', organizationId, shares: 4, clicks: 0, lastAt: at(0) })
      .execute();
    return campaignId;
  },
  after: async ({ db, dialect }, campaignId) => {
    expect(await db.selectFrom('rollupState').select(['name', 'lastId']).orderBy('name').execute()).toEqual([
      { name: 'clicks', lastId: 0 },
      { name: 'shares', lastId: 0 },
      // Added by 0018, from 0 too.
      { name: 'visits', lastId: 0 },
    ]);
    expect(await db.selectFrom('rollupTotals').selectAll().execute()).toEqual([]);
    // Before the job runs, the tail is the whole history: still exact.
    const stats = () => campaignStats({ db, dialect, campaignId, now });
    const expected = { totalShares: 4, uniqueSupporters: 3, activeSupporters: 2 };
    expect(await stats()).toMatchObject(expected);
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { now: now + 60_000 })));
    expect(await stats()).toMatchObject(expected);
    const counter = await db
      .selectFrom('rollupCampaignSupporters')
      .select('supporters')
      .where('campaignId', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(counter.supporters).toBe(3);
  },
});
