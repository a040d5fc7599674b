import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Shared moments (docs/api.md "Momentum", docs/decisions/0037-moments.md):
// - moments: a time staff set on a campaign for supporters to post together, on one
//   platform or `any`, with an asset or none (then the supporter picks one).
// - shares.momentId: a supporter's commitment IS a scheduled share at the moment's
//   time, so the reminder rules apply unchanged. One per visitor and moment: the
//   unique index over (momentId, supporterId), only for shares that carry a moment
//   (the share path pays nothing for it otherwise). Deleting a moment leaves the
//   supporters' scheduled shares as their own plans (set null).
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('moments'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('campaignId', 'integer', ownedBy('campaigns.id'))
    .addColumn('at', 'text', notNull)
    .addColumn('platform', 'text', notNull)
    .addColumn('assetId', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('createdAt', 'text', notNull)
    .execute();
  // A campaign's moments by time: the staff list and the supporter view's upcoming ones.
  await createIndex(db, 'moments_campaign_at_idx', 'moments', ['campaignId', 'at']);

  await db.schema
    .alterTable('shares')
    .addColumn('momentId', 'integer', (c) => c.references('moments.id').onDelete('set null'))
    .execute();
  await createIndex(db, 'shares_moment_supporter_idx', 'shares', ['momentId', 'supporterId'], {
    unique: true,
    whereNotNull: 'momentId',
  });
}
