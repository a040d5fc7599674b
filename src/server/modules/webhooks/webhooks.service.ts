import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  MAX_WEBHOOK_ENDPOINTS,
  type QueuedWebhookMessage,
  type RotatedWebhookSecret,
  type UpdateWebhookInput,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_ERRORS,
  WEBHOOK_SECRET_SHOWN_CHARS,
  type WebhookDeliveryError,
  type WebhookErrorParams,
  webhookErrorParamsSchema,
  type WebhookDeliveriesPage,
  type WebhookEndpoint,
} from '#shared/schemas/webhooks.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { loadWebhookSecretKey } from '../../lib/app-secrets.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertStillMember } from '../../lib/org-lock.ts';
import { allowAnyAddress, checkDestination, refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { sealSecret } from '../../lib/sealed-secret.ts';
import { HttpError } from '../../lib/errors.ts';
import { dropWebhookMessages, queueWebhookMessage, requeueWebhookMessage } from '../outbox/index.ts';
import { invalidateWebhookTargets } from './webhook-events.ts';

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found';
export const WEBHOOK_MESSAGE_NOT_FOUND = 'Webhook message not found';
export const WEBHOOK_LIMIT_MESSAGE = `An organization has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`;
/** The old secret keeps signing this long after a rotation. */
export const ROTATION_OVERLAP_MS = DAY_MS;
/** Advisory lock class of an organisation's endpoint count (two-int form). */
const LIMIT_LOCK_CLASS = 0x57484b53; // 'WHKS'

/** `whsec_` and 32 random bytes in base64, as Standard Webhooks' libraries take it. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** What the service needs besides the organisation and the actor. */
export interface WebhookContext {
  dialect: DialectName;
  config: Config;
}

/**
 * Where webhooks may be sent: https to a public address, checked like upload-from-url
 * (every address the name resolves to). ALLOW_PRIVATE_FETCH (tests only) lets a local
 * receiver through, over plain http too.
 */
export function webhookDestination(config: Config) {
  return config.allowPrivateFetch
    ? { protocols: ['https:', 'http:'], policy: allowAnyAddress }
    : { protocols: ['https:'], policy: refusePrivateAddress };
}

/** 400 on `url` with the guard's reason when the address may not be posted to. */
async function assertDestination(config: Config, url: string): Promise<void> {
  try {
    await checkDestination(url, webhookDestination(config));
  } catch (err) {
    if (err instanceof HttpError)
      throw badRequest('VALIDATION_FAILED', `url: ${err.message}`, {
        errors: [{ path: 'url', message: err.message }],
      });
    throw err;
  }
}

const sealContext = (orgId: number) => `webhook:${orgId}`;
const prefixOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_SHOWN_CHARS);

interface EndpointRow {
  id: number;
  url: string;
  description: string;
  events: string;
  enabled: number | boolean;
  disabledReason: string | null;
  secretPrefix: string;
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'enabled',
  'disabledReason',
  'secretPrefix',
  'previousSecretExpiresAt',
  'createdAt',
  'updatedAt',
] as const;

function toEndpoint(row: EndpointRow, last: WebhookEndpoint['lastDelivery'] = null): WebhookEndpoint {
  const expires = row.previousSecretExpiresAt;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events),
    enabled: Boolean(row.enabled),
    disabledReason: (row.disabledReason as WebhookEndpoint['disabledReason']) ?? null,
    secretPrefix: row.secretPrefix,
    // Past its overlap the old secret signs nothing: not worth showing.
    previousSecretExpiresAt: expires && Date.parse(expires) > Date.now() ? expires : null,
    lastDelivery: last,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * An attempt's failure as stored: the code and its values when known (an attempt
 * logged before codes, or a code this server no longer knows, keeps its English alone).
 */
function deliveryError(row: { error: string | null; errorCode: string | null; errorParams: string | null }): {
  error: string | null;
  errorCode: WebhookDeliveryError | null;
  errorParams: WebhookErrorParams | null;
} {
  const code = WEBHOOK_DELIVERY_ERRORS.find((c) => c === row.errorCode) ?? null;
  let params: WebhookErrorParams | null = null;
  if (code && row.errorParams) {
    try {
      const parsed = webhookErrorParamsSchema.safeParse(JSON.parse(row.errorParams));
      params = parsed.success ? parsed.data : null;
    } catch {
      params = null;
    }
  }
  return { error: row.error, errorCode: code, errorParams: code ? (params ?? {}) : null };
}

/** The last attempt of each of these endpoints. */
async function lastDeliveries(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, NonNullable<WebhookEndpoint['lastDelivery']>>();
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select(['endpointId', 'attemptedAt', 'statusCode', 'error', 'errorCode', 'errorParams'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhookDeliveries')
        .select((e) => e.fn.max('id').as('id'))
        .where('endpointId', 'in', ids)
        .groupBy('endpointId'),
    )
    .execute();
  return new Map(
    rows.map(({ endpointId, attemptedAt, statusCode, ...error }) => [
      endpointId,
      { attemptedAt, statusCode, ...deliveryError(error) },
    ]),
  );
}

/** The organisation's endpoints, oldest first. */
export async function listWebhooks(db: Db, orgId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhookEndpoints')
    .select(ENDPOINT_COLUMNS)
    .where('organizationId', '=', orgId)
    .orderBy('id')
    .execute();
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEndpoint(r, last.get(r.id) ?? null));
}

async function endpointRow(db: Db, orgId: number, id: number) {
  const row = await db
    .selectFrom('webhookEndpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', id)
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound('NOT_FOUND', WEBHOOK_NOT_FOUND);
  return row;
}

/** One endpoint of the organisation; another organisation's id is 404. */
export async function getWebhook(db: Db, orgId: number, id: number): Promise<WebhookEndpoint> {
  const row = await endpointRow(db, orgId, id);
  return toEndpoint(row, (await lastDeliveries(db, [id])).get(id) ?? null);
}

const auditTarget = (url: string) => `webhook ${url}`;

/** Makes an endpoint; the answer carries its secret, the only time it is shown. */
export async function createWebhook(
  opts: OrgWrite & WebhookContext & { input: CreateWebhookInput },
): Promise<CreatedWebhook> {
  const { db, orgId, actorId, input } = opts;
  await assertDestination(opts.config, input.url);
  const secret = newWebhookSecret();
  const key = await loadWebhookSecretKey(db);
  const now = new Date().toISOString();
  const enabled = input.enabled ?? true;
  const row = await auditedWrite(opts, async (trx, audit) => {
    await assertStillMember(trx, opts.dialect, { orgId, userId: actorId, role: 'admin' });
    // Two admins at once cannot both take the last place.
    if (opts.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${LIMIT_LOCK_CLASS}::int4, ${orgId}::int4)`.execute(trx);
    const { n } = await trx
      .selectFrom('webhookEndpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organizationId', '=', orgId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_WEBHOOK_ENDPOINTS) throw conflict('WEBHOOK_ENDPOINT_LIMIT', WEBHOOK_LIMIT_MESSAGE);
    const made = await trx
      .insertInto('webhookEndpoints')
      .values({
        organizationId: orgId,
        url: input.url,
        description: input.description ?? '',
        events: JSON.stringify(input.events),
        enabled: enabled ? 1 : 0,
        disabledReason: enabled ? null : 'admin',
        secretSealed: sealSecret(key, secret, sealContext(orgId)),
        secretPrefix: prefixOf(secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning(ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit('webhook.created', auditTarget(input.url));
    return made;
  });
  invalidateWebhookTargets(db, orgId);
  return { ...toEndpoint(row), secret };
}

/** Changes an endpoint; turning it on again clears why it was off (and its failing streak). */
export async function updateWebhook(
  opts: OrgWrite & WebhookContext & { id: number; input: UpdateWebhookInput },
): Promise<WebhookEndpoint> {
  const { db, orgId, id, input } = opts;
  if (input.url !== undefined) await assertDestination(opts.config, input.url);
  await auditedWrite(opts, async (trx, audit) => {
    const before = await endpointRow(trx, orgId, id);
    const changes: Partial<Record<string, string | number | null>> = { updatedAt: new Date().toISOString() };
    if (input.url !== undefined) changes.url = input.url;
    if (input.description !== undefined) changes.description = input.description;
    if (input.events !== undefined) changes.events = JSON.stringify(input.events);
    if (input.enabled === true && !before.enabled)
      Object.assign(changes, { enabled: 1, disabledReason: null, failingSince: null });
    if (input.enabled === false && before.enabled)
      Object.assign(changes, { enabled: 0, disabledReason: 'admin' });
    await trx.updateTable('webhookEndpoints').set(changes).where('id', '=', id).execute();
    await audit('webhook.updated', auditTarget(input.url ?? before.url));
  });
  invalidateWebhookTargets(db, orgId);
  return getWebhook(db, orgId, id);
}

/** Deletes an endpoint and drops its messages not yet delivered (its log goes with it). */
export async function deleteWebhook(opts: OrgWrite & { id: number }): Promise<void> {
  const { db, orgId, id } = opts;
  await auditedWrite(opts, async (trx, audit) => {
    const row = await endpointRow(trx, orgId, id);
    await dropWebhookMessages(trx, id);
    await trx.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
    await audit('webhook.deleted', auditTarget(row.url));
  });
  invalidateWebhookTargets(db, orgId);
}

/**
 * A new secret signs from now on; the current one keeps signing beside it for 24 h
 * (every delivery then carries both signatures). A second rotation within the overlap
 * replaces the older secret: only the two newest ever sign.
 */
export async function rotateWebhookSecret(opts: OrgWrite & { id: number }): Promise<RotatedWebhookSecret> {
  const { db, orgId, id } = opts;
  const secret = newWebhookSecret();
  const key = await loadWebhookSecretKey(db);
  const previousSecretExpiresAt = new Date(Date.now() + ROTATION_OVERLAP_MS).toISOString();
  await auditedWrite(opts, async (trx, audit) => {
    const row = await endpointRow(trx, orgId, id);
    await trx
      .updateTable('webhookEndpoints')
      .set((eb) => ({
        previousSecretSealed: eb.ref('secretSealed'),
        previousSecretExpiresAt,
        secretSealed: sealSecret(key, secret, sealContext(orgId)),
        secretPrefix: prefixOf(secret),
        updatedAt: new Date().toISOString(),
      }))
      .where('id', '=', id)
      .execute();
    await audit('webhook.secret_rotated', auditTarget(row.url));
  });
  return { secret, previousSecretExpiresAt };
}

/** Queues a `ping` to this endpoint alone, whatever its events. */
export async function sendTestEvent(db: Db, orgId: number, id: number): Promise<QueuedWebhookMessage> {
  return db.transaction().execute(async (trx) => {
    await endpointRow(trx, orgId, id);
    const at = new Date().toISOString();
    return queueWebhookMessage(trx, {
      organizationId: orgId,
      endpointId: id,
      body: { type: 'ping', timestamp: at, data: { endpointId: id, at } },
    });
  });
}

/** The endpoint's attempts, newest first, a page at a time. */
export async function listDeliveries(
  db: Db,
  orgId: number,
  id: number,
  page: number,
): Promise<WebhookDeliveriesPage> {
  await endpointRow(db, orgId, id);
  const pageSize = WEBHOOK_DELIVERIES_PAGE_SIZE;
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select([
      'id',
      'messageId',
      'eventType',
      'attempt',
      'attemptedAt',
      'statusCode',
      'durationMs',
      'error',
      'errorCode',
      'errorParams',
      'responseExcerpt',
    ])
    .where('endpointId', '=', id)
    .orderBy('id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  const items = rows.slice(0, pageSize).map(({ error, errorCode, errorParams, ...row }) => ({
    ...row,
    ...deliveryError({ error, errorCode, errorParams }),
  }));
  return { items, page, pageSize, hasMore: rows.length > pageSize };
}

/** Queues the endpoint's message once more, now (same `webhook-id`, a new attempt). */
export async function retryDelivery(db: Db, orgId: number, id: number, messageId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await endpointRow(trx, orgId, id);
    if (!(await requeueWebhookMessage(trx, { endpointId: id, messageId })))
      throw notFound('NOT_FOUND', WEBHOOK_MESSAGE_NOT_FOUND);
  });
}
