import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { shareRow } from '../../test/db-rows.ts';

// The message-hash migration on a database with logged shares: they carried no
// message (null), and the HMAC key exists afterwards.

itMigrates('adds an empty message hash to existing shares and makes the hash key', '0011-write-path', {
  before: async ({ db }) => {
    await db
      .insertInto('shares')
      // A hand-posted platform: 0029-share-outcomes leaves its shares `shared`.
      .values(shareRow({ ...(await seedAsset(db)), platform: 'instagram' }))
      .execute();
  },
  after: async ({ db }) => {
    const share = await db.selectFrom('shares').select(['messageHash', 'status']).executeTakeFirstOrThrow();
    expect(share).toEqual({ messageHash: null, status: 'shared' });
    const key = await db
      .selectFrom('appSecrets')
      .select('value')
      .where('name', '=', 'message-hash')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(key.value, 'base64url')).toHaveLength(32);
  },
});
