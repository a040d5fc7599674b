import { expect } from 'vitest';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { itMigrates } from '../migration-test-db.ts';

// Live campaigns whose end date had passed before the upgrade are marked as having
// had their `campaign.ended` (they ended before the event existed: the first run of
// the job must not send each of them now); everything else stays unmarked.

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const cases: { status: string; endDate: string | null; marked: boolean }[] = [
  { status: 'active', endDate: iso(now - DAY_MS).slice(0, 10), marked: true },
  { status: 'paused', endDate: iso(now - HOUR_MS), marked: true },
  // A plain date of today runs through the day: not over yet.
  { status: 'active', endDate: iso(now).slice(0, 10), marked: false },
  { status: 'active', endDate: iso(now + HOUR_MS), marked: false },
  { status: 'active', endDate: null, marked: false },
  // Ended by a member (its event went then), never published, archived: not the job's.
  { status: 'ended', endDate: iso(now - DAY_MS), marked: false },
  { status: 'draft', endDate: iso(now - DAY_MS), marked: false },
  { status: 'archived', endDate: iso(now - DAY_MS), marked: false },
];

itMigrates('marks the live campaigns that had already ended by date', '0050-moments', {
  before: async ({ db }) => {
    const organizationId = await seedOrganization(db);
    const ids: number[] = [];
    for (const { status, endDate } of cases) {
      const { campaignId } = await seedCampaign(db, { organizationId });
      await db.updateTable('campaigns').set({ status, endDate }).where('id', '=', campaignId).execute();
      ids.push(campaignId);
    }
    return ids;
  },
  after: async ({ db }, ids) => {
    const rows = await db
      .selectFrom('campaigns')
      .select(['id', 'endedEventAt'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.endedEventAt !== null)).toEqual(cases.map((c) => c.marked));
  },
});
