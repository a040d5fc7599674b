import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// Bulk import (docs/api.md "Bulk import", docs/decisions/0032): a campaign or asset may
// carry the id another system knows it by, so importing the same file again updates
// what it made instead of duplicating it. Unique within one organisation only: another
// organisation's ids never match. Null (every row made otherwise) is never a duplicate.

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('externalId', 'text').execute();
  await db.schema.alterTable('assets').addColumn('externalId', 'text').execute();
  await createIndex(db, 'campaigns_org_external_idx', 'campaigns', ['organizationId', 'externalId'], {
    unique: true,
  });
  await createIndex(db, 'assets_org_external_idx', 'assets', ['organizationId', 'externalId'], {
    unique: true,
  });
}
