import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { seedOrgWithCampaign } from '../../test/seed-db.ts';
import { appPerFile } from '../../test/test-app.ts';
import { nowIso } from '../../lib/time.ts';
import { insertIfShareable } from './shares.service.ts';

// A logged share is one prepared statement on PostgreSQL (ADR 0014). After a few runs a
// connection keeps one generic plan for it, chosen with the statistics of that moment:
// on a new installation, an almost empty shares table. The referral parent must then
// still be found through the unique index on its code, never by reading the campaign's
// shares (which cost more with every share logged: ADR 0014, addendum).

const onPostgres = process.env.DB_TARGET === 'postgres';
const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });

type PlanNode = { Alias?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe.skipIf(!onPostgres)('the logged share statement (PostgreSQL)', () => {
  it("looks the referral parent up by its code in the generic plan, whatever the campaign's size", async () => {
    const { db } = t.database;
    const { organizationId, campaignId, assetIds } = await seedOrgWithCampaign(db);
    const createdAt = nowIso();
    const query = insertIfShareable(db, {
      assetId: assetIds[0],
      campaignId,
      organizationId,
      platform: 'twitter',
      supporterInfo: '',
      status: 'shared',
      ref: 'planChild0001',
      parentRef: 'planParent001',
      supporterId: 'plan-visitor',
      supporterName: null,
      messageHash: null,
      variantId: null,
      source: null,
      language: null,
      memberId: null,
      createdAt,
      today: createdAt.slice(0, 10),
    });
    // EXECUTE takes no bind parameters: the values go in as literals.
    const values = sql.join(query.parameters.map((v) => sql.lit(v)));
    const plan = await db.connection().execute(async (conn) => {
      await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
      // Planned while the table is empty, as a new instance's first shares are.
      await sql.raw(`prepare share_insert as ${query.sql}`).execute(conn);
      await sql`explain (format json) execute share_insert(${values})`.execute(conn);
      const rows = Array.from({ length: 3000 }, (_, i) =>
        shareRow({ campaignId, organizationId, assetId: assetIds[0], ref: `planBulk${i}` }),
      );
      for (let i = 0; i < rows.length; i += 1000)
        await conn
          .insertInto('shares')
          .values(rows.slice(i, i + 1000))
          .execute();
      const { rows: explained } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
        explain (format json) execute share_insert(${values})`.execute(conn);
      await sql`deallocate share_insert`.execute(conn);
      await sql`reset plan_cache_mode`.execute(conn);
      return explained[0]['QUERY PLAN'][0].Plan;
    });
    const parent = nodes(plan).find((n) => n.Alias === 'p');
    expect(parent?.['Index Cond']).toMatch(/^\(ref = \$\d+\)$/);
  });
});
