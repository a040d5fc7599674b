import {
  BATCHED_WEBHOOK_EVENTS,
  WEBHOOK_BATCH_LIST_KEY,
  type WebhookBatchItem,
  type WebhookEvent,
  type WebhookEventData,
} from '#shared/schemas/webhooks.ts';
import { supporterUrl } from '#shared/share-links.ts';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/client.ts';
import { gatherShareItems, gatherWebhookItems, queueWebhookMessage } from '../outbox/index.ts';

// Events into the outbox (docs/api.md "Integrations > Delivery"): one message per
// subscribed, enabled endpoint, written in the transaction of the change that caused
// it, so a rolled-back change sends nothing and a committed one is never lost.

/** What an event is written with: the change's transaction (any executor that reads and inserts). */
type Writer = Pick<Db, 'selectFrom' | 'insertInto' | 'getExecutor' | 'executeQuery'>;

type Batched = (typeof BATCHED_WEBHOOK_EVENTS)[number];
const isBatched = (type: string): type is Batched =>
  (BATCHED_WEBHOOK_EVENTS as readonly string[]).includes(type);

/** The organisation's enabled endpoints subscribed to `type`, by id (the order writers lock them in). */
async function subscribers(q: Writer, organizationId: number, type: WebhookEvent): Promise<number[]> {
  const rows = await q
    .selectFrom('webhookEndpoints')
    .select(['id', 'events'])
    .where('organizationId', '=', organizationId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();
  return rows.filter((r) => (JSON.parse(r.events) as string[]).includes(type)).map((r) => r.id);
}

// The share path's look-up, cached per database and organisation: an organisation
// with no endpoint costs supporters' shares nothing after the first look. The
// service invalidates it on every endpoint change on this instance; another instance
// sees a change within TARGETS_TTL_MS (a message written for an endpoint turned off
// meanwhile is never sent: the sender sends to enabled endpoints only).
export const TARGETS_TTL_MS = 5000;
const targetsCache = new WeakMap<Db, Map<number, { ids: Map<WebhookEvent, number[]>; expires: number }>>();

/**
 * The endpoints of `organizationId` subscribed to `type` (cached, see above). Pass the
 * database itself (not a transaction): the cache is keyed on it.
 */
export async function webhookTargets(db: Db, organizationId: number, type: WebhookEvent): Promise<number[]> {
  let perOrg = targetsCache.get(db);
  if (!perOrg) {
    perOrg = new Map();
    targetsCache.set(db, perOrg);
  }
  const now = Date.now();
  let entry = perOrg.get(organizationId);
  if (!entry || entry.expires <= now) {
    entry = { ids: new Map(), expires: now + TARGETS_TTL_MS };
    perOrg.set(organizationId, entry);
  }
  let ids = entry.ids.get(type);
  if (!ids) {
    ids = await subscribers(db, organizationId, type);
    entry.ids.set(type, ids);
  }
  return ids;
}

// A campaign never changes organisation: its owner is looked up once per process
// (bounded: the map starts over past CAMPAIGN_OWNERS_MAX entries).
const CAMPAIGN_OWNERS_MAX = 10_000;
const campaignOwners = new WeakMap<Db, Map<number, number>>();

/** The organisation of `campaignId` (cached), or undefined for no such campaign. */
export async function campaignOrganization(db: Db, campaignId: number): Promise<number | undefined> {
  let owners = campaignOwners.get(db);
  if (!owners) {
    owners = new Map();
    campaignOwners.set(db, owners);
  }
  const known = owners.get(campaignId);
  if (known !== undefined) return known;
  const row = await db
    .selectFrom('campaigns')
    .select('organizationId')
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (owners.size >= CAMPAIGN_OWNERS_MAX) owners.clear();
  owners.set(campaignId, row.organizationId);
  return row.organizationId;
}

/** Forgets what the cache knows of the organisation's endpoints (after a change to them). */
export function invalidateWebhookTargets(db: Db, organizationId: number): void {
  targetsCache.get(db)?.delete(organizationId);
}

/**
 * The statement texts of withShareCreatedItems, by form (one endpoint or several),
 * then by the insert's text (a handful). Keyed on that text itself, not on a string
 * made per share: the shareable insert's text is one string (statementTemplate), so
 * the look-up hashes nothing anew on the hot path.
 */
const shareItemsStatements = { one: new Map<string, string>(), many: new Map<string, string>() };

/**
 * On PostgreSQL: the share insert `insert` (ending in `returning`) and its
 * `share.created` items for `endpointIds` (webhookShareItems, gatherShareItems) as one
 * statement (a data-modifying CTE), atomic like the transaction it replaces and one
 * round trip instead of four (begin, insert, insert, commit). One endpoint (the usual
 * case) is a plain parameter: unnesting an array of one cost half the items' share of
 * the statement.
 */
export function withShareCreatedItems<R>(insert: CompiledQuery<R>, endpointIds: number[]): CompiledQuery<R> {
  const n = insert.parameters.length;
  const one = endpointIds.length === 1;
  const statements = one ? shareItemsStatements.one : shareItemsStatements.many;
  let sql = statements.get(insert.sql);
  if (sql === undefined) {
    const items = one
      ? `select $${n + 1}::integer, s."id" from s`
      : `select e.id, s."id" from s cross join unnest($${n + 1}::integer[]) as e(id)`;
    sql = `with s as (${insert.sql}), i as (insert into "webhookShareItems" ("endpointId", "shareId") ${items}) select * from s`;
    if (statements.size >= 50) statements.clear();
    statements.set(insert.sql, sql);
  }
  return { ...insert, sql, parameters: [...insert.parameters, one ? endpointIds[0] : endpointIds] };
}

/**
 * A share was created: its `share.created` item for each of the organisation's
 * subscribed endpoints (`endpointIds`: already looked up, webhookTargets), in the
 * share's transaction. The sender makes the item from the share row (bundleShareItems).
 */
export async function emitSharesCreated(
  trx: Writer,
  organizationId: number,
  shareIds: number[],
  opts: { endpointIds?: number[] } = {},
): Promise<void> {
  const endpointIds = opts.endpointIds ?? (await subscribers(trx, organizationId, 'share.created'));
  if (endpointIds.length > 0) await gatherShareItems(trx, { endpointIds, shareIds });
}

/**
 * Writes `type` with `data` for each enabled endpoint of the organisation subscribed
 * to it, in `trx` (the change's transaction). `click.confirmed` carries a list
 * (`{clicks: [...]}`) whose items are appended for the sender to bundle, at most
 * WEBHOOK_BATCH_MAX a message (docs/api.md "Batched where busy"); `share.created` is emitSharesCreated's. `endpointIds`:
 * the subscribers already looked up (webhookTargets), to spare the look-up.
 */
export async function emitWebhookEvent<T extends Exclude<WebhookEvent, 'share.created'>>(
  trx: Writer,
  organizationId: number,
  type: T,
  data: WebhookEventData<T>,
  opts: { endpointIds?: number[]; now?: number } = {},
): Promise<void> {
  const ids = opts.endpointIds ?? (await subscribers(trx, organizationId, type));
  if (ids.length === 0) return;
  const now = opts.now ?? Date.now();
  if (isBatched(type)) {
    const items = (data as Record<string, WebhookBatchItem<Batched>[]>)[WEBHOOK_BATCH_LIST_KEY[type]] ?? [];
    await gatherWebhookItems(trx, { organizationId, endpointIds: ids, type, items, now });
    return;
  }
  for (const endpointId of ids)
    await queueWebhookMessage(trx, {
      organizationId,
      endpointId,
      body: { type, timestamp: new Date(now).toISOString(), data: data as Record<string, unknown> },
      now,
    });
}

/** The campaign event a status change to `status` makes, if any (a change to draft makes none). */
const CAMPAIGN_EVENT = {
  active: 'campaign.published',
  paused: 'campaign.paused',
  ended: 'campaign.ended',
  archived: 'campaign.archived',
} as const satisfies Record<string, WebhookEvent>;

/**
 * A campaign's status became `campaign.status` (created live, published, resumed,
 * paused, ended or archived by a member, or ended by its end date passing: the
 * campaign-end job): its event, in the change's transaction. `publicUrl` is its
 * supporter page on PUBLIC_URL, null where the instance has none. `now`: when it
 * happened (by default, now).
 */
export async function emitCampaignStatus(
  trx: Writer,
  campaign: { id: number; organizationId: number; name: string; status: string },
  publicOrigin: string | undefined,
  now: number = Date.now(),
): Promise<void> {
  const type = CAMPAIGN_EVENT[campaign.status as keyof typeof CAMPAIGN_EVENT];
  if (!type) return;
  await emitWebhookEvent(
    trx,
    campaign.organizationId,
    type,
    {
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      publicUrl: publicOrigin ? supporterUrl(publicOrigin, campaign.id) : null,
      at: new Date(now).toISOString(),
    },
    { now },
  );
}

/** An asset was created or changed: its event (what staff see of it, not its content). */
export async function emitAssetEvent(
  trx: Writer,
  type: 'asset.created' | 'asset.updated',
  asset: { id: number; campaignId: number; organizationId: number; type: string; title: string },
): Promise<void> {
  await emitWebhookEvent(trx, asset.organizationId, type, {
    id: asset.id,
    campaignId: asset.campaignId,
    type: asset.type,
    title: asset.title,
    at: new Date().toISOString(),
  });
}

/** A member joined, or left or was removed: their event (no address). */
export async function emitMemberEvent(
  trx: Writer,
  type: 'member.joined' | 'member.removed',
  organizationId: number,
  member: { id: number; username: string; role: string },
): Promise<void> {
  await emitWebhookEvent(trx, organizationId, type, {
    userId: member.id,
    username: member.username,
    role: member.role,
    at: new Date().toISOString(),
  });
}
