import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// Campaign and asset lifecycle. Assets are soft-deleted (`deletedAt`), so the shares
// and clicks that point at them are never lost and stay counted. Campaigns are
// archived by status, never deleted. Statuses outside the lifecycle list (the old
// API took any text, and every campaign was public and shareable whatever its
// status) become `active`, so they keep behaving as they did.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('assets').addColumn('deletedAt', 'text').execute();
  await sql`UPDATE campaigns SET status = 'active'
    WHERE status NOT IN ('draft', 'active', 'paused', 'ended', 'archived')`.execute(db);
  await createIndex(db, 'campaigns_org_status_idx', 'campaigns', ['organizationId', 'status']);
}
