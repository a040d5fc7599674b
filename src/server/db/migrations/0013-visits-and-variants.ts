import { sql } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';

// Visits per source and A/B share texts (docs/decisions/0018-visits-and-variants.md):
// - assetVariants: up to four alternative share texts of an asset. A removed variant
//   keeps its row (deletedAt), so the shares and views that name it stay attached.
// - visits: one row per visitor, campaign and UTC day, confirmed by the page's script,
//   with the `src` tag the visitor arrived with.
// - variantViews: one row per variant, visitor and UTC day: which text the visitor was shown.
// - shares.variantId and shares.source: the text a share was made with, and the source
//   its sharer arrived through.
// Partial indexes keep the new columns off the write path of untagged shares and visits.

const int = 'integer' as const;

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  const org = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('organizations.id').onDelete('cascade');
  const campaign = (c: Parameters<typeof notNull>[0]) =>
    c.notNull().references('campaigns.id').onDelete('cascade');

  await withId(db.schema.createTable('assetVariants'), dialect)
    .addColumn('assetId', int, (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('organizationId', int, org)
    .addColumn('text', 'text', notNull)
    .addColumn('position', int, notNull)
    .addColumn('createdAt', 'text', notNull)
    .addColumn('deletedAt', 'text')
    .execute();
  await db.schema
    .createIndex('assetVariants_asset_idx')
    .on('assetVariants')
    .columns(['assetId', 'position'])
    .execute();

  await db.schema
    .alterTable('shares')
    .addColumn('variantId', int, (c) => c.references('assetVariants.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('shares').addColumn('source', 'text').execute();
  await db.schema
    .createIndex('shares_variant_idx')
    .on('shares')
    .columns(['variantId', 'status'])
    .where(sql.ref('variantId'), 'is not', null)
    .execute();
  for (const scope of ['campaignId', 'organizationId'] as const) {
    await db.schema
      .createIndex(`shares_source_${scope}_idx`)
      .on('shares')
      .columns([scope, 'createdAt'])
      .where(sql.ref('source'), 'is not', null)
      .execute();
  }

  await withId(db.schema.createTable('visits'), dialect)
    .addColumn('campaignId', int, campaign)
    .addColumn('organizationId', int, org)
    .addColumn('visitorId', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('source', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('visits_visitor_day_idx')
    .unique()
    .on('visits')
    .columns(['campaignId', 'visitorId', 'day'])
    .execute();
  for (const scope of ['campaignId', 'organizationId'] as const) {
    await db.schema
      .createIndex(`visits_source_${scope}_idx`)
      .on('visits')
      .columns([scope, 'createdAt'])
      .where(sql.ref('source'), 'is not', null)
      .execute();
  }

  await db.schema
    .createTable('variantViews')
    .addColumn('variantId', int, (c) => c.notNull().references('assetVariants.id').onDelete('cascade'))
    .addColumn('visitorId', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('campaignId', int, campaign)
    .addColumn('createdAt', 'text', notNull)
    .addPrimaryKeyConstraint('variantViews_pk', ['variantId', 'visitorId', 'day'])
    .execute();
}
