import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// The outbox (docs/decisions/0024-outbox.md):
// - outbox: every mail the server sends (or decided not to send) is a row, written in
//   the transaction of the change that caused it and sent by the one sender job.
//   `recipient` and `body` hold personal data only until the row is finished (sent,
//   failed, expired, dropped); `recipientKey` (keyed hash of the normalised address)
//   stays, so the daily budgets can count it. `refId` is the row the mail is about,
//   per kind (a reminder: its share).
// - reminderAddresses: per organisation, whether an address (by keyed hash) confirmed
//   that it wants reminders; the confirmation link's token is stored hashed.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('outbox'), dialect)
    .addColumn('channel', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('organizationId', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('recipient', 'text')
    .addColumn('recipientKey', 'text', notNull)
    .addColumn('refId', 'integer')
    .addColumn('subject', 'text', notNull)
    .addColumn('body', 'text')
    .addColumn('headers', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .addColumn('claimedAt', 'text')
    .addColumn('createdAt', 'text', notNull)
    .addColumn('sentAt', 'text')
    .execute();
  await createIndex(db, 'outbox_due_idx', 'outbox', ['status', 'nextAttemptAt']);
  await createIndex(db, 'outbox_recipient_idx', 'outbox', ['recipientKey', 'createdAt']);
  await createIndex(db, 'outbox_org_idx', 'outbox', ['organizationId', 'createdAt']);
  await createIndex(db, 'outbox_created_idx', 'outbox', ['createdAt']);
  await createIndex(db, 'outbox_ref_idx', 'outbox', ['kind', 'refId']);

  await withId(db.schema.createTable('reminderAddresses'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('emailKey', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('tokenHash', 'text', (c) => c.unique())
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text')
    .addColumn('confirmedAt', 'text')
    .addUniqueConstraint('reminder_addresses_org_key', ['organizationId', 'emailKey'])
    .execute();
}
