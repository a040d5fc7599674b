import { describe, expect, it } from 'vitest';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { shareRow } from '../../test/db-rows.ts';
import { appPerFile } from '../../test/test-app.ts';
import { LEADERS, SCOPE_TABLES, type ScopeKind } from './rollups-supporters.ts';
import { rollUpBatch } from './rollups.ts';
import { DAY_MS } from '#shared/durations.ts';

// Each reach row keeps its day's LEADERS most active supporters, updated from the
// previous list and the batch's sharers only. With more supporters than LEADERS, many
// small batches and counts that overtake each other, the kept list must be what a
// full ranking of the day's supporter rows gives.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });

const ranked = (counts: Map<string, number>) =>
  [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, LEADERS);

/** The leaders kept on a scope's reach row of `day`. */
async function storedLeaders(kind: ScopeKind, id: number, day: string) {
  const reach = SCOPE_TABLES[kind];
  const row = await t.database.db
    .selectFrom(reach.reach)
    .select('leaders')
    .where(reach.column, '=', id)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.leaders);
}

describe('reach leaders', () => {
  it('equal a full ranking of the day after every round of small batches', async () => {
    const { db } = t.database;
    const organizationId = await seedOrganization(db);
    const asset = [{ title: 'A', type: 'text' as const, content: 'a' }];
    const campaigns = [
      await seedCampaign(db, { organizationId, assets: asset }),
      await seedCampaign(db, { organizationId, assets: asset }),
    ];
    const days = [new Date(Date.now() - DAY_MS).toISOString(), new Date().toISOString()];
    for (let round = 0; round < 6; round++) {
      // Each round favours other supporters, so later rounds overtake earlier leaders.
      const rows = Array.from({ length: 40 }, (_, i) => {
        const c = campaigns[(i + round) % 2];
        return shareRow({
          campaignId: c.campaignId,
          organizationId,
          assetId: c.assetIds[0],
          supporterId: `sup${String((i * (round + 3)) % (12 + 7 * round)).padStart(2, '0')}`,
          createdAt: days[i % 5 === 0 ? 0 : 1],
        });
      });
      await db.insertInto('shares').values(rows).execute();
      while (await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 7 }))) {}

      const perDay = await db.selectFrom('rollupSupporterDays').selectAll().execute();
      for (const day of days.map((d) => d.slice(0, 10))) {
        const org = new Map<string, number>();
        for (const r of perDay.filter((x) => x.day === day))
          org.set(r.supporterId, (org.get(r.supporterId) ?? 0) + r.shares);
        expect(await storedLeaders('org', organizationId, day), `org, ${day}, round ${round}`).toEqual(
          ranked(org),
        );
        for (const { campaignId } of campaigns) {
          const own = new Map(
            perDay
              .filter((x) => x.day === day && x.campaignId === campaignId)
              .map((x) => [x.supporterId, x.shares]),
          );
          expect(
            await storedLeaders('campaign', campaignId, day),
            `campaign ${campaignId}, ${day}, round ${round}`,
          ).toEqual(ranked(own));
        }
      }
    }
    // The rounds did make more supporters than are kept: the cut at LEADERS was tested.
    const today = await db
      .selectFrom('rollupSupporterDays')
      .select('supporterId')
      .distinct()
      .where('day', '=', days[1].slice(0, 10))
      .execute();
    expect(today.length).toBeGreaterThan(LEADERS + 10);
  });
});
