import type { AnyDb } from '../dialect.ts';
import { notNull } from '../dialect.ts';

// share.created items as (endpoint, share) pairs (docs/decisions/0031-webhooks.md,
// "Share items"): the share path's one extra write is two integers, and the sender
// builds each item's JSON from the share row when it bundles them. No key and no
// index: rows live for about a second and are taken oldest share first (PostgreSQL
// by ctid, SQLite by rowid), and every index would be one more write per share.
// No foreign key either: a share erased meanwhile just drops out of the join.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webhookShareItems')
    .addColumn('endpointId', 'integer', notNull)
    .addColumn('shareId', 'integer', notNull)
    .execute();
}
