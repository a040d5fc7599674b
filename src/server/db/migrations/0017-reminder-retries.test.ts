import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedCampaign, seedOrganization } from '../../modules/supporter/test-seed.ts';
import { shareRow } from '../../test/db-rows.ts';
import { type DbHandle, migrateToLatest } from '../client.ts';
import { databaseMigratedTo } from '../migration-test-db.ts';

// 0017 adds a failed-tries counter to reminders already waiting (they start at 0)
// and the per-organisation suppression list, one row per keyed address hash.

let handle: DbHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await databaseMigratedTo('0016-analytics-indexes'));
});
afterAll(() => close());

it('keeps waiting reminders (0 tries so far) and suppresses each keyed address once per organisation', async () => {
  const { db } = handle;
  const organizationId = await seedOrganization(db);
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId,
    assets: [{ title: 'A', type: 'text', content: 'a' }],
  });
  const share = await db
    .insertInto('shares')
    .values(shareRow({ organizationId, campaignId, assetId: assetIds[0], status: 'pending' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto('reminders')
    .values({
      shareId: share.id,
      organizationId,
      dueAt: now,
      email: 'a@example.org',
      emailKey: 'k1',
      pushSubscription: null,
      origin: 'https://rally.example',
      createdAt: now,
    })
    .execute();

  await migrateToLatest(handle);

  const row = await db.selectFrom('reminders').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ shareId: share.id, status: 'pending', attempts: 0, email: 'a@example.org' });
  const suppress = () =>
    db
      .insertInto('reminderSuppressions')
      .values({ organizationId, emailKey: 'k1', createdAt: now })
      .execute();
  await suppress();
  await expect(suppress()).rejects.toThrow();
});
