import { type AnyDb, type DialectName, notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// The product's entities (users, organisations, campaigns, assets, shares), plus
// what the server needs to keep its promises (sessions, click-throughs, templates, login attempts). Foreign keys
// cascade so nothing half-deleted is left behind.

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('passwordHash', 'text', notNull)
    .addColumn('email', 'text')
    .addColumn('firstName', 'text')
    .addColumn('lastName', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('phone', 'text')
    .addColumn('organizationId', 'integer')
    .addColumn('createdAt', 'text', notNull)
    .addColumn('updatedAt', 'text', notNull)
    .execute();

  await withId(db.schema.createTable('organizations'), dialect)
    .addColumn('name', 'text', notNull)
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('creatorId', 'integer', ownedBy('users.id'))
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'users_organization_idx', 'users', ['organizationId']);

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', ownedBy('users.id'))
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .execute();
  await createIndex(db, 'sessions_user_idx', 'sessions', ['userId']);
  await createIndex(db, 'sessions_expires_idx', 'sessions', ['expiresAt']);

  await withId(db.schema.createTable('campaigns'), dialect)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('startDate', 'text')
    .addColumn('endDate', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'campaigns_org_created_idx', 'campaigns', ['organizationId', 'createdAt']);

  await withId(db.schema.createTable('assets'), dialect)
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('type', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'assets_campaign_position_idx', 'assets', ['campaignId', 'position']);
  await createIndex(db, 'assets_org_idx', 'assets', ['organizationId', 'createdAt']);

  await withId(db.schema.createTable('shares'), dialect)
    .addColumn('assetId', 'integer', ownedBy('assets.id'))
    .addColumn('platform', 'text', notNull)
    .addColumn('supporterInfo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('scheduledFor', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('ref', 'text', (c) => c.unique())
    .addColumn('supporterId', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'shares_campaign_idx', 'shares', ['campaignId', 'status', 'createdAt']);
  await createIndex(db, 'shares_org_idx', 'shares', ['organizationId', 'status', 'createdAt']);
  await createIndex(db, 'shares_supporter_idx', 'shares', ['campaignId', 'supporterId']);

  await withId(db.schema.createTable('clicks'), dialect)
    .addColumn('shareId', 'integer', ownedBy('shares.id'))
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('sharerId', 'text')
    .addColumn('visitorId', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'clicks_share_visitor_idx', 'clicks', ['shareId', 'visitorId', 'createdAt']);
  await createIndex(db, 'clicks_campaign_idx', 'clicks', ['campaignId', 'createdAt']);
  await createIndex(db, 'clicks_org_idx', 'clicks', ['organizationId', 'createdAt']);
  await createIndex(db, 'clicks_sharer_idx', 'clicks', ['campaignId', 'sharerId']);

  await withId(db.schema.createTable('templates'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('category', 'text', notNull)
    .addColumn('assets', 'text', notNull)
    .addColumn('sourceCampaignId', 'integer')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'templates_org_idx', 'templates', ['organizationId']);

  await db.schema
    .createTable('loginAttempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('windowStart', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    .execute();
}
