import type { CreateTableBuilder } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// A reminder confirmation is of the exact mailbox that will get the mail
// (docs/security.md "Outbound mail"): `alice@` confirming says nothing about
// `alice+bob@`, which on a server without sub-addressing is somebody else. Rows now
// carry `mailboxKey` (keyed hash of the address as typed, domain in lower case), one
// row per organisation and mailbox; `emailKey` (the normalised key) stays, so an
// unsubscribe and the expiry of a lapsed request find the address's reminders.
//
// The rows made before keyed only the normalised address, so which spelling confirmed
// cannot be told from them: they go (the table is made anew), and an address that had
// confirmed is asked once more with its next reminder.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.dropTable('reminderAddresses').execute();
  let table: CreateTableBuilder<'reminderAddresses', string> = withId(
    db.schema.createTable('reminderAddresses'),
    dialect,
  ).addColumn('organizationId', 'integer', ownedBy('organizations.id'));
  for (const name of ['emailKey', 'mailboxKey', 'status', 'createdAt'])
    table = table.addColumn(name, 'text', notNull);
  // A pending request's lapse, the confirmation's time; then the link token's hash.
  for (const name of ['expiresAt', 'confirmedAt']) table = table.addColumn(name, 'text');
  await table
    .addColumn('tokenHash', 'text', (c) => c.unique())
    .addUniqueConstraint('reminder_addresses_org_mailbox', ['organizationId', 'mailboxKey'])
    .execute();
  await createIndex(db, 'reminderAddresses_org_key_idx', 'reminderAddresses', ['organizationId', 'emailKey']);
}
