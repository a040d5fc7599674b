import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { shareRow } from '../../test/db-rows.ts';

// The share-text migration on a database with assets and scheduled shares: existing
// rows keep sharing their title (no caption) and have no kept words or zone.

itMigrates('adds empty share text and time zone columns to existing rows', '0007-analytics', {
  before: async ({ db }) => {
    const asset = await seedAsset(db, {
      title: 'Old poster',
      type: 'image',
      content: 'https://example.org/p.png',
    });
    const scheduledFor = new Date(Date.now() + 86_400_000).toISOString();
    await db
      .insertInto('shares')
      .values(
        shareRow({
          ...asset,
          platform: 'all',
          scheduledFor,
          status: 'pending',
          supporterId: 'legacyvisitor0000000000',
        }),
      )
      .execute();
  },
  after: async ({ db }) => {
    const asset = await db.selectFrom('assets').select(['title', 'shareText']).executeTakeFirstOrThrow();
    expect(asset).toEqual({ title: 'Old poster', shareText: null });
    const share = await db
      .selectFrom('shares')
      .select(['shareText', 'timeZone', 'status'])
      .executeTakeFirstOrThrow();
    expect(share).toEqual({ shareText: null, timeZone: null, status: 'pending' });
  },
});
