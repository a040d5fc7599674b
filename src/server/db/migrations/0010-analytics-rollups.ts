import type { AnyDb } from '../dialect.ts';
import { notNull } from '../dialect.ts';

// Distinct and top supporters with reads bounded whatever the history
// (docs/decisions/0016-bounded-supporter-figures.md):
// - per scope and UTC day, how many supporters shared, each with the gap in days since
//   their previous share day (exact distinct counts over any range of days), and the
//   day's most active supporters (candidates for the top supporters of a range);
// - per scope, the all-time count of distinct supporters, and how many supporters'
//   latest share falls in each UTC hour (active supporters of the last 30 days).
// The rollups are rebuilt from the events: the marks go back to 0 and the job adds
// every event again, into the old tables and the new ones alike.

const int = 'integer' as const;

export async function up(db: AnyDb): Promise<void> {
  const org = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('organizations.id').onDelete('cascade');
  const campaign = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('campaigns.id').onDelete('cascade');

  // gaps: JSON {gap: supporters}, gap = days since the supporter's previous share day in
  // the scope, 0 for a first share day or one more than 366 days after the previous.
  // leaders: JSON [[supporterId, shares], ...], the day's most active, at most LEADERS.
  await db.schema
    .createTable('rollupCampaignReach')
    .addColumn('campaignId', int, campaign)
    .addColumn('day', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('supporters', int, notNull)
    .addColumn('gaps', 'text', notNull)
    .addColumn('leaders', 'text', notNull)
    .addPrimaryKeyConstraint('rollupCampaignReach_pk', ['campaignId', 'day'])
    .execute();
  await db.schema
    .createTable('rollupOrgReach')
    .addColumn('organizationId', int, org)
    .addColumn('day', 'text', notNull)
    .addColumn('supporters', int, notNull)
    .addColumn('gaps', 'text', notNull)
    .addColumn('leaders', 'text', notNull)
    .addPrimaryKeyConstraint('rollupOrgReach_pk', ['organizationId', 'day'])
    .execute();

  await db.schema
    .createTable('rollupCampaignSupporters')
    .addColumn('campaignId', int, (c) => campaign(c).primaryKey())
    .addColumn('organizationId', int, org)
    .addColumn('supporters', int, notNull)
    .execute();
  await db.schema
    .createTable('rollupOrgSupporters')
    .addColumn('organizationId', int, (c) => org(c).primaryKey())
    .addColumn('supporters', int, notNull)
    .execute();

  // Supporters whose latest share is in each UTC hour ('YYYY-MM-DDTHH').
  await db.schema
    .createTable('rollupCampaignLastHours')
    .addColumn('campaignId', int, campaign)
    .addColumn('hour', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('supporters', int, notNull)
    .addPrimaryKeyConstraint('rollupCampaignLastHours_pk', ['campaignId', 'hour'])
    .execute();
  await db.schema
    .createTable('rollupOrgLastHours')
    .addColumn('organizationId', int, org)
    .addColumn('hour', 'text', notNull)
    .addColumn('supporters', int, notNull)
    .addPrimaryKeyConstraint('rollupOrgLastHours_pk', ['organizationId', 'hour'])
    .execute();

  // One supporter's days in a scope: neighbours of a late event's day, whether the
  // supporters at a range's edges shared inside it, exact counts of top candidates.
  await db.schema
    .createIndex('rollupSupporterDays_supporter_idx')
    .on('rollupSupporterDays')
    .columns(['organizationId', 'supporterId', 'day'])
    .execute();

  for (const table of [
    'rollupTotals',
    'rollupCampaignHours',
    'rollupOrgHours',
    'rollupDays',
    'rollupSupporterDays',
    'supporterCampaigns',
    'supporterOrgs',
  ])
    await db.deleteFrom(table).execute();
  await db.updateTable('rollupState').set({ lastId: 0 }).execute();
}
