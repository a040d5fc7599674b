import { type AnyDb, type DialectName, notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// API keys: an organisation's credentials for integrations. Only the SHA-256 of a key
// is stored (its first characters are kept as `prefix` so people can tell keys
// apart). The per-key request counter (a fixed one-minute window) lives on the row,
// so every instance on one database counts against the same limit.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('apiKeys'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('prefix', 'text', notNull)
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('createdBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', 'text', notNull)
    .addColumn('lastUsedAt', 'text')
    .addColumn('windowStart', 'text')
    .addColumn('windowCount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'api_keys_org_idx', 'apiKeys', ['organizationId', 'id']);
}
