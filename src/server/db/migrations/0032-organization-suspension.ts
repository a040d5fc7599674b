import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// An operator's suspension of an organisation (modules/instance, docs/operations.md
// "Suspending an organisation"): when, why and by whom (the operator's id; null from
// the command line). Null suspendedAt: the organisation is active.
// outbox.heldAt: since when a row waits (held for a new organisation, a spent budget or
// a suspension), for the operators' list of held mail; rows held before this migration
// count from their writing.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('suspendedAt', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('suspendedReason', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('suspendedBy', 'integer').execute();
  await db.schema.alterTable('outbox').addColumn('heldAt', 'text').execute();
  await db
    .updateTable('outbox')
    .set((eb) => ({ heldAt: eb.ref('createdAt') }))
    .where('status', '=', 'held')
    .execute();
  await createIndex(db, 'outbox_held_idx', 'outbox', ['status', 'heldAt']);
}
