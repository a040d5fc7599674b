import { expect } from 'vitest';
import { seedOrganization } from '../../test/seed-db.ts';
import { nowIso } from '../../lib/time.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0023 deletes what members who already left (or were demoted) made before removals
// revoked it: API keys whose creator is no longer in the key's organisation, and
// pending invitations whose sender is no longer an admin there. The rest stays.

itMigrates(
  'revokes the keys and invitations of members who are gone or demoted, and keeps the rest',
  '0022-audit-actors',
  {
    before: async ({ db }) => {
      const organizationId = await seedOrganization(db);
      const now = nowIso();
      const user = async (username: string, role: string, inOrg: boolean) =>
        (
          await db
            .insertInto('users')
            .values({
              username,
              passwordHash: 'x',
              role,
              organizationId: inOrg ? organizationId : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const admin = await user('still-admin', 'admin', true);
      const demoted = await user('now-editor', 'editor', true);
      const gone = await user('gone', 'user', false);
      const key = (createdBy: number, name: string) => ({
        organizationId,
        name,
        role: 'viewer',
        prefix: 'rk_x',
        tokenHash: name,
        createdBy,
        createdAt: now,
      });
      await db
        .insertInto('apiKeys')
        .values([key(admin, 'admin key'), key(demoted, 'demoted key'), key(gone, 'gone key')])
        .execute();
      const invitation = (invitedBy: number, email: string, acceptedAt: string | null = null) => ({
        organizationId,
        email,
        role: 'editor',
        tokenHash: email,
        invitedBy,
        createdAt: now,
        expiresAt: now,
        acceptedAt,
      });
      await db
        .insertInto('invitations')
        .values([
          invitation(admin, 'from-admin@example.org'),
          invitation(demoted, 'from-demoted@example.org'),
          invitation(gone, 'from-gone@example.org'),
          invitation(gone, 'accepted@example.org', now),
        ])
        .execute();
    },
    after: async ({ db }) => {
      const keys = await db.selectFrom('apiKeys').select('name').orderBy('name').execute();
      expect(keys.map((k) => k.name)).toEqual(['admin key', 'demoted key']);
      const invitations = await db.selectFrom('invitations').select('email').orderBy('email').execute();
      expect(invitations.map((i) => i.email)).toEqual(['accepted@example.org', 'from-admin@example.org']);
    },
  },
);
