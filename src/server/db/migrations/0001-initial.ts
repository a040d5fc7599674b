import { sql } from 'kysely';
import { type AnyDb, type DialectName, notNull, withId } from '../dialect.ts';

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
    .addColumn('creatorId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema.createIndex('users_organization_idx').on('users').column('organizationId').execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('userId').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expiresAt').execute();

  await withId(db.schema.createTable('campaigns'), dialect)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('organizationId', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('startDate', 'text')
    .addColumn('endDate', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('campaigns_org_created_idx')
    .on('campaigns')
    .columns(['organizationId', 'createdAt'])
    .execute();

  await withId(db.schema.createTable('assets'), dialect)
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('type', 'text', notNull)
    .addColumn('content', 'text', notNull)
    .addColumn('campaignId', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('organizationId', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('assets_campaign_position_idx')
    .on('assets')
    .columns(['campaignId', 'position'])
    .execute();
  await db.schema
    .createIndex('assets_org_idx')
    .on('assets')
    .columns(['organizationId', 'createdAt'])
    .execute();

  await withId(db.schema.createTable('shares'), dialect)
    .addColumn('assetId', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('platform', 'text', notNull)
    .addColumn('supporterInfo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaignId', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('organizationId', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('scheduledFor', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('ref', 'text', (c) => c.unique())
    .addColumn('supporterId', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('shares_campaign_idx')
    .on('shares')
    .columns(['campaignId', 'status', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('shares_org_idx')
    .on('shares')
    .columns(['organizationId', 'status', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('shares_supporter_idx')
    .on('shares')
    .columns(['campaignId', 'supporterId'])
    .execute();

  await withId(db.schema.createTable('clicks'), dialect)
    .addColumn('shareId', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('campaignId', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('organizationId', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('sharerId', 'text')
    .addColumn('visitorId', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('clicks_share_visitor_idx')
    .on('clicks')
    .columns(['shareId', 'visitorId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('clicks_campaign_idx')
    .on('clicks')
    .columns(['campaignId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('clicks_org_idx')
    .on('clicks')
    .columns(['organizationId', 'createdAt'])
    .execute();
  await db.schema.createIndex('clicks_sharer_idx').on('clicks').columns(['campaignId', 'sharerId']).execute();

  await withId(db.schema.createTable('templates'), dialect)
    .addColumn('organizationId', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('category', 'text', notNull)
    .addColumn('assets', 'text', notNull)
    .addColumn('sourceCampaignId', 'integer')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema.createIndex('templates_org_idx').on('templates').column('organizationId').execute();

  await db.schema
    .createTable('loginAttempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('windowStart', 'text', notNull)
    .addColumn('count', 'integer', notNull)
    .execute();

  void sql; // reserved for dialect-specific statements in later migrations
}
