import { CompiledQuery, sql } from 'kysely';
import { expect } from 'vitest';
import { namedSharesQuery } from '../../modules/stats/index.ts';
import { shareRow } from '../../test/db-rows.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0016 adds a partial index of the shares that carry a supporter's name, on a
// database that already has shares: the top supporters' names are then looked up
// through it, reading the named shares only.

itMigrates('looks up the names of top supporters through the index of named shares', '0011-write-path', {
  before: async ({ db }) => {
    const asset = await seedAsset(db);
    // Ten supporters with 200 shares each; supporter 3 gave a name on two of them.
    const rows = Array.from({ length: 2000 }, (_, i) =>
      shareRow({
        ...asset,
        supporterId: `s${i % 10}`,
        supporterName: i === 3 ? 'Old Name' : i === 1993 ? 'Ada' : null,
        createdAt: new Date(Date.now() - (2000 - i) * 60_000).toISOString(),
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('shares')
        .values(rows.slice(i, i + 500))
        .execute();
    return asset;
  },
  after: async ({ db, dialect }, { campaignId, organizationId }) => {
    await sql`analyze`.execute(db);
    const ids = Array.from({ length: 10 }, (_, i) => `s${i}`);
    for (const scope of [
      { column: 'campaignId', id: campaignId },
      { column: 'organizationId', id: organizationId },
    ] as const) {
      const query = namedSharesQuery(db, scope, ids);
      // Newest first: the latest name given labels the supporter.
      expect(await query.execute()).toEqual([
        { supporterId: 's3', supporterName: 'Ada' },
        { supporterId: 's3', supporterName: 'Old Name' },
      ]);
      const { sql: text, parameters } = query.compile();
      const explain = dialect === 'sqlite' ? 'explain query plan' : 'explain';
      const plan = JSON.stringify(
        (await db.executeQuery(CompiledQuery.raw(`${explain} ${text}`, [...parameters]))).rows,
      );
      expect(plan, scope.column).toContain('shares_named_supporter_idx');
    }
  },
});
