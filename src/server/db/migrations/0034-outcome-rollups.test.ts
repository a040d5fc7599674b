import { expect } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { campaignStats, rollUpBatch } from '../../modules/stats/index.ts';
import { shareRow } from '../../test/db-rows.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0034 on a database whose opened windows and prepared posts were rolled up only into
// the per-platform totals: the hourly and daily rows get them for the events the job
// had passed, the job counts the rest, and the 30-day chart has them apart per day.

const now = Date.now();
/** `h` hours ago. */
const at = (h: number) => new Date(now - h * HOUR_MS).toISOString();

itMigrates('counts the rolled-up opened and prepared shares per hour and day', '0030-campaign-utm', {
  before: async ({ db }) => {
    const asset = await seedAsset(db);
    // Two hours two days ago, and one an hour ago.
    const rows = [
      shareRow({ ...asset, platform: 'facebook', status: 'shared', supporterId: 's1', createdAt: at(50) }),
      shareRow({ ...asset, platform: 'twitter', status: 'opened', supporterId: 's1', createdAt: at(50) }),
      shareRow({ ...asset, platform: 'copy', status: 'prepared', supporterId: 's2', createdAt: at(49) }),
      // Past the mark: the job's.
      shareRow({ ...asset, platform: 'twitter', status: 'opened', supporterId: 's2', createdAt: at(1) }),
    ];
    const ids = await db.insertInto('shares').values(rows).returning('id').execute();
    const { campaignId, organizationId } = asset;
    // As the job left them before 0034: the share in the hours and days, the rest in the totals only.
    const hour = at(50).slice(0, 13);
    await db
      .insertInto('rollupCampaignHours')
      .values({ campaignId, organizationId, hour, shares: 1, clicks: 0 })
      .execute();
    await db.insertInto('rollupOrgHours').values({ organizationId, hour, shares: 1, clicks: 0 }).execute();
    await db
      .insertInto('rollupDays')
      .values({ ...asset, day: hour.slice(0, 10), platform: 'facebook', depth: 0, shares: 1, clicks: 0 })
      .execute();
    await db.updateTable('rollupState').set({ lastId: ids[2].id }).where('name', '=', 'shares').execute();
    return asset;
  },
  after: async ({ db, dialect }, { campaignId, organizationId }) => {
    const hours = await db
      .selectFrom('rollupCampaignHours')
      .select(['hour', 'shares', 'opened', 'prepared'])
      .where('campaignId', '=', campaignId)
      .orderBy('hour')
      .execute();
    const h50 = at(50).slice(0, 13);
    const h49 = at(49).slice(0, 13);
    expect(hours).toEqual([
      { hour: h50, shares: 1, opened: 1, prepared: 0 },
      { hour: h49, shares: 0, opened: 0, prepared: 1 },
    ]);
    const org = await db
      .selectFrom('rollupOrgHours')
      .select(['hour', 'opened', 'prepared'])
      .where('organizationId', '=', organizationId)
      .orderBy('hour')
      .execute();
    expect(org).toEqual([
      { hour: h50, opened: 1, prepared: 0 },
      { hour: h49, opened: 0, prepared: 1 },
    ]);
    const days = await db
      .selectFrom('rollupDays')
      .select(['platform', 'shares', 'opened', 'prepared'])
      .orderBy('platform')
      .execute();
    expect(days).toEqual([
      { platform: 'copy', shares: 0, opened: 0, prepared: 1 },
      { platform: 'facebook', shares: 1, opened: 0, prepared: 0 },
      { platform: 'twitter', shares: 0, opened: 1, prepared: 0 },
    ]);
    // The chart per day: the same before and after the job takes the tail.
    const perDay = async () => {
      const { daily } = await campaignStats({ db, dialect, campaignId, now });
      const sum = (k: 'shares' | 'openedIntents' | 'preparedPosts') => daily.reduce((n, d) => n + d[k], 0);
      return { shares: sum('shares'), opened: sum('openedIntents'), prepared: sum('preparedPosts') };
    };
    expect(await perDay()).toEqual({ shares: 1, opened: 2, prepared: 1 });
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { now: now + 60_000 })));
    expect(await perDay()).toEqual({ shares: 1, opened: 2, prepared: 1 });
  },
});
