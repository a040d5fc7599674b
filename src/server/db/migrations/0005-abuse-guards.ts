import { type AnyDb, type DialectName, notNull, withId } from '../dialect.ts';
import { nameKey } from '../../lib/name-key.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Guards against abuse: a growing per-(username, network) login delay, a record of
// every upload (who, which organisation, how large) for quotas and cleanup, and
// case- and Unicode-insensitive keys for user and organisation usernames.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('loginAttempts').addColumn('blockedUntil', 'text').execute();

  await withId(db.schema.createTable('uploads'), dialect)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('size', 'integer', notNull)
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'uploads_org_idx', 'uploads', ['organizationId']);
  await createIndex(db, 'uploads_user_created_idx', 'uploads', ['userId', 'createdAt']);
  await createIndex(db, 'uploads_created_idx', 'uploads', ['createdAt']);

  for (const table of ['users', 'organizations'] as const) {
    await db.schema.alterTable(table).addColumn('usernameKey', 'text').execute();
    await backfillNameKeys(db, table);
    await createIndex(db, `${table}_username_key_idx`, table, ['usernameKey'], { unique: true });
  }
}

/**
 * Fills usernameKey for existing rows, oldest first. Rows whose key is already
 * taken (names registered before look-alikes were refused) keep a NULL key, so the
 * unique index can still be built and start-up does not fail; they are reported in
 * the log for an operator to rename, and can still sign in by their exact name.
 */
async function backfillNameKeys(db: AnyDb, table: 'users' | 'organizations'): Promise<void> {
  const rows: { id: number; username: string }[] = await db
    .selectFrom(table)
    .select(['id', 'username'])
    .orderBy('id')
    .execute();
  const owner = new Map<string, { id: number; username: string }>();
  const collisions: string[] = [];
  for (const row of rows) {
    const key = nameKey(row.username);
    const first = owner.get(key);
    if (first) {
      collisions.push(`${table} #${row.id} "${row.username}" looks like #${first.id} "${first.username}"`);
      continue;
    }
    owner.set(key, row);
    await db.updateTable(table).set({ usernameKey: key }).where('id', '=', row.id).execute();
  }
  if (collisions.length > 0) {
    console.warn(
      `Look-alike usernames found (left without a unique key; consider renaming):\n  ${collisions.join('\n  ')}`,
    );
  }
}
