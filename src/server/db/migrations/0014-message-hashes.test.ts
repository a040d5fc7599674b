import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from '../client.ts';
import { databaseMigratedTo } from '../migration-test-db.ts';
import { seedCampaign, seedOrganization } from '../../modules/supporter/test-seed.ts';

// The message-hash migration on a database with logged shares: they carried no
// message (null), and the HMAC key exists afterwards.

let handle: DbHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await databaseMigratedTo('0011-write-path'));
});
afterAll(() => close());

it('adds an empty message hash to existing shares and makes the hash key', async () => {
  const { db } = handle;
  const org = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org,
    assets: [{ title: 'Old poster', type: 'text', content: 'Read this' }],
  });
  await db
    .insertInto('shares')
    .values({
      assetId: assetIds[0]!,
      platform: 'twitter',
      campaignId,
      organizationId: org,
      scheduledFor: null,
      status: 'shared',
      ref: null,
      supporterId: null,
      createdAt: new Date().toISOString(),
      parentShareId: null,
    })
    .execute();
  await migrateToLatest(handle);
  const share = await db.selectFrom('shares').select(['messageHash', 'status']).executeTakeFirstOrThrow();
  expect(share).toEqual({ messageHash: null, status: 'shared' });
  const key = await db
    .selectFrom('appSecrets')
    .select('value')
    .where('name', '=', 'message-hash')
    .executeTakeFirstOrThrow();
  expect(Buffer.from(key.value, 'base64url')).toHaveLength(32);
});
