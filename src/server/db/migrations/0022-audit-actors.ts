import type { AnyDb, DialectName } from '../dialect.ts';

// Who acted, in the audit log (API.md "Audit log"): a person with their session, or an
// API key. `actorKind` is 'user' or 'api_key'; for a key, `apiKeyId` and `apiKeyName`
// name it (copied when the entry is written, since revoking a key deletes its row) and
// `actorId` stays the user who made the key. Older entries were all people: 'user'.
export async function up(db: AnyDb, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('auditLog')
    .addColumn('actorKind', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('auditLog').addColumn('apiKeyId', 'integer').execute();
  await db.schema.alterTable('auditLog').addColumn('apiKeyName', 'text').execute();
}
