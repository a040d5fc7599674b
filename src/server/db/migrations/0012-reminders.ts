import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Reminders of scheduled shares (docs/decisions/0017-reminders.md):
// - reminders: one row per scheduled share that asked for one, holding the personal
//   data it needs (an email address, a push subscription) only until it is sent or
//   unsubscribed; the row is then deleted and the share's status tells what happened.
//   `status` is 'pending' until a job claims it ('sending'), so it is sent once.
// - reminderUnsubscribes: the single-use tokens of the unsubscribe links in reminder
//   mails (stored hashed), with a keyed hash of the address they stop.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('reminders'), dialect)
    .addColumn('shareId', 'integer', (c) => c.notNull().unique().references('shares.id').onDelete('cascade'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('dueAt', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('email', 'text')
    .addColumn('emailKey', 'text')
    .addColumn('pushSubscription', 'text')
    /** The site origin the reminder's links use, as the supporter reached it. */
    .addColumn('origin', 'text', notNull)
    .addColumn('claimedAt', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'reminders_due_idx', 'reminders', ['status', 'dueAt']);
  await createIndex(db, 'reminders_email_idx', 'reminders', ['organizationId', 'emailKey']);

  await withId(db.schema.createTable('reminderUnsubscribes'), dialect)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('emailKey', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .addColumn('usedAt', 'text')
    .execute();
}
