import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/durations.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { claimedDeliveries, type Job } from '../../jobs/runner.ts';
import type { Mailer } from '../../lib/mail.ts';
import { isoBefore } from '../../lib/time.ts';
import { BUDGET_EXEMPT_KINDS, BUDGET_REASON, budgetExceeded, OUTBOX_REASON } from './outbox.service.ts';

/** Rows claimed per step (one transaction); more wait for the next step. */
export const OUTBOX_BATCH = 50;
/** Tries per mail; after the last refused one the row is `failed`. */
export const OUTBOX_MAX_ATTEMPTS = 3;
/** Wait before the next try, by failed tries so far (1, 2). */
export const OUTBOX_RETRY_DELAYS_MS = [5 * MINUTE_MS, 15 * MINUTE_MS];
/** A claim this old never finished (the process died while sending): it counts as a failed try. */
export const OUTBOX_STALE_CLAIM_MS = HOUR_MS;
/** A mail held by a spent budget is looked at again this much later. */
export const OUTBOX_BUDGET_RETRY_MS = HOUR_MS;
/**
 * Finished rows are kept this long: the budgets need a day, the operator console counts
 * the mail of the calendar month (up to 31 days back), the rest is for the operators.
 */
export const OUTBOX_RETENTION_MS = 32 * DAY_MS;

/** What a row that will never be sent loses: the address, the words, its claim. */
const UNSENT_CLEARED = { recipient: null, body: null, headers: null, claimedAt: null } as const;

/** Process-wide tallies for /metrics. */
export const outboxCounters = { sent: 0, failed: 0, held: 0, expired: 0 };

/** A finished row, as the hooks of its kind see it. */
export interface FinishedMail {
  id: number;
  kind: string;
  refId: number | null;
  organizationId: number | null;
}

/**
 * What a kind of mail does when its row finishes, in the transaction that records it:
 * a reminder moves its share to `reminded`, or to `expired` when it never went.
 */
export interface OutboxOutcomes {
  sent?: (q: Db, mail: FinishedMail) => Promise<void>;
  unsent?: (q: Db, mail: FinishedMail) => Promise<void>;
  /**
   * Asked when the row is claimed for sending: false drops it unsent (reason
   * no-longer-wanted), as a staff notice whose member has left or switched it off.
   */
  wanted?: (q: Db, mail: FinishedMail) => Promise<boolean>;
}

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

interface Claimed extends FinishedMail {
  recipient: string | null;
  recipientKey: string;
  subject: string;
  body: string | null;
  headers: string | null;
  attempts: number;
}

/**
 * The one sender of the outbox's mail (docs/decisions/0024-outbox.md). Each step, in
 * the runner's transaction: releases held mail whose organisation is now old enough
 * and mail whose budget hold is over, expires rows past their time, counts stale
 * claims as failed tries, then claims due `queued` rows (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, and a conditional `queued` -> `sending` update everywhere, so a row is
 * claimed once whatever the instances do). A claimed row that would pass a daily
 * budget is held instead. Sending happens after the commit (`afterCommit`); a refused
 * mail is tried again after 5 and 15 minutes, then `failed`. A finished row loses its
 * address and body.
 */
export function outboxSenderJob(opts: {
  db: Db;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  /** Per kind: what a finished row does (reminders: the share's status). */
  outcomes?: Record<string, OutboxOutcomes>;
  /** The clock, replaceable in tests. */
  now?: () => number;
  log?: Logger;
}): Job {
  const { db, dialect, config, mailer, log } = opts;
  const outcomes = opts.outcomes ?? {};
  const clock = () => opts.now?.() ?? Date.now();
  const claimed = claimedDeliveries(deliver, (err, row: Claimed) =>
    log?.warn({ err, outboxId: row.id }, 'mail delivery failed'),
  );

  return {
    name: 'outbox',
    lockKey: 4,
    step: async (trx) => {
      claimed.begin();
      const now = clock();
      const at = new Date(now).toISOString();
      await sweep(trx, now);

      let due = trx
        .selectFrom('outbox')
        .select('id')
        .where('channel', '=', 'email')
        .where('status', '=', 'queued')
        .where('nextAttemptAt', '<=', at)
        .orderBy('nextAttemptAt')
        .limit(OUTBOX_BATCH);
      // Another instance's claim in progress is passed over, not waited for.
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return false;
      const rows = await trx
        .updateTable('outbox')
        .set({ status: 'sending', claimedAt: at })
        .where('id', 'in', ids)
        .where('status', '=', 'queued')
        .returning([
          'id',
          'kind',
          'refId',
          'organizationId',
          'recipient',
          'recipientKey',
          'subject',
          'body',
          'headers',
          'attempts',
        ])
        .execute();
      // In the order they became due (RETURNING keeps none): what waited first goes
      // first, and released held mail, due from its release, waits its turn.
      const place = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
      // Budgets count what has left; this batch's earlier rows count too.
      const batch = { recipient: new Map<string, number>(), organization: new Map<number, number>(), all: 0 };
      for (const row of rows) {
        const wanted = outcomes[row.kind]?.wanted;
        if (wanted && !(await wanted(trx, row))) {
          await trx
            .updateTable('outbox')
            .set({ status: 'dropped', reason: OUTBOX_REASON.notWanted, ...UNSENT_CLEARED })
            .where('id', '=', row.id)
            .execute();
          continue;
        }
        const over =
          !BUDGET_EXEMPT_KINDS.includes(row.kind) &&
          (await budgetExceeded(
            trx,
            config,
            { recipientKey: row.recipientKey, organizationId: row.organizationId },
            {
              by: 'sent',
              now,
              extra: {
                recipient: batch.recipient.get(row.recipientKey) ?? 0,
                organization:
                  row.organizationId === null ? 0 : (batch.organization.get(row.organizationId) ?? 0),
                instance: batch.all,
              },
            },
          ));
        if (over) {
          await trx
            .updateTable('outbox')
            .set({
              status: 'held',
              reason: BUDGET_REASON[over.scope],
              heldAt: at,
              claimedAt: null,
              nextAttemptAt: new Date(now + OUTBOX_BUDGET_RETRY_MS).toISOString(),
            })
            .where('id', '=', row.id)
            .execute();
          outboxCounters.held++;
          log?.warn({ outboxId: row.id, kind: row.kind, budget: over.scope }, 'mail held: budget spent');
          continue;
        }
        batch.recipient.set(row.recipientKey, (batch.recipient.get(row.recipientKey) ?? 0) + 1);
        if (row.organizationId !== null)
          batch.organization.set(row.organizationId, (batch.organization.get(row.organizationId) ?? 0) + 1);
        batch.all++;
        claimed.claim(row);
      }
      return ids.length === OUTBOX_BATCH;
    },
    afterCommit: claimed.deliverClaimed,
  };

  async function sweep(trx: Db, now: number): Promise<void> {
    const at = new Date(now).toISOString();
    // An organisation old enough now: its held mail goes.
    let release = trx
      .updateTable('outbox')
      .set({ status: 'queued', reason: null, heldAt: null })
      .where('channel', '=', 'email')
      .where('status', '=', 'held')
      .where('reason', '=', OUTBOX_REASON.newOrganization);
    if (config.mailHoldNewOrgsMs > 0) {
      const cutoff = new Date(now - config.mailHoldNewOrgsMs).toISOString();
      release = release.where('organizationId', 'in', (eb) =>
        eb.selectFrom('organizations').select('id').where('createdAt', '<=', cutoff),
      );
    }
    await release.execute();
    // A budget hold whose wait is over: queued again (the claim checks the budget anew).
    await trx
      .updateTable('outbox')
      .set({ status: 'queued', reason: null, heldAt: null })
      .where('channel', '=', 'email')
      .where('status', '=', 'held')
      .where('reason', 'in', Object.values(BUDGET_REASON))
      .where('nextAttemptAt', '<=', at)
      .execute();
    // Past its time, sent or not: a reminder's moment has gone, a confirmation link has lapsed.
    const expired = await trx
      .updateTable('outbox')
      .set((eb) => ({
        status: 'expired',
        reason: eb.fn.coalesce('reason', eb.val<string>(OUTBOX_REASON.notSentInTime)),
        recipient: null,
        body: null,
        headers: null,
        claimedAt: null,
      }))
      .where('channel', '=', 'email')
      .where('status', 'in', ['queued', 'held'])
      .where('expiresAt', '<=', at)
      .returning(['id', 'kind', 'refId', 'organizationId'])
      .execute();
    for (const row of expired) {
      outboxCounters.expired++;
      log?.warn({ outboxId: row.id, kind: row.kind }, 'mail expired unsent');
      await outcomes[row.kind]?.unsent?.(trx, row);
    }
    const stale = await trx
      .selectFrom('outbox')
      .select(['id', 'kind', 'refId', 'organizationId', 'attempts'])
      .where('channel', '=', 'email')
      .where('status', '=', 'sending')
      .where('claimedAt', '<', isoBefore(OUTBOX_STALE_CLAIM_MS, now))
      .execute();
    for (const row of stale) await recordFailure(trx, row, now);
    await trx
      .deleteFrom('outbox')
      .where('channel', '=', 'email')
      .where('status', 'in', ['sent', 'failed', 'expired', 'dropped'])
      .where('createdAt', '<', isoBefore(OUTBOX_RETENTION_MS, now))
      .execute();
  }

  async function deliver(row: Claimed): Promise<void> {
    const ok =
      row.recipient !== null &&
      row.body !== null &&
      (await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
      }));
    await db.transaction().execute(async (trx) => {
      if (!ok) {
        await recordFailure(trx, row, clock());
        return;
      }
      await trx
        .updateTable('outbox')
        .set({
          status: 'sent',
          sentAt: new Date(clock()).toISOString(),
          reason: null,
          recipient: null,
          body: null,
          headers: null,
          claimedAt: null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      await outcomes[row.kind]?.sent?.(trx, row);
    });
    if (ok) {
      outboxCounters.sent++;
      log?.info({ outboxId: row.id, kind: row.kind }, 'mail sent');
    }
  }

  /** A try that reached nobody: queued again after the next delay, `failed` after the last. */
  async function recordFailure(q: Db, row: FinishedMail & { attempts: number }, now: number): Promise<void> {
    const attempts = row.attempts + 1;
    if (attempts < OUTBOX_MAX_ATTEMPTS) {
      const delay = OUTBOX_RETRY_DELAYS_MS[attempts - 1] ?? OUTBOX_RETRY_DELAYS_MS.at(-1) ?? 0;
      await q
        .updateTable('outbox')
        .set({
          status: 'queued',
          attempts,
          claimedAt: null,
          nextAttemptAt: new Date(now + delay).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      log?.warn({ outboxId: row.id, kind: row.kind, attempts }, 'mail will be tried again');
      return;
    }
    await q
      .updateTable('outbox')
      .set({ status: 'failed', attempts, reason: OUTBOX_REASON.refused, ...UNSENT_CLEARED })
      .where('id', '=', row.id)
      .execute();
    outboxCounters.failed++;
    log?.warn({ outboxId: row.id, kind: row.kind, attempts }, 'mail given up');
    await outcomes[row.kind]?.unsent?.(q, row);
  }
}
