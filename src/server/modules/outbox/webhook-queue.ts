import { randomUUID } from 'node:crypto';
import { type CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import { WEBHOOK_BATCH_LIST_KEY, WEBHOOK_BATCH_MAX } from '#shared/schemas/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { statementTemplate } from '../../db/statement-template.ts';

// Webhook messages in the outbox (docs/decisions/0031-webhooks.md): one row of channel
// `webhook` per message and endpoint, written in the caller's transaction. `refId` is
// the endpoint, `kind` the event type, `body` the JSON that is sent, `messageId` its
// `webhook-id`. The sender (webhook.job.ts) claims and delivers them.

export const WEBHOOK_CHANNEL = 'webhook';
/** Undelivered this long after its event, a message is `failed`. */
export const WEBHOOK_WINDOW_MS = DAY_MS;
/** The items a batched message holds at most (share.created, click.confirmed). */
export const WEBHOOK_BATCH_LIMIT = WEBHOOK_BATCH_MAX;

/** Why a webhook message failed or was dropped (the `reason` column). */
export const WEBHOOK_REASON = {
  /** The receiver answered a status that is not retried (a 4xx but 429, a 3xx). */
  refused: 'refused-by-receiver',
  /** Every try failed, or none could be made, within 24 h of the event. */
  notInTime: 'not-delivered-in-time',
  /** The endpoint was deleted while it waited. */
  endpointDeleted: 'endpoint-deleted',
} as const;

export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

const onPostgres = (q: Db) => q.getExecutor().adapter instanceof PostgresAdapter;

/** The body of every delivery: `{type, timestamp, data}`. */
export interface WebhookBody {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** Writes one message for one endpoint; answers its `webhook-id`. */
export async function queueWebhookMessage(
  q: Pick<Db, 'insertInto'>,
  msg: {
    organizationId: number;
    endpointId: number;
    /** The body, or its type and JSON text when the caller has it serialised already. */
    body: WebhookBody | { type: string; text: string };
    /** When its event happened: its 24 h window starts then. */
    now?: number;
    /** When it is first due (by default, now). */
    dueAt?: number;
  },
): Promise<{ messageId: string }> {
  const now = msg.now ?? Date.now();
  const messageId = newMessageId();
  await q
    .insertInto('outbox')
    .values({
      channel: WEBHOOK_CHANNEL,
      kind: msg.body.type,
      organizationId: msg.organizationId,
      recipient: null,
      // Mail budgets key on this; webhook messages spend none (outbox.service.ts counts mail only).
      recipientKey: '',
      refId: msg.endpointId,
      subject: '',
      body: 'text' in msg.body ? msg.body.text : JSON.stringify(msg.body),
      headers: null,
      status: 'queued',
      reason: null,
      nextAttemptAt: new Date(msg.dueAt ?? now).toISOString(),
      expiresAt: new Date(now + WEBHOOK_WINDOW_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
      messageId,
    })
    .execute();
  return { messageId };
}

type ItemValues = {
  endpointId: number;
  organizationId: number;
  type: string;
  body: string;
  createdAt: string;
};
const ITEM_VALUES = ['endpointId', 'organizationId', 'type', 'body', 'createdAt'] as const;
// The item insert, compiled once per dialect (on the share path, building it cost more than running it).
const itemInserts = new Map<unknown, (v: ItemValues) => CompiledQuery>();

function insertItem(q: Pick<Db, 'insertInto' | 'getExecutor'>, values: ItemValues): CompiledQuery {
  const adapter = q.getExecutor().adapter.constructor;
  let template = itemInserts.get(adapter);
  if (!template) {
    template = statementTemplate(ITEM_VALUES, (v: ItemValues) => q.insertInto('webhookItems').values(v));
    itemInserts.set(adapter, template);
  }
  return prepared(template(values));
}

/**
 * Appends `items` (shares, click-throughs) of a batched event `type` for each of
 * `endpointIds`: one small row each in webhookItems, never updated by a writer, so
 * writers in parallel never wait on one another (no shared row to lock) and a busy
 * campaign costs one insert per event. The sender bundles them (bundleGatheredItems).
 */
export async function gatherWebhookItems(
  q: Pick<Db, 'insertInto' | 'getExecutor' | 'executeQuery'>,
  batch: { organizationId: number; endpointIds: number[]; type: string; items: unknown[]; now?: number },
): Promise<void> {
  const createdAt = new Date(batch.now ?? Date.now()).toISOString();
  for (const endpointId of batch.endpointIds)
    for (const item of batch.items)
      await q.executeQuery(
        insertItem(q, {
          endpointId,
          organizationId: batch.organizationId,
          type: batch.type,
          body: JSON.stringify(item),
          createdAt,
        }),
      );
}

/**
 * Gathered items one bundling transaction takes at most (WEBHOOK_BATCH_LIMIT per
 * message). Small, so the writer it holds (SQLite's one connection) is soon free for
 * the shares that keep arriving; the sender steps again while a bundle comes out full.
 */
export const WEBHOOK_BUNDLE_ITEMS = 1000;

const listKeyOf = (type: string): string =>
  WEBHOOK_BATCH_LIST_KEY[type as keyof typeof WEBHOOK_BATCH_LIST_KEY] ?? 'items';

/**
 * Turns gathered items into messages: per endpoint and event type, the oldest items,
 * up to WEBHOOK_BATCH_LIMIT a message (`data[listKey]` in the order they happened),
 * each message timed by its first item (its 24 h window runs from that event). The
 * items go in the same transaction, so an item is in exactly one message; those of an
 * endpoint deleted meanwhile just go. On PostgreSQL another instance's bundling in
 * progress is passed over (SKIP LOCKED). Answers how many items it took (at most
 * WEBHOOK_BUNDLE_ITEMS: a full bundle means more may be waiting).
 */
export async function bundleGatheredItems(trx: Db, now = Date.now()): Promise<number> {
  const postgres = onPostgres(trx);
  let q = trx.selectFrom('webhookItems').selectAll().orderBy('id').limit(WEBHOOK_BUNDLE_ITEMS);
  if (postgres) q = q.forUpdate().skipLocked();
  const items = await q.execute();
  if (items.length === 0) return 0;
  const live = new Set(
    (
      await trx
        .selectFrom('webhookEndpoints')
        .select('id')
        .where('id', 'in', [...new Set(items.map((i) => i.endpointId))])
        .execute()
    ).map((e) => e.id),
  );
  const groups = new Map<string, typeof items>();
  for (const item of items) {
    if (!live.has(item.endpointId)) continue;
    const key = `${item.endpointId}:${item.type}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += WEBHOOK_BATCH_LIMIT) {
      const chunk = group.slice(i, i + WEBHOOK_BATCH_LIMIT);
      const first = chunk[0];
      // Each item's body is JSON already: the message is spliced from them, not re-parsed.
      const head = JSON.stringify({ type: first.type, timestamp: first.createdAt });
      const text = `${head.slice(0, -1)},"data":{${JSON.stringify(listKeyOf(first.type))}:[${chunk.map((c) => c.body).join(',')}]}}`;
      await queueWebhookMessage(trx, {
        organizationId: first.organizationId,
        endpointId: first.endpointId,
        body: { type: first.type, text },
        now: Date.parse(first.createdAt),
        dueAt: now,
      });
    }
  }
  if (postgres) {
    // Only the rows this bundle locked: another instance may hold the ones between.
    // One array parameter, not a list of a thousand.
    await trx
      .deleteFrom('webhookItems')
      .where('id', '=', sql<number>`any(${items.map((i) => i.id)}::integer[])`)
      .execute();
  } else {
    // SQLite has one writer, this transaction: the oldest ids up to the last taken are exactly these.
    await trx
      .deleteFrom('webhookItems')
      .where('id', '<=', items[items.length - 1].id)
      .execute();
  }
  return items.length;
}

/** An endpoint deleted: its messages not yet delivered are dropped (the rows stay as a record). */
export async function dropWebhookMessages(q: Db, endpointId: number): Promise<void> {
  await q
    .updateTable('outbox')
    .set({ status: 'dropped', reason: WEBHOOK_REASON.endpointDeleted, claimedAt: null })
    .where('channel', '=', WEBHOOK_CHANNEL)
    .where('refId', '=', endpointId)
    .where('status', 'in', ['queued', 'sending'])
    .execute();
  await q.deleteFrom('webhookItems').where('endpointId', '=', endpointId).execute();
}

/**
 * Queues a message of the endpoint once more, now (a manual retry): the same
 * `webhook-id` and body, a new attempt, a fresh 24 h window. Answers false when the
 * endpoint has no such message; one being sent right now is left to that attempt.
 */
export async function requeueWebhookMessage(
  q: Db,
  which: { endpointId: number; messageId: string; now?: number },
): Promise<boolean> {
  const now = which.now ?? Date.now();
  const row = await q
    .selectFrom('outbox')
    .select(['id', 'status'])
    .where('messageId', '=', which.messageId)
    .where('channel', '=', WEBHOOK_CHANNEL)
    .where('refId', '=', which.endpointId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.status === 'sending') return true;
  await q
    .updateTable('outbox')
    .set({
      status: 'queued',
      reason: null,
      claimedAt: null,
      nextAttemptAt: new Date(now).toISOString(),
      expiresAt: new Date(now + WEBHOOK_WINDOW_MS).toISOString(),
    })
    .where('id', '=', row.id)
    .where('status', '!=', 'sending')
    .execute();
  return true;
}
