import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0030 puts UTM tags on every campaign's tracked links, existing ones included, with
// the default medium and campaign value (none stored).

itMigrates(
  'turns UTM tags on for existing campaigns, with the defaults',
  '0026-exact-mailbox-confirmations',
  {
    before: async ({ db }) => (await seedAsset(db)).campaignId,
    after: async ({ db }, campaignId) => {
      const row = await db
        .selectFrom('campaigns')
        .select(['utmEnabled', 'utmMedium', 'utmCampaign'])
        .where('id', '=', campaignId)
        .executeTakeFirstOrThrow();
      expect({ ...row, utmEnabled: Number(row.utmEnabled) }).toEqual({
        utmEnabled: 1,
        utmMedium: null,
        utmCampaign: null,
      });
    },
  },
);
