import { randomUUID } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';

// Webhook messages in the outbox (docs/decisions/0031-webhooks.md): one row of channel
// `webhook` per message and endpoint, written in the caller's transaction. `refId` is
// the endpoint, `kind` the event type, `body` the JSON that is sent, `messageId` its
// `webhook-id`. The sender (webhook.job.ts) claims and delivers them.

export const WEBHOOK_CHANNEL = 'webhook';
/** Undelivered this long after its event, a message is `failed`. */
export const WEBHOOK_WINDOW_MS = DAY_MS;
/** The items a batched message holds at most (share.created, click.confirmed). */
export const WEBHOOK_BATCH_LIMIT = 100;

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
  q: Db,
  msg: { organizationId: number; endpointId: number; body: WebhookBody; now?: number },
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
      body: JSON.stringify(msg.body),
      headers: null,
      status: 'queued',
      reason: null,
      nextAttemptAt: new Date(now).toISOString(),
      expiresAt: new Date(now + WEBHOOK_WINDOW_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
      messageId,
    })
    .execute();
  return { messageId };
}

/**
 * Adds `items` (shares, click-throughs) to the endpoint's waiting message of `type`
 * under `data[listKey]`: the newest one not yet tried (never claimed, so its
 * `webhook-id` has not been seen) while it holds fewer than WEBHOOK_BATCH_LIMIT
 * items, then new messages of up to that many. A busy campaign adds a message per 100
 * events per endpoint, not one per event. On PostgreSQL the waiting message is locked
 * (FOR UPDATE) while it grows: two writers cannot lose each other's items, and the
 * sender's claim (SKIP LOCKED) passes over it until the writer commits.
 */
export async function queueWebhookBatch(
  q: Db,
  batch: {
    organizationId: number;
    endpointId: number;
    type: string;
    listKey: string;
    items: unknown[];
    now?: number;
  },
): Promise<void> {
  const now = batch.now ?? Date.now();
  let rest = batch.items;
  let waiting = q
    .selectFrom('outbox')
    .select(['id', 'body'])
    .where('kind', '=', batch.type)
    .where('refId', '=', batch.endpointId)
    .where('channel', '=', WEBHOOK_CHANNEL)
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .orderBy('id', 'desc')
    .limit(1);
  if (onPostgres(q)) waiting = waiting.forUpdate();
  const open = await waiting.executeTakeFirst();
  if (open?.body) {
    const body = JSON.parse(open.body) as WebhookBody;
    const list = (body.data[batch.listKey] as unknown[] | undefined) ?? [];
    const room = WEBHOOK_BATCH_LIMIT - list.length;
    if (room > 0) {
      body.data[batch.listKey] = [...list, ...rest.slice(0, room)];
      rest = rest.slice(room);
      await q
        .updateTable('outbox')
        .set({ body: JSON.stringify(body) })
        .where('id', '=', open.id)
        .execute();
    }
  }
  for (let i = 0; i < rest.length; i += WEBHOOK_BATCH_LIMIT) {
    await queueWebhookMessage(q, {
      organizationId: batch.organizationId,
      endpointId: batch.endpointId,
      body: {
        type: batch.type,
        timestamp: new Date(now).toISOString(),
        data: { [batch.listKey]: rest.slice(i, i + WEBHOOK_BATCH_LIMIT) },
      },
      now,
    });
  }
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
