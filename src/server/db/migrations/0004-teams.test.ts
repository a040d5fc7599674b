import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { migrationsFor } from './index.ts';

// The roles migration on a database that already has data: members who ran their
// organisation alone become its admins; users without one keep the plain role.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('makes every existing member an admin of their organisation', async () => {
  // Rows shaped as before 0004 (a member with the old default role), then 0004 again.
  const { db, dialect } = t.database;
  const now = new Date().toISOString();
  const owner = await db
    .insertInto('users')
    .values({
      username: 'legacyowner',
      passwordHash: 'x',
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      organizationId: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Legacy', username: 'legacy', description: null, creatorId: owner.id, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ organizationId: org.id, role: 'user', joinedAt: null })
    .where('id', '=', owner.id)
    .execute();
  const loner = await db
    .insertInto('users')
    .values({
      username: 'legacyloner',
      passwordHash: 'x',
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      organizationId: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Roll the bookkeeping back to before 0004 by dropping what it created, then migrate again.
  for (const table of ['organizationSettings', 'auditLog', 'passwordResets', 'invitations'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('joinedAt').execute();
  await db.schema.alterTable('sessions').dropColumn('lastSeenAt').execute();
  await db.schema.alterTable('sessions').dropColumn('userAgent').execute();
  await db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, '=', '0004-teams' as never)
    .execute();
  expect(Object.keys(migrationsFor(dialect))).toContain('0004-teams');
  await migrateToLatest(t.database);

  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'joinedAt'])
    .where('id', 'in', [owner.id, loner.id])
    .orderBy('id')
    .execute();
  expect(rows[0]).toMatchObject({ id: owner.id, role: 'admin', joinedAt: now });
  expect(rows[1]).toMatchObject({ id: loner.id, role: 'user', joinedAt: null });
});
