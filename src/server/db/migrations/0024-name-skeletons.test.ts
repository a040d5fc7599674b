import { expect, vi } from 'vitest';
import { nameKey } from '../../lib/name-key.ts';
import { insertOrganizationRow, insertUserRow } from '../../test/db-rows.ts';
import type { Db } from '../client.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0024 computes every stored name key again as the confusable skeleton. Rows that
// only now look alike (they had distinct keys before) do not fail the migration:
// the older keeps the key, the newer keeps its name without a key and is reported.

/** The key as 0005 computed it (NFKC and case only). */
const keyOf0005 = (name: string) => name.normalize('NFKC').toLowerCase().normalize('NFKC');

const CYRILLIC_SCOPE = '\u0455\u0441\u043e\u0440\u0435';

async function named(db: Db, table: 'users' | 'organizations', username: string, key: string | null) {
  await db.updateTable(table).set({ usernameKey: key }).where('username', '=', username).execute();
}

itMigrates(
  'gives existing names the skeleton key and keeps both of two rows that now collide',
  '0023-email-changes',
  {
    before: async ({ db }) => {
      // The Cyrillic name is older than its Latin twin, so the Latin row's key moves
      // to the Cyrillic row: keys are cleared before they are set.
      const users = [CYRILLIC_SCOPE, 'scope', 'b0b', 'Bob', 'carol', 'CAROL'];
      for (const username of users) {
        await insertUserRow(db, username);
        await named(db, 'users', username, username === 'CAROL' ? null : keyOf0005(username));
      }
      const creatorId = await insertUserRow(db, 'creator');
      for (const username of ['Team0', 'TEAMO', 'plain']) {
        await insertOrganizationRow(db, { name: username, username, creatorId });
        await named(db, 'organizations', username, keyOf0005(username));
      }
      return { warn: vi.spyOn(console, 'warn').mockImplementation(() => {}) };
    },
    after: async ({ db }, { warn }) => {
      const keys = async (table: 'users' | 'organizations') =>
        Object.fromEntries(
          (await db.selectFrom(table).select(['username', 'usernameKey']).execute()).map((r) => [
            r.username,
            r.usernameKey,
          ]),
        );
      expect(await keys('users')).toEqual({
        [CYRILLIC_SCOPE]: 'scope',
        scope: null,
        b0b: 'bob',
        Bob: null,
        carol: 'carol',
        CAROL: null,
        creator: 'creator',
      });
      expect(await keys('organizations')).toEqual({ Team0: 'tearno', TEAMO: null, plain: 'plain' });
      // Each newly keyless row is reported once; CAROL was keyless (and reported) since 0005.
      const logged = warn.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logged).toMatch(/users #\d+ "scope" looks like #\d+ "ѕсоре"/);
      expect(logged).toMatch(/users #\d+ "Bob" looks like #\d+ "b0b"/);
      expect(logged).toMatch(/organizations #\d+ "TEAMO" looks like #\d+ "Team0"/);
      expect(logged).not.toMatch(/CAROL/);
      warn.mockRestore();
      // From now on the skeleton is unique: a third twin is refused by the index.
      const now = new Date().toISOString();
      await expect(
        db
          .insertInto('users')
          .values({
            username: 'SC0PE',
            usernameKey: nameKey('SC0PE'),
            passwordHash: 'x',
            createdAt: now,
            updatedAt: now,
          })
          .execute(),
      ).rejects.toThrow();
    },
  },
);
