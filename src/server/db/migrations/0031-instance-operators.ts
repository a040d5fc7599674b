import type { ColumnDefinitionBuilder } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex } from './lib/ddl.ts';

// The people who run the instance (modules/instance, docs/operations.md "Operators"):
// - users.isOperator: the instance role, apart from organisation roles; 1 or 0 on both
//   databases.
// - instanceSettings: the console's settings by key (the sign-up policy, the email
//   domain allow-list; a JSON value each), and the `firstOperator` claim: the first
//   account of a fresh instance inserts it and so becomes the operator, and the key's
//   uniqueness makes exactly one of two simultaneous first sign-ups win.
// - instanceInvitations: an operator's one-use sign-up links (only the token's SHA-256).
// - instanceAudit: what operators did (policy changes, grants and revokes, suspensions,
//   held mail), from the console or the command line (actorId null, actorName says so).
// An instance that already has accounts gets its oldest one as its operator (whoever
// installed it signed up first), and the claim is taken: a newcomer never becomes one.
/** A user who may be deleted since: the reference is then set null. */
const byUser = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('isOperator', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const settings = db.schema.createTable('instanceSettings').addColumn('key', 'text', (c) => c.primaryKey());
  await settings.addColumn('value', 'text', notNull).addColumn('updatedAt', 'text', notNull).execute();

  await withId(db.schema.createTable('instanceInvitations'), dialect)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdBy', 'integer', byUser)
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .addColumn('usedAt', 'text')
    .addColumn('usedBy', 'integer', byUser)
    .execute();

  await withId(db.schema.createTable('instanceAudit'), dialect)
    .addColumn('action', 'text', notNull)
    .addColumn('actorId', 'integer', byUser)
    .addColumn('actorName', 'text', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('organizationId', 'integer')
    .addColumn('detail', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'instanceAudit_created_idx', 'instanceAudit', ['createdAt']);

  const oldest = await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (oldest) {
    await db.updateTable('users').set({ isOperator: 1 }).where('id', '=', oldest.id).execute();
    await db
      .insertInto('instanceSettings')
      .values({ key: 'firstOperator', value: String(oldest.id), updatedAt: new Date().toISOString() })
      .execute();
  }
}
