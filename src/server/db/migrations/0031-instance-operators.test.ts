import { expect } from 'vitest';
import { insertUserRow } from '../../test/db-rows.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0031 adds the instance's operators: an instance that already has accounts gets its
// oldest as its operator, and the first-account claim is taken so no newcomer gets it.

itMigrates('makes the oldest account the operator, and only it', '0030-campaign-utm', {
  before: async ({ db }) => ({
    oldest: await insertUserRow(db, 'installer'),
    later: await insertUserRow(db, 'later-member'),
  }),
  after: async ({ db }, s) => {
    const users = await db.selectFrom('users').select(['id', 'isOperator']).orderBy('id').execute();
    expect(users.map((u) => [u.id, Number(u.isOperator)])).toEqual([
      [s.oldest, 1],
      [s.later, 0],
    ]);
    const claim = await db.selectFrom('instanceSettings').selectAll().execute();
    expect(claim.map((c) => [c.key, c.value])).toEqual([['firstOperator', String(s.oldest)]]);
    expect(await db.selectFrom('instanceAudit').selectAll().execute()).toEqual([]);
  },
});

itMigrates('leaves a fresh instance without an operator until its first sign-up', '0030-campaign-utm', {
  before: async () => ({}),
  after: async ({ db }) => {
    expect(await db.selectFrom('instanceSettings').selectAll().execute()).toEqual([]);
  },
});
