import { expect } from 'vitest';
import { campaignStats, rollUpBatch } from '../../modules/stats/index.ts';
import { shareRow } from '../../test/db-rows.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0029 on a database whose shares were all logged `shared` and rolled up: a share to a
// platform with a share window becomes `opened` (that is all it ever was), one to a
// hand-posted platform stays `shared` (what happened cannot be known), a scheduled one
// is left alone, and the rollups, rebuilt by the job, count each apart.

const now = Date.now();
const at = (h: number) => new Date(now - h * 3_600_000).toISOString();

itMigrates('turns window shares into opened ones and rebuilds the rollups', '0028-first-run-steps', {
  before: async ({ db }) => {
    const asset = await seedAsset(db);
    const rows = [
      shareRow({ ...asset, platform: 'twitter', supporterId: 's1', createdAt: at(3) }),
      shareRow({ ...asset, platform: 'email', supporterId: 's2', createdAt: at(2) }),
      shareRow({ ...asset, platform: 'instagram', supporterId: 's1', createdAt: at(1) }),
      shareRow({
        ...asset,
        platform: 'twitter',
        status: 'pending',
        scheduledFor: at(-24),
        createdAt: at(1),
      }),
    ];
    const ids = await db.insertInto('shares').values(rows).returning('id').execute();
    await db
      .insertInto('clicks')
      .values({
        campaignId: asset.campaignId,
        organizationId: asset.organizationId,
        shareId: ids[0].id,
        sharerId: 's1',
        visitorId: 'v1',
        createdAt: at(1),
        networkHash: null,
      })
      .execute();
    // Rolled up as before 0029: every share counted, the marks past every event.
    const { campaignId, organizationId } = asset;
    const totals = (platform: string, shares: number, clicks: number) => ({
      campaignId,
      organizationId,
      platform,
      shares,
      clicks,
      lastAt: at(1),
    });
    await db
      .insertInto('rollupTotals')
      .values([totals('twitter', 1, 1), totals('email', 1, 0), totals('instagram', 1, 0)])
      .execute();
    for (const [name, lastId] of [
      ['shares', ids[3].id],
      ['clicks', 1],
      ['visits', 7],
    ] as const)
      await db.updateTable('rollupState').set({ lastId }).where('name', '=', name).execute();
    return { ...asset, ids: ids.map((r) => r.id) };
  },
  after: async ({ db, dialect }, { campaignId, ids }) => {
    const statuses = await db.selectFrom('shares').select(['id', 'status']).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['opened', 'opened', 'shared', 'pending']);
    expect(statuses.map((s) => s.id)).toEqual(ids);
    expect(await db.selectFrom('rollupState').select(['name', 'lastId']).orderBy('name').execute()).toEqual([
      { name: 'clicks', lastId: 0 },
      { name: 'shares', lastId: 0 },
      // Visits are not shares: their mark stays.
      { name: 'visits', lastId: 7 },
    ]);
    expect(await db.selectFrom('rollupTotals').selectAll().execute()).toEqual([]);
    const stats = () => campaignStats({ db, dialect, campaignId, now });
    const expected = {
      totalShares: 1,
      openedIntents: 2,
      preparedPosts: 0,
      platformBreakdown: { instagram: 1 },
      openedBreakdown: { twitter: 1, email: 1 },
      preparedBreakdown: {},
      clickThroughs: 1,
      uniqueSupporters: 1,
      pendingSince: null,
    };
    // Before the job runs, the tail is the whole history; after it, the rollups.
    expect(await stats()).toMatchObject(expected);
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { now: now + 60_000 })));
    expect(await stats()).toMatchObject(expected);
    expect(
      await db
        .selectFrom('rollupTotals')
        .select(['platform', 'shares', 'opened', 'prepared', 'clicks'])
        .orderBy('platform')
        .execute(),
    ).toEqual([
      { platform: 'email', shares: 0, opened: 1, prepared: 0, clicks: 0 },
      { platform: 'instagram', shares: 1, opened: 0, prepared: 0, clicks: 0 },
      { platform: 'twitter', shares: 0, opened: 1, prepared: 0, clicks: 1 },
    ]);
  },
});
