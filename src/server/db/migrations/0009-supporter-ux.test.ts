import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from '../client.ts';
import { databaseMigratedTo } from '../migration-test-db.ts';
import { seedCampaign, seedOrganization } from '../../modules/supporter/test-seed.ts';

// The share-text migration on a database with assets and scheduled shares: existing
// rows keep sharing their title (no caption) and have no kept words or zone.

let handle: DbHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await databaseMigratedTo('0007-analytics'));
});
afterAll(() => close());

it('adds empty share text and time zone columns to existing rows', async () => {
  const { db } = handle;
  const org = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org,
    assets: [{ title: 'Old poster', type: 'image', content: 'https://example.org/p.png' }],
  });
  await db
    .insertInto('shares')
    .values({
      assetId: assetIds[0],
      platform: 'all',
      campaignId,
      organizationId: org,
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'pending',
      ref: null,
      supporterId: 'legacyvisitor0000000000',
      createdAt: new Date().toISOString(),
      parentShareId: null,
    })
    .execute();
  await migrateToLatest(handle);
  const asset = await db.selectFrom('assets').select(['title', 'shareText']).executeTakeFirstOrThrow();
  expect(asset).toEqual({ title: 'Old poster', shareText: null });
  const share = await db
    .selectFrom('shares')
    .select(['shareText', 'timeZone', 'status'])
    .executeTakeFirstOrThrow();
  expect(share).toEqual({ shareText: null, timeZone: null, status: 'pending' });
});
