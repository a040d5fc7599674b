import { Webhook } from 'standardwebhooks';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '#shared/durations.ts';
import { WEBHOOK_EXCERPT_CHARS } from '#shared/schemas/webhooks.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Job } from '../../jobs/runner.ts';
import { loadWebhookSecretKey } from '../../lib/app-secrets.ts';
import { mailLocale } from '../../lib/member-locale.ts';
import {
  type AddressPolicy,
  allowAnyAddress,
  FETCH_TIMEOUT_MS,
  refusePrivateAddress,
  safePost,
} from '../../lib/safe-fetch.ts';
import { openSecret } from '../../lib/sealed-secret.ts';
import { isoBefore } from '../../lib/time.ts';
import { queueMail } from './outbox.service.ts';
import { type DeliveryError, noAnswerError, statusError } from './webhook-errors.ts';
import {
  bundleGatheredItems,
  bundleShareItems,
  WEBHOOK_BUNDLE_ITEMS,
  WEBHOOK_CHANNEL,
  WEBHOOK_REASON,
  WEBHOOK_WINDOW_MS,
} from './webhook-queue.ts';
import { webhookDisabledMail } from './webhook-words.ts';

// The sender of the outbox's webhook messages (docs/decisions/0031-webhooks.md, docs/api.md
// "Integrations > Delivery"). Beside the mail sender (outbox.job.ts), with a lock of its
// own, so a slow receiver never holds up mail.

/** Waits before the next attempt, by attempts made so far (1..6); after the 7th the message has failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5 * SECOND_MS,
  5 * MINUTE_MS,
  30 * MINUTE_MS,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
];
export const WEBHOOK_TIMEOUT_MS = FETCH_TIMEOUT_MS;
/** A claim this old never finished (the instance died while sending): the message is due again. */
export const WEBHOOK_STALE_CLAIM_MS = 10 * MINUTE_MS;
/** An endpoint failing this long with nothing delivered is turned off and its admins are mailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * HOUR_MS;
/** Rows a step claims at most, over all endpoints; and per endpoint (sent one after another). */
export const WEBHOOK_CLAIM_BATCH = 200;
export const WEBHOOK_PER_ENDPOINT = 10;
/** Delivered, failed and dropped messages are kept this long; the delivery log 30 days. */
export const WEBHOOK_MESSAGE_RETENTION_MS = 32 * 24 * HOUR_MS;
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * HOUR_MS;
/** The admins' notice that an endpoint was turned off waits at most this long to leave. */
const DISABLED_MAIL_LIFETIME_MS = 7 * 24 * HOUR_MS;

/** The sweep (stale claims, expiry, turning off, old rows) runs at most this often per instance. */
const WEBHOOK_SWEEP_EVERY_MS = SECOND_MS;

/** Process-wide tallies for /metrics and the tests. */
export const webhookCounters = { delivered: 0, retried: 0, failed: 0, disabled: 0 };

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

interface Claimed {
  id: number;
  refId: number;
  kind: string;
  body: string;
  messageId: string;
  attempts: number;
  expiresAt: string;
}

interface Endpoint {
  id: number;
  organizationId: number;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: string | null;
}

/** What signs an endpoint's messages: its secret, and during a rotation's overlap the old one. */
interface Signers {
  current: Webhook;
  previous?: Webhook;
}

/** How one attempt ended. */
type Attempt =
  | { kind: 'answered'; status: number; excerpt: string; durationMs: number }
  | { kind: 'no-answer'; error: DeliveryError; durationMs: number };

/** An attempt made, to be recorded. */
interface Made {
  row: Claimed;
  attempt: Attempt;
  attemptedAt: string;
}

/** 2xx: delivered; 429, 5xx or no answer: tried again; any other status: refused for good. */
const verdict = (a: Attempt): 'delivered' | 'retry' | 'refused' => {
  if (a.kind === 'no-answer') return 'retry';
  if (a.status >= 200 && a.status < 300) return 'delivered';
  return a.status === 429 || a.status >= 500 ? 'retry' : 'refused';
};

/**
 * The webhook channel of the outbox. Each step, in the runner's transaction: stale
 * claims are due again, messages past their 24 h are failed, endpoints failing for
 * 24 h are turned off (their admins mailed through the outbox), old rows go; then it
 * claims due messages of enabled endpoints with no attempt in flight (`FOR UPDATE SKIP
 * LOCKED` on PostgreSQL and a conditional `queued` -> `sending` update everywhere, so
 * one instance sends each attempt), at most WEBHOOK_PER_ENDPOINT per endpoint. After
 * the commit each endpoint's messages are posted one after another (endpoints in
 * parallel), signed per Standard Webhooks, to the address checked again now; each
 * attempt is logged and decides the message's next state in its own transaction.
 */
export function webhookSenderJob(opts: {
  db: Db;
  dialect: DialectName;
  config: Config;
  /** Who may be posted to; by default the config's (ALLOW_PRIVATE_FETCH: any, for tests). */
  policy?: AddressPolicy;
  /** The clock, replaceable in tests. */
  now?: () => number;
  log?: Logger;
}): Job {
  const { db, dialect, config, log } = opts;
  const clock = () => opts.now?.() ?? Date.now();
  const policy = opts.policy ?? (config.allowPrivateFetch ? allowAnyAddress : refusePrivateAddress);
  const protocols = config.allowPrivateFetch ? ['https:', 'http:'] : ['https:'];
  let claimed: { endpoint: Endpoint; rows: Claimed[] }[] = [];
  let key: Buffer | undefined;
  let lastSweep = 0;

  return {
    name: 'outbox-webhooks',
    lockKey: 30,
    step: async (trx) => {
      claimed = [];
      const now = clock();
      const at = new Date(now).toISOString();
      // Not on every step: a busy sender steps again at once while bundles come out full.
      if (now - lastSweep >= WEBHOOK_SWEEP_EVERY_MS || now < lastSweep) {
        lastSweep = now;
        await sweep(trx, now);
      }
      // A full bundle: more items wait, so the runner steps again at once (a new, short transaction).
      const gatheredFull = (await bundleGatheredItems(trx, now)) === WEBHOOK_BUNDLE_ITEMS[dialect];
      const bundledFull =
        (await bundleShareItems(trx, now)) === WEBHOOK_BUNDLE_ITEMS[dialect] || gatheredFull;

      let due = trx
        .selectFrom('outbox as o')
        .innerJoin('webhookEndpoints as e', 'e.id', 'o.refId')
        .innerJoin('organizations as org', 'org.id', 'e.organizationId')
        .select(['o.id', 'o.refId'])
        .where('o.channel', '=', WEBHOOK_CHANNEL)
        .where('o.status', '=', 'queued')
        .where('o.nextAttemptAt', '<=', at)
        .where('e.enabled', '=', 1)
        // A suspended organisation sends nothing; its messages wait (and expire).
        .where('org.suspendedAt', 'is', null)
        // One attempt in flight per endpoint, whichever instance makes it.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('outbox as s')
                .select('s.id')
                .whereRef('s.refId', '=', 'o.refId')
                .where('s.channel', '=', WEBHOOK_CHANNEL)
                .where('s.status', '=', 'sending'),
            ),
          ),
        )
        .orderBy('o.nextAttemptAt')
        .orderBy('o.id')
        .limit(WEBHOOK_CLAIM_BATCH);
      // Another instance's claim in progress is passed over, not waited for: its rows and
      // its endpoints (so two instances never post to one endpoint at once). NO KEY
      // UPDATE: the delivery log's inserts (a key share on the endpoint) never wait on it.
      if (dialect === 'postgres') due = due.forNoKeyUpdate(['o', 'e']).skipLocked();
      const candidates = await due.execute();
      if (candidates.length === 0) return bundledFull;
      const perEndpoint = new Map<number, number>();
      const ids: number[] = [];
      for (const c of candidates) {
        const refId = c.refId as number;
        const n = perEndpoint.get(refId) ?? 0;
        if (n >= WEBHOOK_PER_ENDPOINT) continue;
        perEndpoint.set(refId, n + 1);
        ids.push(c.id);
      }
      const rows = await trx
        .updateTable('outbox')
        .set({ status: 'sending', claimedAt: at })
        .where('id', 'in', ids)
        .where('status', '=', 'queued')
        .returning(['id', 'refId', 'kind', 'body', 'messageId', 'attempts', 'expiresAt'])
        .execute();
      const endpoints = await trx
        .selectFrom('webhookEndpoints')
        .select([
          'id',
          'organizationId',
          'url',
          'secretSealed',
          'previousSecretSealed',
          'previousSecretExpiresAt',
        ])
        .where('id', 'in', [...perEndpoint.keys()])
        .execute();
      const byId = new Map(endpoints.map((e) => [e.id, { endpoint: e, rows: [] as Claimed[] }]));
      const order = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      for (const row of rows) byId.get(row.refId as number)?.rows.push(row as Claimed);
      claimed = [...byId.values()].filter((c) => c.rows.length > 0);
      return bundledFull || candidates.length === WEBHOOK_CLAIM_BATCH;
    },
    afterCommit: async () => {
      const batch = claimed;
      claimed = [];
      await Promise.all(batch.map((c) => deliverInTurn(c.endpoint, c.rows)));
    },
  };

  /**
   * One endpoint's claimed messages, one at a time; after an attempt that got no answer
   * the rest wait for the next step. The attempts are recorded together, in one
   * transaction once the endpoint's turn is over: one commit (one fsync on SQLite) per
   * endpoint and step, not per message. An instance that dies before it has left
   * those messages claimed, and they are sent again (at least once).
   */
  async function deliverInTurn(endpoint: Endpoint, rows: Claimed[]): Promise<void> {
    const made: Made[] = [];
    let rest: number[] = [];
    let signers: Signers;
    try {
      signers = await signersOf(endpoint);
    } catch (err) {
      // Left claimed: the stale-claim sweep makes them due again.
      log?.warn({ err, endpointId: endpoint.id }, 'webhook secret could not be opened');
      return;
    }
    for (const [i, row] of rows.entries()) {
      try {
        const one = await deliver(endpoint, signers, row);
        made.push(one);
        if (one.attempt.kind !== 'answered') {
          rest = rows.slice(i + 1).map((r) => r.id);
          break;
        }
      } catch (err) {
        // Left claimed: the stale-claim sweep makes it due again.
        log?.warn({ err, outboxId: row.id }, 'webhook delivery failed');
      }
    }
    if (made.length === 0 && rest.length === 0) return;
    await db.transaction().execute(async (trx) => {
      if (made.length > 0) await recordAll(trx, endpoint, made);
      if (rest.length > 0)
        await trx
          .updateTable('outbox')
          .set({ status: 'queued', claimedAt: null })
          .where('id', 'in', rest)
          .where('status', '=', 'sending')
          .execute();
    });
  }

  /** The endpoint's signers, opened once for its turn (not per message). */
  async function signersOf(endpoint: Endpoint): Promise<Signers> {
    key ??= await loadWebhookSecretKey(db);
    const context = `webhook:${endpoint.organizationId}`;
    const open = (sealed: string) => new Webhook(openSecret(key as Buffer, sealed, context));
    return {
      current: open(endpoint.secretSealed),
      previous: endpoint.previousSecretSealed ? open(endpoint.previousSecretSealed) : undefined,
    };
  }

  /** Posts one message; answers the attempt, to be recorded. */
  async function deliver(endpoint: Endpoint, signers: Signers, row: Claimed): Promise<Made> {
    const started = clock();
    const timestamp = new Date(started);
    const signatures = [signers.current.sign(row.messageId, timestamp, row.body)];
    // During a rotation's overlap both secrets sign: a receiver with either one verifies.
    if (
      signers.previous &&
      endpoint.previousSecretExpiresAt &&
      Date.parse(endpoint.previousSecretExpiresAt) > started
    )
      signatures.push(signers.previous.sign(row.messageId, timestamp, row.body));
    const attempt = await post(
      endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Rally-Webhooks/1.0',
        'webhook-id': row.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signatures.join(' '),
      },
      Buffer.from(row.body),
    );
    return { row, attempt, attemptedAt: timestamp.toISOString() };
  }

  async function post(url: string, headers: Record<string, string>, body: Buffer): Promise<Attempt> {
    const started = performance.now();
    try {
      const res = await safePost(url, {
        protocols,
        policy,
        headers,
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        // Bytes enough for the characters kept, whatever their width.
        excerptBytes: WEBHOOK_EXCERPT_CHARS * 4,
        // A receiver gets post after post: one connection (and TLS handshake) serves them.
        keepAlive: true,
      });
      return {
        kind: 'answered',
        status: res.status,
        excerpt: [...res.excerpt].slice(0, WEBHOOK_EXCERPT_CHARS).join(''),
        durationMs: res.durationMs,
      };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      // Refused by the address guard, timed out or not connected: a code the log words.
      return { kind: 'no-answer', error: noAnswerError(err, WEBHOOK_TIMEOUT_MS), durationMs };
    }
  }

  /** The attempt in the log, and the message's next state; the endpoint's health. */
  /**
   * Logs an endpoint's attempts (in the order made) and decides their messages' next
   * states, in `trx`: the log rows in one insert and the delivered messages in one
   * update (the usual case), a failed attempt on its own.
   */
  async function recordAll(trx: Db, endpoint: Endpoint, made: Made[]): Promise<void> {
    const now = clock();
    await trx
      .insertInto('webhookDeliveries')
      .values(
        made.map(({ row, attempt, attemptedAt }) => {
          const error =
            attempt.kind === 'no-answer'
              ? attempt.error
              : verdict(attempt) === 'delivered'
                ? null
                : statusError(attempt.status);
          return {
            endpointId: endpoint.id,
            messageId: row.messageId,
            eventType: row.kind,
            attempt: row.attempts + 1,
            attemptedAt,
            statusCode: attempt.kind === 'answered' ? attempt.status : null,
            durationMs: attempt.durationMs,
            error: error?.text ?? null,
            errorCode: error?.code ?? null,
            errorParams: error ? JSON.stringify(error.params) : null,
            responseExcerpt: attempt.kind === 'answered' ? attempt.excerpt : null,
          };
        }),
      )
      .execute();
    const isDelivered = (m: Made) => verdict(m.attempt) === 'delivered';
    for (const one of made) if (!isDelivered(one)) await recordFailed(trx, endpoint, one, now);
    const delivered = made.filter(isDelivered).map((m) => m.row.id);
    if (delivered.length === 0) return;
    // Still `sending`: the claim made no attempt count, so each is one more than it was.
    await trx
      .updateTable('outbox')
      .set((eb) => ({ status: 'delivered', attempts: eb('attempts', '+', 1), reason: null, claimedAt: null }))
      .where('id', 'in', delivered)
      .where('status', '=', 'sending')
      .execute();
    webhookCounters.delivered += delivered.length;
    // Failing since the first failure after the last delivery, if any: healthy otherwise.
    const last = made.findLastIndex(isDelivered);
    const failingSince = made.slice(last + 1).find((m) => !isDelivered(m))?.attemptedAt ?? null;
    let health = trx.updateTable('webhookEndpoints').set({ failingSince }).where('id', '=', endpoint.id);
    if (failingSince === null) health = health.where('failingSince', 'is not', null);
    await health.execute();
  }

  /** An attempt that did not deliver: tried again later, or failed for good. */
  async function recordFailed(trx: Db, endpoint: Endpoint, { row, attempt, attemptedAt }: Made, now: number) {
    const attempts = row.attempts + 1;
    const outcome = verdict(attempt);
    const mine = (q: ReturnType<typeof trx.updateTable<'outbox'>>) =>
      q.where('id', '=', row.id).where('status', '=', 'sending');
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    const next = delay === undefined ? null : now + delay;
    if (outcome === 'retry' && next !== null && next < Date.parse(row.expiresAt)) {
      await mine(trx.updateTable('outbox'))
        .set({ status: 'queued', attempts, claimedAt: null, nextAttemptAt: new Date(next).toISOString() })
        .execute();
      webhookCounters.retried++;
    } else {
      await mine(trx.updateTable('outbox'))
        .set({
          status: 'failed',
          attempts,
          claimedAt: null,
          reason: outcome === 'refused' ? WEBHOOK_REASON.refused : WEBHOOK_REASON.notInTime,
        })
        .execute();
      webhookCounters.failed++;
    }
    log?.warn({ outboxId: row.id, endpointId: endpoint.id, attempts, outcome }, 'webhook attempt failed');
    await trx
      .updateTable('webhookEndpoints')
      .set({ failingSince: attemptedAt })
      .where('id', '=', endpoint.id)
      .where('failingSince', 'is', null)
      .execute();
    await disableFailing(trx, now, endpoint.id);
  }

  async function sweep(trx: Db, now: number): Promise<void> {
    const at = new Date(now).toISOString();
    // An instance died mid-delivery: due again now (at least once; the attempt left no record).
    await trx
      .updateTable('outbox')
      .set({ status: 'queued', claimedAt: null, nextAttemptAt: at })
      .where('channel', '=', WEBHOOK_CHANNEL)
      .where('status', '=', 'sending')
      .where('claimedAt', '<', isoBefore(WEBHOOK_STALE_CLAIM_MS, now))
      .execute();
    // Never delivered within 24 h of its event (a turned-off endpoint's, a suspended organisation's).
    await trx
      .updateTable('outbox')
      .set({ status: 'failed', reason: WEBHOOK_REASON.notInTime })
      .where('channel', '=', WEBHOOK_CHANNEL)
      .where('status', '=', 'queued')
      .where('expiresAt', '<=', at)
      .execute();
    await disableFailing(trx, now);
    await trx
      .deleteFrom('outbox')
      .where('channel', '=', WEBHOOK_CHANNEL)
      .where('status', 'in', ['delivered', 'failed', 'dropped'])
      .where('createdAt', '<', isoBefore(WEBHOOK_MESSAGE_RETENTION_MS, now))
      .execute();
    await trx
      .deleteFrom('webhookDeliveries')
      .where('attemptedAt', '<', isoBefore(WEBHOOK_LOG_RETENTION_MS, now))
      .execute();
  }

  /**
   * Turns off the endpoints (all, or `endpointId`) that have failed for 24 h with
   * nothing delivered since, and queues a mail to each of their organisation's admins,
   * in the admin's language, in this transaction.
   */
  async function disableFailing(trx: Db, now: number, endpointId?: number): Promise<void> {
    let q = trx
      .updateTable('webhookEndpoints')
      .set({ enabled: 0, disabledReason: 'failing', updatedAt: new Date(now).toISOString() })
      .where('enabled', '=', 1)
      .where('failingSince', '<=', isoBefore(WEBHOOK_DISABLE_AFTER_MS, now));
    if (endpointId !== undefined) q = q.where('id', '=', endpointId);
    const off = await q.returning(['id', 'organizationId', 'url', 'description']).execute();
    for (const endpoint of off) {
      webhookCounters.disabled++;
      log?.warn({ endpointId: endpoint.id }, 'webhook endpoint turned off after failing for 24 h');
      const admins = await trx
        .selectFrom('users as u')
        .innerJoin('organizations as o', 'o.id', 'u.organizationId')
        .select(['u.email', 'u.language', 'o.defaultLanguage', 'o.name'])
        .where('u.organizationId', '=', endpoint.organizationId)
        .where('u.role', '=', 'admin')
        .where('u.email', 'is not', null)
        .execute();
      for (const admin of admins) {
        if (!admin.email) continue;
        await queueMail(
          trx,
          { dialect, config },
          {
            kind: 'webhook-disabled',
            organizationId: endpoint.organizationId,
            to: admin.email,
            ...webhookDisabledMail(mailLocale(admin.language, admin.defaultLanguage), {
              organization: admin.name,
              hours: WEBHOOK_WINDOW_MS / HOUR_MS,
              url: endpoint.url,
              description: endpoint.description,
            }),
            expiresAt: now + DISABLED_MAIL_LIFETIME_MS,
          },
          // Past the organisation's mail budget the notice is dropped, never the change.
          'drop',
          now,
        );
      }
    }
  }
}
