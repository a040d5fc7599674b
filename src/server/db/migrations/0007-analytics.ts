import { randomBytes } from 'node:crypto';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull } from '../dialect.ts';

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
  await db.schema
    .createIndex('clicks_share_network_idx')
    .on('clicks')
    .columns(['shareId', 'networkHash', 'createdAt'])
    .execute();

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

  const org = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('organizations.id').onDelete('cascade');
  const campaign = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('campaigns.id').onDelete('cascade');

  // All-time totals per campaign and platform: the stats cards.
  await db.schema
    .createTable('rollupTotals')
    .addColumn('campaignId', int, campaign)
    .addColumn('platform', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addColumn('lastAt', 'text')
    .addPrimaryKeyConstraint('rollupTotals_pk', ['campaignId', 'platform'])
    .execute();
  await db.schema.createIndex('rollupTotals_org_idx').on('rollupTotals').column('organizationId').execute();

  // Per UTC hour, so that day buckets in any whole-hour time zone are exact.
  await db.schema
    .createTable('rollupCampaignHours')
    .addColumn('campaignId', int, campaign)
    .addColumn('hour', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addPrimaryKeyConstraint('rollupCampaignHours_pk', ['campaignId', 'hour'])
    .execute();
  await db.schema
    .createTable('rollupOrgHours')
    .addColumn('organizationId', int, org)
    .addColumn('hour', 'text', notNull)
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addPrimaryKeyConstraint('rollupOrgHours_pk', ['organizationId', 'hour'])
    .execute();

  // Per UTC day, campaign, asset, platform and referral depth: the breakdowns.
  await db.schema
    .createTable('rollupDays')
    .addColumn('campaignId', int, campaign)
    .addColumn('day', 'text', notNull)
    .addColumn('assetId', int, notNull)
    .addColumn('platform', 'text', notNull)
    .addColumn('depth', int, notNull)
    .addColumn('organizationId', int, org)
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addPrimaryKeyConstraint('rollupDays_pk', ['campaignId', 'day', 'assetId', 'platform', 'depth'])
    .execute();
  await db.schema
    .createIndex('rollupDays_org_idx')
    .on('rollupDays')
    .columns(['organizationId', 'day'])
    .execute();

  // Per UTC day and supporter: distinct supporters and top supporters of a range.
  await db.schema
    .createTable('rollupSupporterDays')
    .addColumn('campaignId', int, campaign)
    .addColumn('day', 'text', notNull)
    .addColumn('supporterId', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('shares', int, notNull)
    .addColumn('clicks', int, notNull)
    .addPrimaryKeyConstraint('rollupSupporterDays_pk', ['campaignId', 'day', 'supporterId'])
    .execute();
  await db.schema
    .createIndex('rollupSupporterDays_org_idx')
    .on('rollupSupporterDays')
    .columns(['organizationId', 'day', 'supporterId'])
    .execute();

  // One row per supporter who logged a share, per campaign and per organisation, with
  // the time of their latest share: all-time distinct counts become a COUNT of rows.
  await db.schema
    .createTable('supporterCampaigns')
    .addColumn('campaignId', int, campaign)
    .addColumn('supporterId', 'text', notNull)
    .addColumn('organizationId', int, org)
    .addColumn('lastAt', 'text', notNull)
    .addPrimaryKeyConstraint('supporterCampaigns_pk', ['campaignId', 'supporterId'])
    .execute();
  await db.schema
    .createIndex('supporterCampaigns_last_idx')
    .on('supporterCampaigns')
    .columns(['campaignId', 'lastAt'])
    .execute();
  await db.schema
    .createTable('supporterOrgs')
    .addColumn('organizationId', int, org)
    .addColumn('supporterId', 'text', notNull)
    .addColumn('lastAt', 'text', notNull)
    .addPrimaryKeyConstraint('supporterOrgs_pk', ['organizationId', 'supporterId'])
    .execute();
  await db.schema
    .createIndex('supporterOrgs_last_idx')
    .on('supporterOrgs')
    .columns(['organizationId', 'lastAt'])
    .execute();

  // The tail (events not rolled up yet) and the exports read events by id per scope.
  await db.schema.createIndex('shares_parent_idx').on('shares').column('parentShareId').execute();

  // When each periodic background job last finished, so that it runs once per period
  // across all instances, not once per instance.
  await db.schema
    .createTable('jobRuns')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lastRunAt', 'text', notNull)
    .execute();
  void dialect;
}
