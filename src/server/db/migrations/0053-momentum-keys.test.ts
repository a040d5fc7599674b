import { expect } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0053 on rows written before it: the goal mails already sent keep counting for the
// campaign's current goal (no second 50% mail after the upgrade), keys no goal can
// match any more go, and a moved commitment frees its visitor's place in the moment.

itMigrates(
  "rewrites the current goal's keys, drops keys no goal can match, and frees moved commitments",
  '0050-moments',
  {
    before: async ({ db }) => {
      const org = await seedOrganization(db, 'Keys Org');
      const { campaignId: withGoal, assetIds } = await seedCampaign(db, {
        organizationId: org,
        assets: [{ title: 'A', type: 'text', content: 'Words' }],
      });
      const { campaignId: noGoal } = await seedCampaign(db, { organizationId: org });
      await db
        .updateTable('campaigns')
        .set({ goalMetric: 'shares', goalTarget: 10 })
        .where('id', '=', withGoal)
        .execute();
      const key = (subjectId: number, period: string, kind = 'goal') => ({
        kind,
        organizationId: org,
        subjectId,
        period,
        createdAt: new Date().toISOString(),
      });
      await db
        .insertInto('staffNotices')
        .values([
          key(withGoal, '10:50'),
          key(withGoal, '10:90'),
          // An earlier target's, and one whose target only starts like the current one.
          key(withGoal, '20:50'),
          key(withGoal, '100:50'),
          key(noGoal, '10:50'),
          key(withGoal, '10', 'milestone'),
        ])
        .execute();
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const moment = await db
        .insertInto('moments')
        .values({
          organizationId: org,
          campaignId: withGoal,
          at: inAnHour,
          platform: 'any',
          assetId: null,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const share = async (status: string, supporterId: string) =>
        (
          await db
            .insertInto('shares')
            .values(
              shareRow({
                assetId: assetIds[0],
                campaignId: withGoal,
                organizationId: org,
                status,
                supporterId,
                momentId: moment.id,
                scheduledFor: inAnHour,
              }),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      return {
        org,
        withGoal,
        momentId: moment.id,
        moved: await share('rescheduled', 'ann'),
        standing: await share('pending', 'bob'),
      };
    },
    after: async ({ db }, seeded) => {
      const keys = await db
        .selectFrom('staffNotices')
        .select(['kind', 'subjectId', 'period'])
        .where('organizationId', '=', seeded.org)
        .orderBy('kind')
        .orderBy('period')
        .execute();
      expect(keys).toEqual([
        { kind: 'goal', subjectId: seeded.withGoal, period: '0:shares:10:50' },
        { kind: 'goal', subjectId: seeded.withGoal, period: '0:shares:10:90' },
        { kind: 'milestone', subjectId: seeded.withGoal, period: '10' },
      ]);
      const campaign = await db
        .selectFrom('campaigns')
        .select('goalVersion')
        .where('id', '=', seeded.withGoal)
        .executeTakeFirstOrThrow();
      expect(campaign.goalVersion).toBe(0);
      const shares = await db
        .selectFrom('shares')
        .select(['id', 'momentId'])
        .where('id', 'in', [seeded.moved, seeded.standing])
        .orderBy('id')
        .execute();
      expect(shares).toEqual([
        { id: seeded.moved, momentId: null },
        { id: seeded.standing, momentId: seeded.momentId },
      ]);
    },
  },
);
