import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import { storedTranslations } from '#shared/schemas/languages.ts';
import { resolvedWords } from '../../lib/campaign-languages.ts';
import { pushSubscriptionSchema } from '#shared/schemas/reminders.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { openForSharing, sqlNow } from '../../db/campaign-open.ts';
import type { Database } from '../../db/schema.ts';
import { sharesWithAssetAndCampaign } from '../../db/share-joins.ts';
import { claimedDeliveries, type Job } from '../../jobs/runner.ts';
import { isoBefore } from '../../lib/time.ts';
import { enqueueMail, OUTBOX_REASON, type OutboxOutcomes } from '../outbox/index.ts';
import { getSettings } from '../settings/index.ts';
import { addressState, dropUnconfirmedEmail, recordUnsentReminder } from './reminder-addresses.ts';
import {
  type DueReminder,
  type PushOutcome,
  REMINDER_MAIL_TTL_MS,
  reminderMail,
  sendPushReminder,
} from './reminder-delivery.ts';
import { dataLinkUrl, issueLinkToken } from './data-link.ts';
import { endPendingShare } from './pending-share.ts';
import { exactMailboxKey, loadReminderKeys } from './reminder-keys.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/durations.ts';

/** Reminders claimed per step (one transaction); more wait for the next step. */
export const REMINDER_BATCH = 50;
/** A claim this old never finished (the process died while sending): it counts as a failed try. */
export const STALE_CLAIM_MS = HOUR_MS;
/** Tries per reminder; after the last failed one the share expires and the personal data goes. */
export const REMINDER_MAX_ATTEMPTS = 3;
/** Wait before the next try, by failed tries so far (1, 2). */
export const REMINDER_RETRY_DELAYS_MS = [5 * MINUTE_MS, 15 * MINUTE_MS];
/** Unsubscribe links keep working this long after their mail. */
export const UNSUBSCRIBE_LINK_TTL_MS = 180 * DAY_MS;

/** How often (per process) the sweep of stale claims runs. */
const SWEEP_EVERY_MS = 10 * MINUTE_MS;

/** Process-wide tallies for /metrics: reminders by channel and outcome. */
export const reminderCounters = { emailSent: 0, emailFailed: 0, pushSent: 0, pushFailed: 0 };

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

/**
 * Sends each due reminder once (docs/decisions/0017-reminders.md). A step claims due
 * rows in the runner's transaction (`pending` -> `sending`, a conditional UPDATE, so
 * no other tick or instance can claim them too); the sending happens after that
 * commit (`afterCommit`), so a rollback can never send twice. A reminder whose
 * campaign is no longer open (ended, paused, archived, not started) or whose asset
 * was deleted is not sent: its share becomes `expired`. A sent one moves its share
 * from `pending` to `reminded`. Either way the row, with the address or
 * subscription in it, is deleted. One that reached nobody (or whose claim went
 * stale) is tried again later, REMINDER_MAX_ATTEMPTS times in all, then its share
 * expires and the row goes.
 */
export function remindersJob(opts: {
  db: Db;
  config: Config;
  /** The clock, replaceable in tests. */
  now?: () => number;
  log?: Logger;
}): Job {
  const { db, config, log } = opts;
  const claimed = claimedDeliveries(deliver, (err, reminder: DueReminder) =>
    log?.warn({ err, shareId: reminder.shareId }, 'reminder delivery failed'),
  );
  let lastSweep = Number.NEGATIVE_INFINITY;

  return {
    name: 'reminders',
    lockKey: 3,
    step: async (trx) => {
      claimed.begin();
      const now = opts.now?.() ?? Date.now();
      const nowIso = new Date(now).toISOString();
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        const stale = await trx
          .selectFrom('reminders')
          .select(['id', 'shareId', 'attempts'])
          .where('status', '=', 'sending')
          .where('claimedAt', '<', isoBefore(STALE_CLAIM_MS, now))
          .execute();
        for (const row of stale) await recordFailure(trx, row, now);
        // Lapsed links, data links and confirmations go on their own schedule:
        // privacy/reminder-retention.job.ts.
      }
      const ids = (
        await trx
          .updateTable('reminders')
          .set({ status: 'sending', claimedAt: nowIso })
          .where('status', '=', 'pending')
          .where(
            'id',
            'in',
            trx
              .selectFrom('reminders')
              .select('id')
              .where('status', '=', 'pending')
              .where('dueAt', '<=', nowIso)
              // A suspended organisation's reminders wait (expireOverdueReminders at its restore).
              .where('organizationId', 'not in', suspendedOrganizations(trx))
              .orderBy('dueAt')
              .limit(REMINDER_BATCH),
          )
          .returning('id')
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return false;

      const rows = await sharesWithAssetAndCampaign(trx)
        .innerJoin('reminders as r', 'r.shareId', 'shares.id')
        .innerJoin('organizations as o', 'o.id', 'r.organizationId')
        .select([
          'r.id',
          'r.shareId',
          'r.organizationId',
          'r.email',
          'r.emailKey',
          'r.pushSubscription',
          'r.origin',
          'r.attempts',
          'shares.ref',
          'shares.shareText as text',
          'shares.status as shareStatus',
          'shares.campaignId',
          'campaigns.name as campaignName',
          'campaigns.description as campaignDescription',
          openForSharing(sqlNow(now)).as('campaignOpen'),
          // What the reminder names the asset by: its public words, never its title.
          'assets.type as assetType',
          'assets.content as assetContent',
          'assets.shareText as assetShareText',
          'assets.description as assetDescription',
          'assets.deletedAt',
          'assets.translations as assetTranslations',
          'shares.language as shareLanguage',
          'campaigns.defaultLanguage as campaignLanguage',
          'o.name as organizationName',
        ])
        .where('r.id', 'in', ids)
        .execute();
      // Each reminder in the language its share was scheduled in (else the campaign's),
      // naming the asset by its words in that language where staff gave them.
      for (const row of rows) Object.assign(row, inScheduledLanguage(row));
      const done: number[] = [];
      const collects = new Map<number, boolean>();
      for (const row of rows) {
        // Rescheduled or already shared: the reminder has nothing left to remind of.
        if (row.shareStatus !== 'pending') {
          done.push(row.id);
          continue;
        }
        if (row.deletedAt !== null || !row.campaignOpen) {
          await endPendingShare(trx, row.shareId, 'expired').execute();
          done.push(row.id);
          continue;
        }
        // The organisation may have stopped collecting supporter information since:
        // then the address goes unused and unkept; a browser subscription still goes out.
        if (row.email !== null) {
          let on = collects.get(row.organizationId);
          if (on === undefined) {
            on = (await getSettings(trx, row.organizationId)).supporters.collectInfo;
            collects.set(row.organizationId, on);
          }
          if (!on) {
            row.email = null;
            row.emailKey = null;
            await trx
              .updateTable('reminders')
              .set({ email: null, emailKey: null })
              .where('id', '=', row.id)
              .execute();
            if (row.pushSubscription === null) {
              done.push(row.id);
              continue;
            }
          }
        }
        // The mail goes through the outbox, written here in the claim's transaction, and
        // only to the very address that confirmed it wants this organisation's reminders
        // (another +tag or spelling is another mailbox, with a confirmation of its own).
        if (row.email !== null && row.emailKey !== null) {
          const key = row.emailKey;
          const mailbox = exactMailboxKey(await loadReminderKeys(db), row.email);
          const confirmed = (await addressState(trx, row.organizationId, mailbox, now)) === 'confirmed';
          if (confirmed) await queueReminderMail(trx, { ...row, email: row.email, emailKey: key }, now);
          const gone = confirmed
            ? await handedOver(trx, row)
            : await dropUnconfirmedEmail(trx, { ...row, emailKey: key }, now);
          if (gone) continue;
          row.email = null;
          row.emailKey = null;
        }
        claimed.claim(row);
      }
      if (done.length > 0) await trx.deleteFrom('reminders').where('id', 'in', done).execute();
      return ids.length === REMINDER_BATCH;
    },
    afterCommit: claimed.deliverClaimed,
  };

  /**
   * The reminder mail into the outbox (the sender job sends it), with its unsubscribe
   * link; not sent within REMINDER_MAIL_TTL_MS of its time (held, refused), it expires.
   */
  async function queueReminderMail(
    trx: Db,
    r: DueReminder & { email: string; emailKey: string },
    now: number,
  ): Promise<void> {
    const link = { organizationId: r.organizationId, emailKey: r.emailKey, now };
    const token = await issueLinkToken(trx, 'reminderUnsubscribes', link);
    const dataToken = await issueLinkToken(trx, 'reminderDataLinks', link);
    const mail = reminderMail(r, `${r.origin}/unsubscribe/${token}`, dataLinkUrl(r.origin, dataToken));
    await enqueueMail(
      trx,
      config,
      {
        kind: 'reminder',
        organizationId: r.organizationId,
        to: r.email,
        recipientKey: r.emailKey,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
        refId: r.shareId,
        expiresAt: now + REMINDER_MAIL_TTL_MS,
      },
      now,
    );
    count('email', true, r);
  }

  /** The mail is the outbox's now: the row keeps only the push, or goes. True when it went. */
  async function handedOver(trx: Db, r: DueReminder): Promise<boolean> {
    if (r.pushSubscription === null) {
      await trx.deleteFrom('reminders').where('id', '=', r.id).execute();
      return true;
    }
    await trx.updateTable('reminders').set({ email: null, emailKey: null }).where('id', '=', r.id).execute();
    return false;
  }

  /** Sends the browser push the reminder has; never throws, so one failure stops no other. */
  async function deliver(r: DueReminder): Promise<void> {
    let reached = false;
    if (r.pushSubscription) {
      let outcome: PushOutcome = 'failed';
      try {
        const subscription = pushSubscriptionSchema.parse(JSON.parse(r.pushSubscription));
        outcome = await sendPushReminder({
          config,
          keys: await loadReminderKeys(db),
          reminder: r,
          subscription,
        });
      } catch (err) {
        log?.warn({ err, shareId: r.shareId }, 'reminder push failed');
      }
      count('push', outcome === 'sent', r);
      // The push service says the subscription is gone for good: no retry, it goes now.
      if (outcome === 'gone') {
        await settle(db, r, 'expired');
        log?.warn({ shareId: r.shareId }, 'reminder push subscription gone: share expired');
        return;
      }
      reached ||= outcome === 'sent';
    }
    if (!reached) {
      await recordFailure(db, r, opts.now?.() ?? Date.now());
      return;
    }
    await db.transaction().execute(async (trx) => {
      await settle(trx, r, 'reminded');
      await emitReminderSent(trx, r.shareId, 'push');
    });
  }

  /**
   * A try that reached nobody: back to `pending`, due again after the next delay;
   * after the last try the share expires (its moment passed unreminded) and the
   * row, with the address or subscription, goes.
   */
  async function recordFailure(
    q: Db,
    r: { id: number; shareId: number; attempts: number },
    now: number,
  ): Promise<void> {
    const attempts = r.attempts + 1;
    if (attempts < REMINDER_MAX_ATTEMPTS) {
      const delay = REMINDER_RETRY_DELAYS_MS[attempts - 1] ?? REMINDER_RETRY_DELAYS_MS.at(-1) ?? 0;
      await q
        .updateTable('reminders')
        .set({ status: 'pending', attempts, claimedAt: null, dueAt: new Date(now + delay).toISOString() })
        .where('id', '=', r.id)
        .execute();
      log?.warn({ shareId: r.shareId, attempts }, 'reminder will be tried again');
      return;
    }
    await settle(q, r, 'expired');
    log?.warn({ shareId: r.shareId, attempts }, 'reminder given up: share expired');
  }

  /**
   * The reminder's end: its share leaves `pending` for `status` (unless it moved on
   * meanwhile, e.g. posted or rescheduled) and the row, with the address or
   * subscription, goes.
   */
  async function settle(q: Db, r: { id: number; shareId: number }, status: 'reminded' | 'expired') {
    await q.deleteFrom('reminders').where('id', '=', r.id).execute();
    let share = endPendingShare(q, r.shareId, status);
    // Its mail may still be on the way: the outbox settles the share then.
    if (status === 'expired') share = share.where(noMailOnTheWay);
    await share.execute();
  }

  function count(channel: 'email' | 'push', ok: boolean, r: DueReminder): void {
    // An email counted here was handed to the outbox (its own tallies say whether it left).
    if (channel === 'email') ok ? reminderCounters.emailSent++ : reminderCounters.emailFailed++;
    else ok ? reminderCounters.pushSent++ : reminderCounters.pushFailed++;
    if (ok)
      log?.info(
        { shareId: r.shareId, channel },
        channel === 'email' ? 'reminder mail queued' : 'reminder sent',
      );
    else log?.warn({ shareId: r.shareId, channel }, 'reminder not delivered');
  }
}

/** A share none of whose reminder mails is queued, held, sending or sent. */
const noMailOnTheWay = (eb: ExpressionBuilder<Database, 'shares'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('outbox')
        .select('outbox.id')
        .where('outbox.kind', '=', 'reminder')
        .whereRef('outbox.refId', '=', 'shares.id')
        .where('outbox.status', 'in', ['queued', 'held', 'sending', 'sent']),
    ),
  );

/**
 * What a reminder mail's end does to its share (the outbox's hooks for kind
 * `reminder`): sent, the share is `reminded`; never sent (refused, expired), the
 * share is `expired` unless a browser push for it is still being tried.
 */
export const reminderMailOutcomes: OutboxOutcomes = {
  sent: async (q, mail) => {
    if (mail.refId === null) return;
    await endPendingShare(q, mail.refId, 'reminded').execute();
    await emitReminderSent(q, mail.refId, 'email');
  },
  unsent: async (q, mail) => {
    if (mail.refId === null) return;
    await endPendingShare(q, mail.refId, 'expired')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('reminders').select('reminders.id').whereRef('reminders.shareId', '=', 'shares.id'),
          ),
        ),
      )
      .execute();
  },
};

/** `reminder.sent` for the share's organisation: the mail left the outbox, or a push service took the push. */
async function emitReminderSent(q: Db, shareId: number, channel: 'email' | 'push'): Promise<void> {
  const share = await q
    .selectFrom('shares')
    .select(['campaignId', 'organizationId'])
    .where('id', '=', shareId)
    .executeTakeFirst();
  if (!share) return;
  await emitWebhookEvent(q, share.organizationId, 'reminder.sent', {
    shareId,
    campaignId: share.campaignId,
    channel,
    sentAt: new Date().toISOString(),
  });
}

/** The organisations an operator has suspended (their reminders are not sent). */
const suspendedOrganizations = (q: Db) =>
  q.selectFrom('organizations').select('id').where('suspendedAt', 'is not', null);

/**
 * The reminders of a suspended organisation (or, with `organizationId` null, of every
 * suspended one, up to `limit`) whose moment has passed (due more than
 * REMINDER_MAIL_TTL_MS ago) are not sent: their shares expire, an email one is
 * recorded as an `expired` outbox row with the reason `organization-suspended`, and
 * the row goes with its address or subscription. Called at an organisation's restore
 * (the others go with the next run of the job) and by the reminder-data retention job
 * while it stays suspended.
 */
export async function expireOverdueReminders(
  q: Db,
  organizationId: number | null,
  now = Date.now(),
  limit?: number,
): Promise<number> {
  let due = q
    .selectFrom('reminders')
    .select(['id', 'shareId', 'organizationId', 'emailKey'])
    .where('status', '=', 'pending')
    .where('dueAt', '<=', isoBefore(REMINDER_MAIL_TTL_MS, now));
  due =
    organizationId === null
      ? due.where('organizationId', 'in', suspendedOrganizations(q))
      : due.where('organizationId', '=', organizationId);
  if (limit !== undefined) due = due.orderBy('dueAt').limit(limit);
  const overdue = await due.execute();
  for (const r of overdue) {
    if (r.emailKey !== null)
      await recordUnsentReminder(q, { ...r, emailKey: r.emailKey }, OUTBOX_REASON.organizationSuspended, now);
    await q.deleteFrom('reminders').where('id', '=', r.id).execute();
    await endPendingShare(q, r.shareId, 'expired').execute();
  }
  return overdue.length;
}

/** A claimed row's language, and the asset's words in it (the default's where none are given). */
function inScheduledLanguage(row: {
  shareLanguage: string | null;
  campaignLanguage: string;
  assetType: string;
  assetContent: string;
  assetShareText: string | null;
  assetDescription: string | null;
  assetTranslations: string | null;
}): Pick<DueReminder, 'locale' | 'assetContent' | 'assetShareText' | 'assetDescription'> {
  const locale: Locale = isLocale(row.shareLanguage)
    ? row.shareLanguage
    : isLocale(row.campaignLanguage)
      ? row.campaignLanguage
      : DEFAULT_LOCALE;
  const words = resolvedWords(
    {
      type: row.assetType,
      content: row.assetContent,
      shareText: row.assetShareText,
      description: row.assetDescription,
    },
    storedTranslations(row.assetTranslations),
    locale,
  );
  return {
    locale,
    assetContent: words.content,
    assetShareText: words.shareText,
    assetDescription: words.description,
  };
}
