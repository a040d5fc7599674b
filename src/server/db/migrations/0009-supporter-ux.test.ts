import { expect, it } from 'vitest';
import { migrateToLatest } from '../client.ts';
import { databaseBeforeAll } from '../migration-test-db.ts';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign, seedOrganization } from '../../modules/supporter/test-seed.ts';

// The share-text migration on a database with assets and scheduled shares: existing
// rows keep sharing their title (no caption) and have no kept words or zone.

const before = databaseBeforeAll('0007-analytics');

it('adds empty share text and time zone columns to existing rows', async () => {
  const { handle } = before;
  const { db } = handle;
  const org = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: org,
    assets: [{ title: 'Old poster', type: 'image', content: 'https://example.org/p.png' }],
  });
  await db
    .insertInto('shares')
    .values(
      shareRow({
        assetId: assetIds[0],
        platform: 'all',
        campaignId,
        organizationId: org,
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
        status: 'pending',
        supporterId: 'legacyvisitor0000000000',
      }),
    )
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
