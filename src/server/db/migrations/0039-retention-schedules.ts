import type { AnyDb } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// Retention that runs (issue 27 items 5 and 6, docs/privacy.md "How long"):
// - `organizations.auditMonths`: how long the audit log keeps a former member's
//   personal fields (24 months unless an admin changes it, 1 to 120); the audit
//   retention job strips them from older entries;
// - the indexes the retention passes read by: each organisation's raw events by time
//   (shares and visits had only indexes led by status, or partial ones; variant views
//   are found by campaign), its audit entries by time, and the reminder rows that
//   lapse (unsubscribe links by age, pending confirmations by expiry), so a pass reads
//   its window, not the table.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('auditMonths', 'integer', (c) => c.notNull().defaultTo(24))
    .execute();
  await createIndex(db, 'shares_org_created_idx', 'shares', ['organizationId', 'createdAt']);
  await createIndex(db, 'visits_org_created_idx', 'visits', ['organizationId', 'createdAt']);
  await createIndex(db, 'variantViews_campaign_created_idx', 'variantViews', ['campaignId', 'createdAt']);
  await createIndex(db, 'audit_org_created_idx', 'auditLog', ['organizationId', 'createdAt']);
  await createIndex(db, 'reminderUnsubscribes_created_idx', 'reminderUnsubscribes', ['createdAt']);
  await createIndex(db, 'reminderAddresses_lapse_idx', 'reminderAddresses', ['status', 'expiresAt']);
}
