import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { shareRow } from '../../test/db-rows.ts';

// 0043 on a database whose rollups hold events from before languages were recorded:
// they become the rows of language '' (not recorded) per campaign and day, summed over
// rollupDays' assets, platforms and depths; the shares get a null language.

itMigrates('counts the rolled-up events as language not recorded', '0041-held-back-shares', {
  before: async ({ db }) => {
    const asset = await seedAsset(db);
    const { campaignId, organizationId, assetId } = asset;
    await db
      .insertInto('shares')
      .values(shareRow({ ...asset, createdAt: '2026-03-01T10:00:00.000Z' }))
      .execute();
    const row = { campaignId, organizationId, assetId, depth: 0 };
    await db
      .insertInto('rollupDays')
      .values([
        { ...row, day: '2026-03-01', platform: 'twitter', shares: 3, clicks: 2, opened: 1, prepared: 0 },
        { ...row, day: '2026-03-01', platform: 'copy', shares: 0, clicks: 1, opened: 0, prepared: 4 },
        {
          ...row,
          day: '2026-03-02',
          platform: 'twitter',
          depth: 1,
          shares: 5,
          clicks: 0,
          opened: 0,
          prepared: 0,
        },
      ])
      .execute();
    return asset;
  },
  after: async ({ db }, { campaignId, organizationId }) => {
    const rows = await db.selectFrom('rollupLanguageDays').selectAll().orderBy('day').execute();
    expect(rows).toEqual([
      {
        campaignId,
        organizationId,
        day: '2026-03-01',
        language: '',
        shares: 3,
        clicks: 3,
        opened: 1,
        prepared: 4,
      },
      {
        campaignId,
        organizationId,
        day: '2026-03-02',
        language: '',
        shares: 5,
        clicks: 0,
        opened: 0,
        prepared: 0,
      },
    ]);
    const shares = await db.selectFrom('shares').select('language').execute();
    expect(shares).toEqual([{ language: null }]);
  },
});
