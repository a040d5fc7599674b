import { describe, expect, it } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { appPerFile } from '../../test/test-app.ts';
import { carryRowsForward } from './0053-momentum-keys.ts';

// Migration 0053 on rows written before it: the goal mails already sent keep counting
// for the campaign's current goal (no second 50% mail after the upgrade), and a moved
// commitment frees its visitor's place in the moment.

const t = appPerFile();

describe('migration 0053', () => {
  it("rewrites the current goal's keys, drops keys no goal can match, and frees moved commitments", async () => {
    const { db } = t.database;
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
    const key = (subjectId: number, period: string) => ({
      kind: 'goal',
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
        { ...key(withGoal, '10'), kind: 'milestone' },
      ])
      .execute();
    const moment = await db
      .insertInto('moments')
      .values({
        organizationId: org,
        campaignId: withGoal,
        at: new Date(Date.now() + 3_600_000).toISOString(),
        platform: 'any',
        assetId: null,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const share = (status: string, supporterId: string) =>
      db
        .insertInto('shares')
        .values(
          shareRow({
            assetId: assetIds[0],
            campaignId: withGoal,
            organizationId: org,
            status,
            supporterId,
            momentId: moment.id,
            scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
    const moved = await share('rescheduled', 'ann');
    const standing = await share('pending', 'bob');

    await carryRowsForward(db);

    const keys = await db
      .selectFrom('staffNotices')
      .select(['kind', 'subjectId', 'period'])
      .where('organizationId', '=', org)
      .orderBy('kind')
      .orderBy('period')
      .execute();
    expect(keys).toEqual([
      { kind: 'goal', subjectId: withGoal, period: '0:shares:10:50' },
      { kind: 'goal', subjectId: withGoal, period: '0:shares:10:90' },
      { kind: 'milestone', subjectId: withGoal, period: '10' },
    ]);
    const moments = await db
      .selectFrom('shares')
      .select(['id', 'momentId'])
      .where('id', 'in', [moved.id, standing.id])
      .orderBy('id')
      .execute();
    expect(moments).toEqual([
      { id: moved.id, momentId: null },
      { id: standing.id, momentId: moment.id },
    ]);
  });
});
