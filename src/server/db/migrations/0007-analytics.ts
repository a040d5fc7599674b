import { randomBytes } from 'node:crypto';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull } from '../dialect.ts';
import { createIndex, createScopedTable, ownedBy } from './lib/ddl.ts';

// Honest click-throughs, referral generations and the rollup tables the stats and
// analytics read (docs/decisions/0013-analytics-rollups.md).

const int = 'integer' as const;

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  // Referral generations: the share whose link the sharer arrived through, and the
  // depth computed once at insert (parent's depth + 1; 0 without a parent).
  await db.schema
    .alterTable('shares')
    .addColumn('parentShareId', int, (c) => c.references('shares.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('shares')
    .addColumn('depth', int, (c) => c.notNull().defaultTo(0))
    .execute();

  // The per-network cap: a keyed hash of the client network (IPv4 address, IPv6 /64),
  // never the address itself.
  await db.schema.alterTable('clicks').addColumn('networkHash', 'text').execute();
  await createIndex(db, 'clicks_share_network_idx', 'clicks', ['shareId', 'networkHash', 'createdAt']);

  // Server-wide secrets shared by every instance (visitor cookie signatures).
  await db.schema
    .createTable('appSecrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
  await db
    .insertInto('appSecrets')
    .values({ name: 'visitor-cookie', value: randomBytes(32).toString('base64url') })
    .execute();

  // How far each event table has been rolled up (ids <= lastId are in the rollups).
  await db.schema
    .createTable('rollupState')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lastId', int, notNull)
    .execute();
  await db
    .insertInto('rollupState')
    .values([
      { name: 'shares', lastId: 0 },
      { name: 'clicks', lastId: 0 },
    ])
    .execute();

  const counts = { shares: int, clicks: int };

  // All-time totals per campaign and platform: the stats cards.
  await db.schema
    .createTable('rollupTotals')
    .addColumn('campaignId', int, ownedBy('campaigns.id'))
    .addColumn('platform', 'text', notNull)
    .addColumn('organizationId', int, ownedBy('organizations.id'))
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addColumn('lastAt', 'text')
    .addPrimaryKeyConstraint('rollupTotals_pk', ['campaignId', 'platform'])
    .execute();
  await createIndex(db, 'rollupTotals_org_idx', 'rollupTotals', ['organizationId']);

  // Per UTC hour, so that day buckets in any whole-hour time zone are exact.
  const hour = { hour: 'text' } as const;
  await createScopedTable(db, 'rollupCampaignHours', { scope: 'campaign', key: hour, values: counts });
  await createScopedTable(db, 'rollupOrgHours', { scope: 'organization', key: hour, values: counts });

  // Per UTC day, campaign, asset, platform and referral depth: the breakdowns.
  await createScopedTable(db, 'rollupDays', {
    scope: 'campaign',
    key: { day: 'text', assetId: int, platform: 'text', depth: int },
    values: counts,
  });
  await createIndex(db, 'rollupDays_org_idx', 'rollupDays', ['organizationId', 'day']);

  // Per UTC day and supporter: distinct supporters and top supporters of a range.
  await createScopedTable(db, 'rollupSupporterDays', {
    scope: 'campaign',
    key: { day: 'text', supporterId: 'text' },
    values: counts,
  });
  await createIndex(db, 'rollupSupporterDays_org_idx', 'rollupSupporterDays', [
    'organizationId',
    'day',
    'supporterId',
  ]);

  // One row per supporter who logged a share, per campaign and per organisation, with
  // the time of their latest share: all-time distinct counts become a COUNT of rows.
  const latest = { key: { supporterId: 'text' }, values: { lastAt: 'text' } } as const;
  await createScopedTable(db, 'supporterCampaigns', { scope: 'campaign', ...latest });
  await createIndex(db, 'supporterCampaigns_last_idx', 'supporterCampaigns', ['campaignId', 'lastAt']);
  await createScopedTable(db, 'supporterOrgs', { scope: 'organization', ...latest });
  await createIndex(db, 'supporterOrgs_last_idx', 'supporterOrgs', ['organizationId', 'lastAt']);

  // The tail (events not rolled up yet) and the exports read events by id per scope.
  await createIndex(db, 'shares_parent_idx', 'shares', ['parentShareId']);

  // When each periodic background job last finished, so that it runs once per period
  // across all instances, not once per instance.
  await db.schema
    .createTable('jobRuns')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lastRunAt', 'text', notNull)
    .execute();
  void dialect;
}
