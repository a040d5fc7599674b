import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// The link every reminder mail carries to the data held for its address (issue 27
// item 3, docs/api.md "Privacy"): a random token, stored hashed, for the address's
// keyed hash, good until `expiresAt`; erasing through it deletes the row with the
// rest of the address's data, so it works once.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('reminderDataLinks'), dialect)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('emailKey', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .execute();
  await createIndex(db, 'reminder_data_links_key_idx', 'reminderDataLinks', ['emailKey']);
  await createIndex(db, 'reminder_data_links_expires_idx', 'reminderDataLinks', ['expiresAt']);
}
