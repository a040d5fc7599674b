import type { AnyDb } from '../dialect.ts';

// Drops `audit_org_created_idx` (auditLog: organizationId, createdAt) that 0039 added
// for the audit retention job (src/server/modules/privacy/audit-retention.job.ts).
// SQLite's planner took it for every pass: it walked each organisation's old entries
// by it, then sorted them by id for the batch; without it, it reads the log in id
// order and stops at the batch, several times faster. PostgreSQL never chose it (the
// same plans with and without). bench/retention-plans.ts measures both.
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('audit_org_created_idx').execute();
}
