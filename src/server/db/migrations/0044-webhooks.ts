import type { AnyDb, DialectName } from '../dialect.ts';
import { notNull, withId } from '../dialect.ts';
import { createIndex, ownedBy } from './lib/ddl.ts';

// Webhooks (docs/api.md "Integrations", docs/decisions/0031-webhooks.md):
// - webhookEndpoints: an organisation's receivers. `events` is a JSON array of event
//   types; the signing secret is kept only sealed (AES-256-GCM under an instance key,
//   lib/sealed-secret.ts), its first characters in `secretPrefix` for display. After a
//   rotation the old secret stays sealed in `previousSecretSealed` until
//   `previousSecretExpiresAt` (24 h): both signatures are sent meanwhile.
//   `failingSince`: the first failed attempt since the last delivered one (null while
//   healthy); 24 h of that disables the endpoint.
// - webhookDeliveries: one row per attempt, the endpoint's delivery log (30 days).
// - webhookItems: items of batched events waiting to be bundled into messages.
// - outbox.messageId: a webhook message is an outbox row of channel `webhook` (refId:
//   its endpoint, kind: its event type, body: its JSON); `messageId` is its
//   `webhook-id`, the same on every attempt.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('webhookEndpoints'), dialect)
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'))
    .addColumn('url', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', notNull)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabledReason', 'text')
    .addColumn('secretSealed', 'text', notNull)
    .addColumn('secretPrefix', 'text', notNull)
    .addColumn('previousSecretSealed', 'text')
    .addColumn('previousSecretExpiresAt', 'text')
    .addColumn('failingSince', 'text')
    .addColumn('createdAt', 'text', notNull)
    .addColumn('updatedAt', 'text', notNull)
    .execute();
  // The emitters' look-up: an organisation's enabled endpoints.
  await createIndex(db, 'webhookEndpoints_org_idx', 'webhookEndpoints', ['organizationId', 'enabled']);

  await withId(db.schema.createTable('webhookDeliveries'), dialect)
    .addColumn('endpointId', 'integer', ownedBy('webhookEndpoints.id'))
    .addColumn('messageId', 'text', notNull)
    .addColumn('eventType', 'text', notNull)
    .addColumn('attempt', 'integer', notNull)
    .addColumn('attemptedAt', 'text', notNull)
    .addColumn('statusCode', 'integer')
    .addColumn('durationMs', 'integer', notNull)
    .addColumn('error', 'text')
    .addColumn('responseExcerpt', 'text')
    .execute();
  // The log's pages (newest first per endpoint) and its 30-day sweep.
  await createIndex(db, 'webhookDeliveries_endpoint_idx', 'webhookDeliveries', ['endpointId', 'id']);
  await createIndex(db, 'webhookDeliveries_attempted_idx', 'webhookDeliveries', ['attemptedAt']);

  // Items of batched events (share.created, click.confirmed) until the sender bundles
  // them, within a second: the share path's one extra insert, so no other index. On
  // SQLite a plain rowid key, not AUTOINCREMENT (which writes sqlite_sequence on every
  // insert): ids only order the waiting items, and a new one is always above them.
  await db.schema
    .createTable('webhookItems')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('endpointId', 'integer', notNull)
    .addColumn('organizationId', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('createdAt', 'text', notNull)
    .execute();

  await db.schema.alterTable('outbox').addColumn('messageId', 'text').execute();
  await createIndex(db, 'outbox_message_idx', 'outbox', ['messageId'], {
    unique: true,
    whereNotNull: 'messageId',
  });
  // The sender's claim per channel (mail and webhooks are claimed apart).
  await createIndex(db, 'outbox_channel_due_idx', 'outbox', ['channel', 'status', 'nextAttemptAt']);
}
