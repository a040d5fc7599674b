import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest } from '../client.ts';
import { databaseMigratedTo } from '../migration-test-db.ts';

// The roles migration on a database that already has data: members who ran their
// organisation alone become its admins; users without one keep the plain role.

let handle: DbHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ handle, close } = await databaseMigratedTo('0003-campaign-lifecycle'));
});
afterAll(() => close());

it('makes every existing member an admin of their organisation', async () => {
  // Rows shaped as before 0004 (a member of an organisation, no role yet), then the rest.
  const { db } = handle;
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
  await db.updateTable('users').set({ organizationId: org.id }).where('id', '=', owner.id).execute();
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

  await migrateToLatest(handle);

  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'joinedAt'])
    .where('id', 'in', [owner.id, loner.id])
    .orderBy('id')
    .execute();
  expect(rows[0]).toMatchObject({ id: owner.id, role: 'admin', joinedAt: now });
  expect(rows[1]).toMatchObject({ id: loner.id, role: 'user', joinedAt: null });
});
