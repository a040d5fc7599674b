import { expect } from 'vitest';
import { insertUserRow } from '../../test/db-rows.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { choicesOf } from '../../lib/member-notifications.ts';
import { nowIso } from '../../lib/time.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0027 makes the notification switches each member's own: every member starts from
// their organisation's saved choices (none saved: the defaults). Campaigns already
// over and members already in are marked as told, so nothing old is mailed.

itMigrates(
  "gives each member their organisation's saved switches, and marks what is already old news",
  '0026-exact-mailbox-confirmations',
  {
    before: async ({ db }) => {
      const saved = await seedOrganization(db, 'Saved Choices');
      const plain = await seedOrganization(db, 'Never Saved');
      await db
        .insertInto('organizationSettings')
        .values({
          organizationId: saved,
          data: JSON.stringify({ notifications: { weeklyDigest: true, milestones: false }, branding: {} }),
          updatedAt: nowIso(),
        })
        .execute();
      const member = async (username: string, organizationId: number | null) => {
        const id = await insertUserRow(db, username);
        await db
          .updateTable('users')
          .set({
            organizationId,
            role: organizationId ? 'editor' : 'user',
            joinedAt: organizationId ? nowIso() : null,
          })
          .where('id', '=', id)
          .execute();
        return id;
      };
      const a = await member('saved-a', saved);
      const b = await member('saved-b', saved);
      const other = await member('never-saved', plain);
      await member('no-org', null);
      const open = await seedCampaign(db, { organizationId: saved, name: 'Still open' });
      const ended = await seedCampaign(db, { organizationId: saved, name: 'Ended' });
      const pastDate = await seedCampaign(db, { organizationId: saved, name: 'Past end date' });
      await db.updateTable('campaigns').set({ status: 'ended' }).where('id', '=', ended.campaignId).execute();
      await db
        .updateTable('campaigns')
        .set({ endDate: '2020-01-31' })
        .where('id', '=', pastDate.campaignId)
        .execute();
      return { saved, a, b, other, open: open.campaignId, over: [ended.campaignId, pastDate.campaignId] };
    },
    after: async ({ db }, s) => {
      const rows = await db
        .selectFrom('memberNotifications')
        .select(['userId', 'organizationId', 'data'])
        .orderBy('userId')
        .execute();
      expect(rows.map((r) => [r.userId, r.organizationId])).toEqual([
        [s.a, s.saved],
        [s.b, s.saved],
      ]);
      for (const r of rows)
        expect(choicesOf(r.data)).toEqual({
          campaignUpdates: true,
          newSupporters: true,
          milestones: false,
          weeklyDigest: true,
          newMembers: true,
          // A switch added since (review notices, docs/api.md "Review before publishing"): its default.
          reviews: true,
        });
      const ended = await db
        .selectFrom('staffNotices')
        .select('subjectId')
        .where('kind', '=', 'campaign-ended')
        .orderBy('subjectId')
        .execute();
      expect(ended.map((n) => n.subjectId)).toEqual(s.over);
      const joined = await db
        .selectFrom('staffNotices')
        .select('subjectId')
        .where('kind', '=', 'member-joined')
        .execute();
      expect(joined.map((n) => n.subjectId).sort((x, y) => x - y)).toEqual(
        expect.arrayContaining([s.a, s.b, s.other]),
      );
    },
  },
);
