import { randomUUID } from 'node:crypto';
import { type CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import {
  WEBHOOK_BATCH_LIST_KEY,
  WEBHOOK_BATCH_MAX,
  type WebhookBatchItem,
} from '#shared/schemas/webhooks.ts';
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

/** A message to write: its endpoint, body, and times. */
interface NewWebhookMessage {
  organizationId: number;
  endpointId: number;
  /** The body, or its type and JSON text when the caller has it serialised already. */
  body: WebhookBody | { type: string; text: string };
  /** When its event happened: its 24 h window starts then. */
  now?: number;
  /** When it is first due (by default, now). */
  dueAt?: number;
}

const messageRow = (msg: NewWebhookMessage, messageId: string) => {
  const now = msg.now ?? Date.now();
  return {
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
  };
};

/** Writes one message for one endpoint; answers its `webhook-id`. */
export async function queueWebhookMessage(
  q: Pick<Db, 'insertInto'>,
  msg: NewWebhookMessage,
): Promise<{ messageId: string }> {
  const messageId = newMessageId();
  await q.insertInto('outbox').values(messageRow(msg, messageId)).execute();
  return { messageId };
}

/** Writes several messages in one statement (a bundle's: one round trip, not one each). */
async function queueWebhookMessages(q: Pick<Db, 'insertInto'>, msgs: NewWebhookMessage[]): Promise<void> {
  if (msgs.length > 0)
    await q
      .insertInto('outbox')
      .values(msgs.map((m) => messageRow(m, newMessageId())))
      .execute();
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
 * Appends `items` (click-throughs) of a batched event `type` for each of
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

// The share-item insert, compiled once per dialect, as the item insert above.
const shareItemInserts = new Map<unknown, (v: { endpointId: number; shareId: number }) => CompiledQuery>();

/**
 * Appends the `share.created` items of `shareIds` for each of `endpointIds`: an
 * (endpoint, share) pair each in webhookShareItems, two integers, the share path's
 * one extra write. The sender makes each item from the share row when it bundles
 * them (bundleShareItems); on PostgreSQL the share insert writes them itself
 * (withShareCreatedItems in the webhooks module), in the same statement.
 */
export async function gatherShareItems(
  q: Pick<Db, 'insertInto' | 'getExecutor' | 'executeQuery'>,
  batch: { endpointIds: number[]; shareIds: number[] },
): Promise<void> {
  const adapter = q.getExecutor().adapter.constructor;
  let template = shareItemInserts.get(adapter);
  if (!template) {
    template = statementTemplate(
      ['endpointId', 'shareId'] as const,
      (v: { endpointId: number; shareId: number }) => q.insertInto('webhookShareItems').values(v),
    );
    shareItemInserts.set(adapter, template);
  }
  for (const endpointId of batch.endpointIds)
    for (const shareId of batch.shareIds) await q.executeQuery(prepared(template({ endpointId, shareId })));
}

/** The columns of a share that its `share.created` item shows. */
interface ShareItemFields {
  id: number;
  campaignId: number;
  assetId: number;
  platform: string;
  status: string;
  language: string | null;
  createdAt: string;
}

/** A share as `share.created` lists it: what the analytics show of it, nothing of its supporter. */
export const shareCreatedItem = (share: ShareItemFields): WebhookBatchItem<'share.created'> => ({
  id: share.id,
  campaignId: share.campaignId,
  assetId: share.assetId,
  platform: share.platform,
  outcome: share.status,
  language: share.language,
  createdAt: share.createdAt,
});

/**
 * Gathered items one bundling transaction takes at most (WEBHOOK_BATCH_LIMIT per
 * message), by database; the sender steps again while a bundle comes out full. On
 * SQLite small, so the writer it holds (the one connection) is soon free for the
 * shares that keep arriving. On PostgreSQL the share path never waits on the bundler
 * (it deletes rows the writers no longer touch), and a step costs milliseconds besides
 * its items (the take, the claim, the commits), so a step takes as many as one
 * endpoint's step sends (10 full messages, WEBHOOK_PER_ENDPOINT).
 */
export const WEBHOOK_BUNDLE_ITEMS = { sqlite: 1000, postgres: 5000 } as const;
const bundleItems = (q: Db) => WEBHOOK_BUNDLE_ITEMS[onPostgres(q) ? 'postgres' : 'sqlite'];

const listKeyOf = (type: string): string =>
  WEBHOOK_BATCH_LIST_KEY[type as keyof typeof WEBHOOK_BATCH_LIST_KEY] ?? 'items';

/**
 * Turns gathered items into messages: per endpoint and event type, the oldest items,
 * up to WEBHOOK_BATCH_LIMIT a message (`data[listKey]` in the order they happened),
 * each message timed by its first item (its 24 h window runs from that event). The
 * items go in the same transaction, so an item is in exactly one message; those of an
 * endpoint deleted meanwhile just go. On PostgreSQL one statement takes and deletes
 * them (a second bundler's delete finds them gone, so it never gets the same ones).
 * Answers how many items it took (at most WEBHOOK_BUNDLE_ITEMS: a full bundle means
 * more may be waiting). share.created items are bundleShareItems'.
 */
export async function bundleGatheredItems(trx: Db, now = Date.now()): Promise<number> {
  const postgres = onPostgres(trx);
  const items = postgres
    ? (
        await trx
          .deleteFrom('webhookItems')
          .where(
            'id',
            '=',
            sql<number>`any(array(${trx.selectFrom('webhookItems').select('id').orderBy('id').limit(bundleItems(trx))}))`,
          )
          .returningAll()
          .execute()
      ).sort((a, b) => a.id - b.id)
    : await trx.selectFrom('webhookItems').selectAll().orderBy('id').limit(bundleItems(trx)).execute();
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
  for (const group of groups.values()) await queueBundles(trx, group, now);
  if (!postgres) {
    // SQLite has one writer, this transaction: the oldest ids up to the last taken are exactly these.
    await trx
      .deleteFrom('webhookItems')
      .where('id', '<=', items[items.length - 1].id)
      .execute();
  }
  return items.length;
}

/** An item ready for a message: its endpoint, event, JSON and when it happened. */
interface BundledItem {
  endpointId: number;
  organizationId: number;
  type: string;
  body: string;
  createdAt: string;
}

/**
 * Queues one endpoint's items of one event type (in the order they happened) as
 * messages of at most WEBHOOK_BATCH_LIMIT items, each timed by its first item (its
 * 24 h window runs from that event).
 */
async function queueBundles(trx: Db, group: BundledItem[], now: number): Promise<void> {
  const messages: NewWebhookMessage[] = [];
  for (let i = 0; i < group.length; i += WEBHOOK_BATCH_LIMIT) {
    const chunk = group.slice(i, i + WEBHOOK_BATCH_LIMIT);
    const first = chunk[0];
    // Each item's body is JSON already: the message is spliced from them, not re-parsed.
    const head = JSON.stringify({ type: first.type, timestamp: first.createdAt });
    const text = `${head.slice(0, -1)},"data":{${JSON.stringify(listKeyOf(first.type))}:[${chunk.map((c) => c.body).join(',')}]}}`;
    messages.push({
      organizationId: first.organizationId,
      endpointId: first.endpointId,
      body: { type: first.type, text },
      now: Date.parse(first.createdAt),
      dueAt: now,
    });
  }
  await queueWebhookMessages(trx, messages);
}

/** A taken share item with what its JSON needs (nulls: the share or the endpoint is gone). */
interface TakenShareItem extends Omit<ShareItemFields, 'id'> {
  endpointId: number;
  organizationId: number | null;
  id: number | null;
}

/**
 * Turns waiting share items into `share.created` messages, as bundleGatheredItems
 * does for the others: the oldest shares first, each item made from its share row
 * now (what the analytics show of it at that moment), per endpoint in share order.
 * The items are deleted in the same transaction, so each is in exactly one message;
 * a share erased meanwhile, or an endpoint deleted, just drops out. On PostgreSQL one
 * statement takes and deletes them (a second bundler never gets the same rows: its
 * delete finds them gone); on SQLite this transaction is the one writer. Answers how
 * many items it took (at most WEBHOOK_BUNDLE_ITEMS).
 */
export async function bundleShareItems(trx: Db, now = Date.now()): Promise<number> {
  if (onPostgres(trx)) return bundleShareItemsInPostgres(trx, now);
  const rows = (
    await sql<TakenShareItem & { rid: number }>`select i.rowid as "rid", i."endpointId", e."organizationId",
        s."id", s."campaignId", s."assetId", s."platform", s."status", s."language", s."createdAt"
      from "webhookShareItems" as i left join "shares" as s on s."id" = i."shareId"
        left join "webhookEndpoints" as e on e."id" = i."endpointId"
      order by i.rowid limit ${WEBHOOK_BUNDLE_ITEMS.sqlite}`.execute(trx)
  ).rows;
  // The one writer: the rows up to the last one read are exactly these (new rows get higher rowids).
  if (rows.length > 0)
    await sql`delete from "webhookShareItems" where rowid <= ${rows[rows.length - 1].rid}`.execute(trx);
  const groups = new Map<number, BundledItem[]>();
  const live = rows
    .filter((t) => t.id !== null && t.organizationId !== null)
    .sort((a, b) => a.endpointId - b.endpointId || (a.id as number) - (b.id as number));
  for (const t of live) {
    const item: BundledItem = {
      endpointId: t.endpointId,
      organizationId: t.organizationId as number,
      type: 'share.created',
      body: JSON.stringify(shareCreatedItem({ ...t, id: t.id as number })),
      createdAt: t.createdAt,
    };
    const group = groups.get(t.endpointId);
    if (group) group.push(item);
    else groups.set(t.endpointId, [item]);
  }
  for (const group of groups.values()) await queueBundles(trx, group, now);
  return rows.length;
}

/**
 * bundleShareItems on PostgreSQL, as one statement: it takes and deletes the oldest
 * items (a second bundler's delete finds them gone), makes each item's JSON from its
 * share (row_to_json: compact, the fields of shareCreatedItem in its order, so the bytes
 * are the ones JSON.stringify makes on SQLite), and writes the messages
 * (queueBundles' rows: same body, `webhook-id` and times) without the items or the
 * bodies crossing to the app and back: on a busy campaign that traffic was most of
 * the sender's own work. Answers how many items it took.
 */
async function bundleShareItemsInPostgres(trx: Db, now: number): Promise<number> {
  const { rows } = await sql<{ taken: number }>`with taken as (
      delete from "webhookShareItems" where ctid = any(array(
        select ctid from "webhookShareItems" order by "shareId" limit ${WEBHOOK_BUNDLE_ITEMS.postgres}))
      returning "endpointId", "shareId"),
    items as (
      select t."endpointId", e."organizationId", s."id", s."createdAt",
        (select row_to_json(j)::text from (select s."id" as "id", s."campaignId" as "campaignId",
          s."assetId" as "assetId", s."platform" as "platform", s."status" as "outcome",
          s."language" as "language", s."createdAt" as "createdAt") as j) as "item",
        (row_number() over (partition by t."endpointId" order by s."id") - 1) / ${WEBHOOK_BATCH_LIMIT} as "chunk"
      from taken t join "shares" s on s."id" = t."shareId" join "webhookEndpoints" e on e."id" = t."endpointId"),
    bundles as (
      select "endpointId", "organizationId", "chunk",
        (array_agg("createdAt" order by "id"))[1] as "first",
        string_agg("item", ',' order by "id") as "items"
      from items group by "endpointId", "organizationId", "chunk"),
    queued as (
      insert into "outbox" ("channel", "kind", "organizationId", "recipient", "recipientKey", "refId",
        "subject", "body", "headers", "status", "reason", "nextAttemptAt", "expiresAt", "createdAt", "messageId")
      select ${WEBHOOK_CHANNEL}, 'share.created', "organizationId", null, '', "endpointId", '',
        '{"type":"share.created","timestamp":' || to_json("first")::text || ',"data":{"shares":[' || "items" || ']}}',
        null, 'queued', null, ${new Date(now).toISOString()},
        to_char(("first"::timestamptz + ${`${WEBHOOK_WINDOW_MS} milliseconds`}::interval) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        "first", 'msg_' || replace(gen_random_uuid()::text, '-', '')
      from bundles order by "endpointId", "chunk")
    select count(*)::integer as "taken" from taken`.execute(trx);
  return rows[0]?.taken ?? 0;
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
  await q.deleteFrom('webhookShareItems').where('endpointId', '=', endpointId).execute();
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
