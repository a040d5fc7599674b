import { expect } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0017 adds a failed-tries counter to reminders already waiting (they start at 0)
// and the per-organisation suppression list, one row per keyed address hash.

const now = new Date().toISOString();

itMigrates(
  'keeps waiting reminders (0 tries so far) and suppresses each keyed address once per organisation',
  '0016-analytics-indexes',
  {
    before: async ({ db }) => {
      const asset = await seedAsset(db);
      const share = await db
        .insertInto('shares')
        .values(shareRow({ ...asset, status: 'pending' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('reminders')
        .values({
          shareId: share.id,
          organizationId: asset.organizationId,
          dueAt: now,
          email: 'a@example.org',
          emailKey: 'k1',
          pushSubscription: null,
          origin: 'https://rally.example',
          createdAt: now,
        })
        .execute();
      return { shareId: share.id, organizationId: asset.organizationId };
    },
    after: async ({ db }, { shareId, organizationId }) => {
      const row = await db.selectFrom('reminders').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ shareId, status: 'pending', attempts: 0, email: 'a@example.org' });
      const suppress = () =>
        db
          .insertInto('reminderSuppressions')
          .values({ organizationId, emailKey: 'k1', createdAt: now })
          .execute();
      await suppress();
      await expect(suppress()).rejects.toThrow();
    },
  },
);
