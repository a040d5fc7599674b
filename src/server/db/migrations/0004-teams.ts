import { sql } from 'kysely';
import { type AnyDb, type DialectName, notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Teams: a role per membership (users.role, with users.organizationId the
// membership itself, since a user belongs to at most one organisation), the
// session details the account screen lists, invitations and password resets
// (hashed single-use tokens), the audit log and the organisation's settings.

export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('joinedAt', 'text').execute();
  // Everyone already in an organisation ran it alone: they become its admins.
  await db
    .updateTable('users')
    .set({ role: 'admin', joinedAt: sql`"createdAt"` })
    .where('organizationId', 'is not', null)
    .execute();

  await db.schema.alterTable('sessions').addColumn('userAgent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('lastSeenAt', 'text').execute();

  await withId(db.schema.createTable('invitations'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('email', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('invitedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .addColumn('acceptedAt', 'text')
    .addColumn('acceptedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await createIndex(db, 'invitations_org_idx', 'invitations', ['organizationId', 'createdAt']);

  await withId(db.schema.createTable('passwordResets'), dialect)
    .addColumn('userId', 'integer', ownedBy('users.id'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', notNull)
    .addColumn('expiresAt', 'text', notNull)
    .addColumn('usedAt', 'text')
    .execute();
  await createIndex(db, 'password_resets_user_idx', 'passwordResets', ['userId', 'createdAt']);

  await withId(db.schema.createTable('auditLog'), dialect)
    .addColumn('organizationId', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('actorId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('target', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .execute();
  await createIndex(db, 'audit_org_idx', 'auditLog', ['organizationId', 'id']);
  await createIndex(db, 'audit_actor_idx', 'auditLog', ['actorId', 'id']);

  await db.schema
    .createTable('organizationSettings')
    .addColumn('organizationId', 'integer', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    /** JSON of the settings kept outside the organizations row (see settings.service.ts). */
    .addColumn('data', 'text', notNull)
    .addColumn('updatedAt', 'text', notNull)
    .execute();
}
