import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

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
  await withId(db.schema.createTable('assetVariants'), dialect)
    .addColumn('assetId', int, ownedBy('assets.id'))
    .addColumn('organizationId', int, ownedBy('organizations.id'))
    .addColumn('text', 'text', notNull)
    .addColumn('position', int, notNull)
    .addColumn('createdAt', 'text', notNull)
    .addColumn('deletedAt', 'text')
    .execute();
  await createIndex(db, 'assetVariants_asset_idx', 'assetVariants', ['assetId', 'position']);

  await db.schema
    .alterTable('shares')
    .addColumn('variantId', int, (c) => c.references('assetVariants.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('shares').addColumn('source', 'text').execute();
  await createIndex(db, 'shares_variant_idx', 'shares', ['variantId', 'status'], {
    whereNotNull: 'variantId',
  });
  for (const scope of ['campaignId', 'organizationId']) {
    await createIndex(db, `shares_source_${scope}_idx`, 'shares', [scope, 'createdAt'], {
      whereNotNull: 'source',
    });
  }

  await withId(db.schema.createTable('visits'), dialect)
    .addColumn('campaignId', int, ownedBy('campaigns.id'))
    .addColumn('organizationId', int, ownedBy('organizations.id'))
    .addColumn('visitorId', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('source', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'visits_visitor_day_idx', 'visits', ['campaignId', 'visitorId', 'day'], {
    unique: true,
  });
  for (const scope of ['campaignId', 'organizationId']) {
    await createIndex(db, `visits_source_${scope}_idx`, 'visits', [scope, 'createdAt'], {
      whereNotNull: 'source',
    });
  }

  await db.schema
    .createTable('variantViews')
    .addColumn('variantId', int, ownedBy('assetVariants.id'))
    .addColumn('visitorId', 'text', notNull)
    .addColumn('day', 'text', notNull)
    .addColumn('campaignId', int, ownedBy('campaigns.id'))
    .addColumn('createdAt', 'text', notNull)
    .addPrimaryKeyConstraint('variantViews_pk', ['variantId', 'visitorId', 'day'])
    .execute();
}
