import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { shareRow } from '../../test/db-rows.ts';
import { appPerFile } from '../../test/test-app.ts';
import { FIRST_ANALYZE_EVENTS, rollupJob } from './rollups.ts';
import { JobRunner } from '../../jobs/runner.ts';

// On PostgreSQL the rollup job analyses the per-supporter tables it grows once it has
// rolled up FIRST_ANALYZE_EVENTS events (then at twice as many), instead of leaving a
// burst to autovacuum's next nap.

const onPostgres = process.env.DB_TARGET === 'postgres';
const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });

const lastAnalyze = async () =>
  (
    await sql<{ at: Date | null }>`
      select last_analyze as at from pg_stat_user_tables
      where schemaname = current_schema() and relname = 'rollupSupporterDays'`.execute(t.database.db)
  ).rows[0]?.at ?? null;

describe.skipIf(!onPostgres)('rollup job statistics (PostgreSQL)', () => {
  it('analyses the supporter tables after the first burst of events, not before', async () => {
    const { db, dialect } = t.database;
    const organizationId = await seedOrganization(db);
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId,
      assets: [{ title: 'A', type: 'text', content: 'a' }],
    });
    const addShares = async (n: number, from: number) => {
      const rows = Array.from({ length: n }, (_, i) =>
        shareRow({ campaignId, organizationId, assetId: assetIds[0], supporterId: `burst${from + i}` }),
      );
      for (let i = 0; i < rows.length; i += 1000)
        await db
          .insertInto('shares')
          .values(rows.slice(i, i + 1000))
          .execute();
    };
    const runner = new JobRunner({ db, dialect, jobs: [rollupJob({ db, dialect })], intervalMs: 0 });

    await addShares(FIRST_ANALYZE_EVENTS - 1, 0);
    await runner.runOnce();
    expect(await lastAnalyze()).toBeNull();

    await addShares(1, FIRST_ANALYZE_EVENTS);
    await runner.runOnce();
    const first = await lastAnalyze();
    expect(first).not.toBeNull();
    // Every supporter is in the statistics: the planner knows the table's size.
    const { rows } = await sql<{ n: number }>`
      select reltuples::int as n from pg_class
      where relname = 'rollupSupporterDays' and relnamespace = current_schema()::regnamespace`.execute(db);
    expect(rows[0].n).toBe(FIRST_ANALYZE_EVENTS);
  });
});
