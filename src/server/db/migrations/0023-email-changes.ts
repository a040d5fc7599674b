import { sql } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// 0023: accounts that cannot be taken over, members who really leave:
// - emailChanges: an email change waits for the link mailed to the new address
//   (confirmTokenHash, until confirmBy); once made, the old address gets a link that
//   undoes it (undoTokenHash, until undoBy). Tokens are stored hashed.
// - API keys whose creator is no longer a member of the key's organisation, and
//   pending invitations whose sender is no longer an admin there, are deleted: from
//   now on a removal or demotion revokes them at once, and these are the ones made
//   before, which would otherwise come back to life if their maker rejoined.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('emailChanges'), dialect)
    .addColumn('userId', 'integer', ownedBy('users.id'))
    .addColumn('oldEmail', 'text')
    .addColumn('newEmail', 'text')
    .addColumn('confirmTokenHash', 'text', (c) => c.unique())
    .addColumn('confirmBy', 'text', notNull)
    .addColumn('confirmedAt', 'text')
    .addColumn('undoTokenHash', 'text', (c) => c.unique())
    .addColumn('undoBy', 'text')
    .addColumn('undoneAt', 'text')
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'email_changes_user_idx', 'emailChanges', ['userId']);

  await db
    .deleteFrom('apiKeys')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .where('users.id', '=', sql.ref('apiKeys.createdBy'))
            .where('users.organizationId', '=', sql.ref('apiKeys.organizationId')),
        ),
      ),
    )
    .execute();
  await db
    .deleteFrom('invitations')
    .where('acceptedAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .where('users.id', '=', sql.ref('invitations.invitedBy'))
            .where('users.organizationId', '=', sql.ref('invitations.organizationId'))
            .where('users.role', '=', 'admin'),
        ),
      ),
    )
    .execute();
}
