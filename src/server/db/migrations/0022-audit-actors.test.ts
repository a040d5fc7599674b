import { expect } from 'vitest';
import { itMigrates, seedAsset } from '../migration-test-db.ts';

// 0022 marks who acted in each audit entry: entries written before were all people's.

itMigrates('marks earlier audit entries as made by a person, with no key', '0021-outbox', {
  before: async ({ db }) => {
    const { organizationId } = await seedAsset(db);
    await db
      .insertInto('auditLog')
      .values({
        organizationId,
        actorId: null,
        action: 'campaign.created',
        target: 'Old drive',
        createdAt: new Date().toISOString(),
      } as never)
      .execute();
    return { organizationId };
  },
  after: async ({ db }, { organizationId }) => {
    const row = await db.selectFrom('auditLog').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organizationId,
      action: 'campaign.created',
      actorKind: 'user',
      apiKeyId: null,
      apiKeyName: null,
    });
  },
});
