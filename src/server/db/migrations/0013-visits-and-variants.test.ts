import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from '../client.ts';
import { databaseMigratedTo } from '../migration-test-db.ts';
import { variantsOf } from '../../modules/assets/asset-variants.ts';
import { seedCampaign, seedOrganization } from '../../modules/supporter/test-seed.ts';

// Visits and variants on a database with shares: existing shares have no variant and
// no source, existing assets no variants; a variant and a visit can then be written.

let handle: DbHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await databaseMigratedTo('0011-write-path'));
});
afterAll(() => close());

it('leaves existing shares without variant or source, and takes variants and visits', async () => {
  const { db } = handle;
  const org = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org,
    assets: [{ title: 'Old post', type: 'text', content: 'Hello' }],
  });
  const now = new Date().toISOString();
  await db
    .insertInto('shares')
    .values({
      assetId: assetIds[0],
      platform: 'twitter',
      campaignId,
      organizationId: org,
      scheduledFor: null,
      status: 'shared',
      ref: 'legacyRef00001',
      supporterId: 'legacyvisitor0000000000',
      createdAt: now,
      parentShareId: null,
    })
    .execute();
  await migrateToLatest(handle);
  expect(await db.selectFrom('shares').select(['variantId', 'source']).executeTakeFirstOrThrow()).toEqual({
    variantId: null,
    source: null,
  });
  expect((await variantsOf(db, assetIds)).size).toBe(0);
  const variant = await db
    .insertInto('assetVariants')
    .values({ assetId: assetIds[0], organizationId: org, text: 'New words', position: 0, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const visit = {
    campaignId,
    organizationId: org,
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
  expect((await variantsOf(db, assetIds)).get(assetIds[0])).toEqual([{ id: variant.id, text: 'New words' }]);
});
