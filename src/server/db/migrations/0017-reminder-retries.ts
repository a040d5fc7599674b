import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { ownedBy } from './lib/ddl.ts';

// Reminder hardening (docs/decisions/0017-reminders.md):
// - reminders.attempts: failed deliveries so far; a failed reminder goes back to
//   'pending' with a later dueAt until it has failed 3 times.
// - reminderSuppressions: keyed hashes (never the address) of addresses that
//   unsubscribed in an organisation, so scheduling cannot mail them again.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('reminders')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(db.schema.createTable('reminderSuppressions'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('emailKey', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .addUniqueConstraint('reminder_suppressions_org_key', ['organizationId', 'emailKey'])
    .execute();
}
