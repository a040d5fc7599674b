import { DAY_MS } from '#shared/durations.ts';
import { DEFAULT_LOCALE } from '#shared/locales.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { MailMessage } from '../../lib/mail.ts';
import type { MessageLocale } from '../../lib/messages.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { enqueueMail, OUTBOX_REASON, recordUnsentMail } from '../outbox/index.ts';
import { endPendingShare } from './pending-share.ts';
import { exactMailboxKey, type ReminderKeys } from './reminder-keys.ts';
import { reminderWords } from './reminder-words.ts';

// A reminder address is confirmed by its recipient before anything else is sent to
// it (docs/decisions/0024-outbox.md): the first email reminder to an address in an
// organisation sends only a short confirmation mail in the instance's own words; its
// link confirms the address. Unconfirmed addresses get nothing more, and lapse.

/** The subjects in English: what the outbox's records (held mail, unsent reminders) show staff. */
export const CONFIRM_SUBJECT = reminderWords('en', 'confirmSubject');
export const REMINDER_SUBJECT = reminderWords('en', 'subject');

export type AddressState = 'confirmed' | 'pending' | 'none';

/**
 * Whether this exact mailbox (mailboxKey: the address as typed, domain case aside)
 * confirmed reminders from this organisation, or was asked to. `alice@` confirming
 * says nothing of `alice+bob@`: that one is asked itself.
 */
export async function addressState(q: Db, organizationId: number, mailboxKey: string, now = Date.now()) {
  const row = await q
    .selectFrom('reminderAddresses')
    .select(['status', 'expiresAt'])
    .where('organizationId', '=', organizationId)
    .where('mailboxKey', '=', mailboxKey)
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.status === 'confirmed') return 'confirmed';
  return row.expiresAt && Date.parse(row.expiresAt) > now ? 'pending' : 'none';
}

/** The confirmation mail: the instance's words only (no organisation or campaign text), and the link. */
export function confirmationMail(
  to: string,
  link: string,
  host: string,
  days: number,
  locale: MessageLocale = DEFAULT_LOCALE,
): MailMessage {
  return {
    to,
    subject: reminderWords(locale, 'confirmSubject'),
    text: [
      reminderWords(locale, 'confirmAsked', { host }),
      '',
      reminderWords(locale, 'confirmHow', { days }),
      link,
      '',
      reminderWords(locale, 'confirmNotYou'),
    ].join('\n'),
  };
}

/**
 * Asks the address to confirm, in the caller's transaction: a new link (its token
 * stored hashed) and the confirmation mail in the outbox, both lapsing after
 * REMINDER_CONFIRMATION_DAYS. A lapsed earlier request is replaced.
 */
export async function requestConfirmation(
  q: Db,
  config: Config,
  a: {
    organizationId: number;
    emailKey: string;
    mailboxKey: string;
    email: string;
    origin: string;
    /** The language of the page the supporter scheduled from. */
    locale?: MessageLocale;
  },
  now = Date.now(),
): Promise<void> {
  const token = newToken();
  const expiresAt = now + config.reminderConfirmationMs;
  const values = {
    status: 'pending',
    tokenHash: hashToken(token),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    confirmedAt: null,
  };
  const row = await q
    .insertInto('reminderAddresses')
    .values({ organizationId: a.organizationId, emailKey: a.emailKey, mailboxKey: a.mailboxKey, ...values })
    .onConflict((oc) => oc.columns(['organizationId', 'mailboxKey']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  const days = Math.round(config.reminderConfirmationMs / DAY_MS);
  const mail = confirmationMail(a.email, confirmUrl(a.origin, token), new URL(a.origin).host, days, a.locale);
  await enqueueMail(
    q,
    config,
    {
      kind: 'reminder-confirm',
      organizationId: a.organizationId,
      to: a.email,
      recipientKey: a.emailKey,
      subject: mail.subject,
      text: mail.text,
      refId: row.id,
      expiresAt,
    },
    now,
  );
}

export const confirmUrl = (origin: string, token: string) => `${origin}/reminders/confirm/${token}`;

export type ConfirmOutcome =
  | { outcome: 'confirmed'; organizationName: string }
  | { outcome: 'already'; organizationName: string }
  | { outcome: 'unknown' };

/** What a confirmation link is (GET: nothing changes; a mail scanner may follow it). */
export async function lookUpConfirmation(db: Db, token: string, now = Date.now()): Promise<ConfirmOutcome> {
  const row = await db
    .selectFrom('reminderAddresses as ra')
    .innerJoin('organizations as o', 'o.id', 'ra.organizationId')
    .select(['ra.status', 'ra.expiresAt', 'o.name'])
    .where('ra.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { outcome: 'unknown' };
  if (row.status === 'confirmed') return { outcome: 'already', organizationName: row.name };
  if (!row.expiresAt || Date.parse(row.expiresAt) <= now) return { outcome: 'unknown' };
  return { outcome: 'confirmed', organizationName: row.name };
}

/** Spends a confirmation link (POST from its page): the address may now get this organisation's reminders. */
export async function confirmAddress(db: Db, token: string, now = Date.now()): Promise<ConfirmOutcome> {
  const at = new Date(now).toISOString();
  const done = await db
    .updateTable('reminderAddresses')
    .set({ status: 'confirmed', confirmedAt: at, expiresAt: null })
    .where('tokenHash', '=', hashToken(token))
    .where('status', '=', 'pending')
    .where('expiresAt', '>', at)
    .returning('organizationId')
    .executeTakeFirst();
  if (!done) return lookUpConfirmation(db, token, now);
  const org = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', done.organizationId)
    .executeTakeFirstOrThrow();
  return { outcome: 'confirmed', organizationName: org.name };
}

/**
 * Up to `limit` addresses that did not confirm in time (in the reminder-data retention
 * job's transaction): every pending reminder to that exact mailbox loses the address
 * and, with no browser subscription left, goes, its share `expired`; each gets an
 * outbox row `expired` with reason `address-unconfirmed` (no address kept). Reminders
 * to another spelling of the address (its own confirmation) are left alone. The
 * request itself is forgotten, so a later reminder asks again.
 */
export async function expireUnconfirmedAddresses(
  q: Db,
  keys: ReminderKeys,
  now: number,
  limit: number,
): Promise<number> {
  const ids = await q
    .selectFrom('reminderAddresses')
    .select('id')
    .where('status', '=', 'pending')
    .where('expiresAt', '<=', new Date(now).toISOString())
    .orderBy('expiresAt')
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  const lapsed = await q
    .deleteFrom('reminderAddresses')
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .returning(['organizationId', 'emailKey', 'mailboxKey'])
    .execute();
  for (const a of lapsed) {
    const reminders = await q
      .selectFrom('reminders')
      .select(['id', 'shareId', 'pushSubscription', 'email'])
      .where('status', '=', 'pending')
      .where('organizationId', '=', a.organizationId)
      .where('emailKey', '=', a.emailKey)
      .execute();
    for (const r of reminders) {
      if (r.email !== null && exactMailboxKey(keys, r.email) === a.mailboxKey)
        await dropUnconfirmedEmail(q, { ...r, organizationId: a.organizationId, emailKey: a.emailKey }, now);
    }
  }
  return lapsed.length;
}

/** A reminder mail that will never be sent: an `expired` outbox row with its reason, no address. */
export const recordUnsentReminder = (
  q: Db,
  r: { shareId: number; organizationId: number; emailKey: string },
  reason: string,
  now: number,
) =>
  recordUnsentMail(
    q,
    {
      kind: 'reminder',
      organizationId: r.organizationId,
      recipientKey: r.emailKey,
      subject: REMINDER_SUBJECT,
      refId: r.shareId,
      status: 'expired',
      reason,
    },
    now,
  );

/**
 * A reminder whose address is not confirmed: the address goes unused (recorded as an
 * `expired` outbox row); with no browser subscription left the row goes and the share
 * expires. True when the row was deleted.
 */
export async function dropUnconfirmedEmail(
  q: Db,
  r: {
    id: number;
    shareId: number;
    organizationId: number;
    emailKey: string;
    pushSubscription: string | null;
  },
  now: number,
): Promise<boolean> {
  await recordUnsentReminder(q, r, OUTBOX_REASON.addressUnconfirmed, now);
  if (r.pushSubscription !== null) {
    await q.updateTable('reminders').set({ email: null, emailKey: null }).where('id', '=', r.id).execute();
    return false;
  }
  await q.deleteFrom('reminders').where('id', '=', r.id).execute();
  await endPendingShare(q, r.shareId, 'expired').execute();
  return true;
}
