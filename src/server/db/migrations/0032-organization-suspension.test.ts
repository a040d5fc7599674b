import { expect } from 'vitest';
import { seedOrganization } from '../../test/seed-db.ts';
import { itMigrates } from '../migration-test-db.ts';

// 0032 adds an organisation's suspension (none: every existing organisation stays
// active) and the time a held mail began to wait (for rows already held: their writing).

itMigrates('keeps organisations active and dates mail already held', '0030-campaign-utm', {
  before: async ({ db }) => {
    const organizationId = await seedOrganization(db);
    const row = (status: string, createdAt: string) => ({
      channel: 'email',
      kind: 'reminder',
      organizationId,
      recipient: 'a@example.org',
      recipientKey: 'k',
      subject: 'Your reminder to share',
      body: 'b',
      status,
      reason: status === 'held' ? 'new-organization' : null,
      nextAttemptAt: createdAt,
      expiresAt: '2030-01-01T00:00:00.000Z',
      createdAt,
    });
    await db
      .insertInto('outbox')
      .values([row('held', '2026-01-02T03:04:05.000Z'), row('queued', '2026-01-03T00:00:00.000Z')])
      .execute();
    return organizationId;
  },
  after: async ({ db }, organizationId) => {
    const org = await db
      .selectFrom('organizations')
      .select(['suspendedAt', 'suspendedReason', 'suspendedBy'])
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ suspendedAt: null, suspendedReason: null, suspendedBy: null });
    const mail = await db.selectFrom('outbox').select(['status', 'heldAt']).orderBy('id').execute();
    expect(mail).toEqual([
      { status: 'held', heldAt: '2026-01-02T03:04:05.000Z' },
      { status: 'queued', heldAt: null },
    ]);
  },
});
