import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { variantsOf } from '../../modules/assets/index.ts';
import { shareRow } from '../../test/db-rows.ts';

// Visits and variants on a database with shares: existing shares have no variant and
// no source, existing assets no variants; a variant and a visit can then be written.

itMigrates(
  'leaves existing shares without variant or source, and takes variants and visits',
  '0011-write-path',
  {
    before: async ({ db }) => {
      const asset = await seedAsset(db);
      await db
        .insertInto('shares')
        .values(shareRow({ ...asset, ref: 'legacyRef00001', supporterId: 'legacyvisitor0000000000' }))
        .execute();
      return asset;
    },
    after: async ({ db }, { organizationId, campaignId, assetId }) => {
      expect(await db.selectFrom('shares').select(['variantId', 'source']).executeTakeFirstOrThrow()).toEqual(
        {
          variantId: null,
          source: null,
        },
      );
      expect((await variantsOf(db, [assetId])).size).toBe(0);
      const now = new Date().toISOString();
      const variant = await db
        .insertInto('assetVariants')
        .values({ assetId, organizationId, text: 'New words', position: 0, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const visit = {
        campaignId,
        organizationId,
        visitorId: 'v'.repeat(24),
        day: now.slice(0, 10),
        createdAt: now,
      };
      await db
        .insertInto('visits')
        .values({ ...visit, source: 'qr' })
        .execute();
      // One visit per visitor, campaign and day.
      await expect(
        db
          .insertInto('visits')
          .values({ ...visit, source: null })
          .execute(),
      ).rejects.toThrow();
      expect((await variantsOf(db, [assetId])).get(assetId)).toEqual([{ id: variant.id, text: 'New words' }]);
    },
  },
);
