import { expect } from 'vitest';
import { rollUpBatch, type SourceRow, visitSources } from '../../modules/stats/index.ts';
import { shareRow } from '../../test/db-rows.ts';
import { itMigrates, seedAsset } from '../migration-test-db.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';

// 0018 adds the per-source rollup on a database whose shares the job has partly rolled
// up: the tagged shares at or below the shares mark are added by the migration (the
// job will not see them again), visits start from their own mark at 0, and the
// figures per source are the same before and after the job catches up.

const base = Math.floor(Date.now() / DAY_MS) * DAY_MS - 3 * DAY_MS;
const at = (ms: number) => new Date(base + ms).toISOString();

itMigrates(
  'adds the rolled-up tagged shares, starts visits at 0, and answers the same per source',
  '0017-reminder-retries',
  {
    before: async ({ db }) => {
      const asset = await seedAsset(db, { title: 'Poster', type: 'text', content: 'Share me' });
      const { campaignId, organizationId } = asset;
      const share = (source: string | null, createdAt: string, status = 'shared') =>
        // A hand-posted platform: 0029-share-outcomes leaves its shares `shared`.
        shareRow({ ...asset, source, createdAt, status, platform: 'instagram' });
      const ids = await db
        .insertInto('shares')
        .values([
          share('qr', at(12 * HOUR_MS)),
          share('qr', at(DAY_MS + 12 * HOUR_MS)),
          share('mail', at(13 * HOUR_MS)),
          share('qr', at(12 * HOUR_MS), 'pending'),
          share(null, at(12 * HOUR_MS)),
          share('qr', at(DAY_MS + 14 * HOUR_MS)),
        ])
        .returning('id')
        .execute();
      const visit = (visitorId: string, source: string | null, createdAt: string) => ({
        campaignId,
        organizationId,
        visitorId,
        day: createdAt.slice(0, 10),
        source,
        createdAt,
      });
      await db
        .insertInto('visits')
        .values([
          visit('v1', 'qr', at(11 * HOUR_MS)),
          visit('v2', 'mail', at(DAY_MS + 11 * HOUR_MS)),
          visit('v3', null, at(11 * HOUR_MS)),
        ])
        .execute();
      // The job had rolled up the first five shares (the last one is the tail).
      await db.updateTable('rollupState').set({ lastId: ids[4].id }).where('name', '=', 'shares').execute();
      return asset;
    },
    after: async ({ db }, { campaignId, organizationId }) => {
      const day0 = at(0).slice(0, 10);
      const day1 = at(DAY_MS).slice(0, 10);
      const rolled = () =>
        db
          .selectFrom('rollupSourceDays')
          .select(['day', 'source', 'visits', 'shares'])
          .where('campaignId', '=', campaignId)
          .orderBy('day')
          .orderBy('source')
          .execute();
      // 0018 added them; 0029-share-outcomes, which rebuilds the share rollups, set them
      // back to 0 with the shares mark: the job counts them again.
      expect(await rolled()).toEqual([
        { day: day0, source: 'mail', visits: 0, shares: 0 },
        { day: day0, source: 'qr', visits: 0, shares: 0 },
        { day: day1, source: 'qr', visits: 0, shares: 0 },
      ]);
      expect(await db.selectFrom('rollupState').select(['name', 'lastId']).orderBy('name').execute()).toEqual(
        [
          { name: 'clicks', lastId: 0 },
          { name: 'shares', lastId: 0 },
          { name: 'visits', lastId: 0 },
        ],
      );

      const scopes = [
        { column: 'campaignId', id: campaignId },
        { column: 'organizationId', id: organizationId },
      ] as const;
      const sources = async () => {
        const out: SourceRow[][] = [];
        for (const scope of scopes) {
          // Whole UTC days (all from the rollup and the tail), and a range with a partial first day.
          out.push(await visitSources(db, scope, at(0), at(2 * DAY_MS)));
          out.push(await visitSources(db, scope, at(12.5 * HOUR_MS), at(2 * DAY_MS)));
        }
        return out;
      };
      const whole = [
        { source: 'qr', visits: 1, shares: 3 },
        { source: 'mail', visits: 1, shares: 1 },
      ];
      const partial = [
        { source: 'mail', visits: 1, shares: 1 },
        { source: 'qr', visits: 0, shares: 2 },
      ];
      expect(await sources()).toEqual([whole, partial, whole, partial]);

      while (await db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 })));
      expect(await rolled()).toEqual([
        { day: day0, source: 'mail', visits: 0, shares: 1 },
        { day: day0, source: 'qr', visits: 1, shares: 1 },
        { day: day1, source: 'mail', visits: 1, shares: 0 },
        { day: day1, source: 'qr', visits: 0, shares: 2 },
      ]);
      expect(await sources()).toEqual([whole, partial, whole, partial]);
    },
  },
);
