import { expect } from 'vitest';
import { insertOrganizationRow, insertUserRow } from '../../test/db-rows.ts';
import { itMigrates } from '../migration-test-db.ts';

// The roles migration on a database that already has data: members who ran their
// organisation alone become its admins; users without one keep the plain role.

itMigrates('makes every existing member an admin of their organisation', '0003-campaign-lifecycle', {
  // Rows shaped as before 0004: a member of an organisation (no role yet), and a user without one.
  before: async ({ db }) => {
    const now = new Date().toISOString();
    const owner = await insertUserRow(db, 'legacyowner', now);
    const org = await insertOrganizationRow(
      db,
      { name: 'Legacy', username: 'legacy', creatorId: owner },
      now,
    );
    await db.updateTable('users').set({ organizationId: org }).where('id', '=', owner).execute();
    const loner = await insertUserRow(db, 'legacyloner', now);
    return { now, owner, loner };
  },
  after: async ({ db }, { now, owner, loner }) => {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'role', 'joinedAt'])
      .where('id', 'in', [owner, loner])
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ id: owner, role: 'admin', joinedAt: now });
    expect(rows[1]).toMatchObject({ id: loner, role: 'user', joinedAt: null });
  },
});
