import type { AnyDb } from '../dialect.ts';
import { notNull } from '../dialect.ts';
import { createIndex, createScopedTable, ownedBy } from './lib/ddl.ts';

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
  // gaps: JSON {gap: supporters}, gap = days since the supporter's previous share day in
  // the scope, 0 for a first share day or one more than 366 days after the previous.
  // leaders: JSON [[supporterId, shares], ...], the day's most active, at most LEADERS.
  const reach = { key: { day: 'text' }, values: { supporters: int, gaps: 'text', leaders: 'text' } } as const;
  await createScopedTable(db, 'rollupCampaignReach', { scope: 'campaign', ...reach });
  await createScopedTable(db, 'rollupOrgReach', { scope: 'organization', ...reach });

  await db.schema
    .createTable('rollupCampaignSupporters')
    .addColumn('campaignId', int, (c) => ownedBy('campaigns.id')(c).primaryKey())
    .addColumn('organizationId', int, ownedBy('organizations.id'))
    .addColumn('supporters', int, notNull)
    .execute();
  await db.schema
    .createTable('rollupOrgSupporters')
    .addColumn('organizationId', int, (c) => ownedBy('organizations.id')(c).primaryKey())
    .addColumn('supporters', int, notNull)
    .execute();

  // Supporters whose latest share is in each UTC hour ('YYYY-MM-DDTHH').
  const lastHours = { key: { hour: 'text' }, values: { supporters: int } } as const;
  await createScopedTable(db, 'rollupCampaignLastHours', { scope: 'campaign', ...lastHours });
  await createScopedTable(db, 'rollupOrgLastHours', { scope: 'organization', ...lastHours });

  // One supporter's days in a scope: neighbours of a late event's day, whether the
  // supporters at a range's edges shared inside it, exact counts of top candidates.
  await createIndex(db, 'rollupSupporterDays_supporter_idx', 'rollupSupporterDays', [
    'organizationId',
    'supporterId',
    'day',
  ]);

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
