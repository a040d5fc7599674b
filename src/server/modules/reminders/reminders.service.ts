import { isLocale } from '#shared/locales.ts';
import type { ReminderRequest } from '#shared/schemas/reminders.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { allowAnyAddress, checkDestination, refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { nowIso } from '../../lib/time.ts';
import { hashToken } from '../auth/index.ts';
import { assertMailBudget, lockMailBudget } from '../outbox/index.ts';
import { getSettings } from '../settings/index.ts';
import { addressState, requestConfirmation } from './reminder-addresses.ts';
import { emailKey, exactMailboxKey, loadReminderKeys } from './reminder-keys.ts';

/** Email reminders one address may have waiting per organisation: scheduling cannot flood a mailbox. */
export const MAX_PENDING_EMAIL_REMINDERS = 3;

export const REMINDER_REFUSED = {
  noCollect: 'This organization does not collect supporter information, so it cannot email you a reminder',
  noMail: 'Email reminders are not available on this server',
  noOrigin: 'Reminders need the public address of this site (PUBLIC_URL)',
  tooMany: `This address already has ${MAX_PENDING_EMAIL_REMINDERS} reminders waiting in this organization; wait until one is sent`,
  unsubscribed: 'This address has unsubscribed from reminders of this organization',
  pushEndpoint: 'push.endpoint: Push endpoint must be a public https address on port 443',
} as const;

/**
 * Where the server may send pushes: https on a public address, refused like
 * upload-from-url. ALLOW_PRIVATE_FETCH (tests only, off by default) lets a local
 * test server through, over plain http too.
 */
export function pushDestination(config: Config) {
  return config.allowPrivateFetch
    ? { protocols: ['https:', 'http:'], policy: allowAnyAddress }
    : { protocols: ['https:'], policy: refusePrivateAddress };
}

/**
 * Push services listen on https's own port: an endpoint on any other port (`:22`,
 * `:8443`) is refused, so the server cannot be pointed at arbitrary services of a
 * public host. With PUSH_SERVICE_HOSTS set, the host must also be one of those (or a
 * subdomain of one). ALLOW_PRIVATE_FETCH (tests only) lets a local test server through.
 */
export function pushEndpointAllowed(endpoint: string, config: Config): boolean {
  if (config.allowPrivateFetch) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const hosts = config.pushServiceHosts;
  if (!hosts?.length) return true;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** A checked reminder request, ready to store beside its share. */
export interface ReminderValues {
  organizationId: number;
  email: string | null;
  emailKey: string | null;
  pushSubscription: string | null;
  origin: string;
}

/** A checked reminder request and how to save it in the share's transaction. */
export interface CheckedReminder {
  values: ReminderValues;
  save(q: Db, share: { id: number; scheduledFor: string }): Promise<void>;
}

/**
 * Checks a reminder request before its share is written (so a refusal writes
 * nothing): email only when the organisation collects supporter information and
 * the server can send mail; a push endpoint only where pushDestination allows.
 * Saving (in the share's transaction) checks the mail budgets and, for an address
 * not yet confirmed here, writes the confirmation mail.
 */
export async function checkReminder(opts: {
  db: Db;
  dialect: DialectName;
  config: Config;
  mailer: Mailer;
  organizationId: number;
  reminder: ReminderRequest;
  origin: string;
  /** The share this request reschedules: its reminder goes, so it does not count toward the cap. */
  replaces?: number;
}): Promise<CheckedReminder> {
  const { db, dialect, config, mailer, organizationId, reminder } = opts;
  if (!opts.origin) throw badRequest('PUBLIC_URL_MISSING', REMINDER_REFUSED.noOrigin);
  let key: string | null = null;
  let mailbox: string | null = null;
  if (reminder.email !== undefined) {
    const settings = await getSettings(db, organizationId);
    if (!settings.supporters.collectInfo)
      throw badRequest('SUPPORTER_INFO_NOT_COLLECTED', REMINDER_REFUSED.noCollect);
    if (!mailer.enabled) throw badRequest('MAIL_NOT_CONFIGURED', REMINDER_REFUSED.noMail);
    const keys = await loadReminderKeys(db);
    key = emailKey(keys, reminder.email);
    mailbox = exactMailboxKey(keys, reminder.email);
    await checkAddressMayBeMailed(db, organizationId, key, opts.replaces);
  }
  if (reminder.push) {
    if (!pushEndpointAllowed(reminder.push.endpoint, config))
      throw badRequest('PUSH_ENDPOINT_REFUSED', REMINDER_REFUSED.pushEndpoint);
    try {
      await checkDestination(reminder.push.endpoint, pushDestination(config));
    } catch (err) {
      // One message whatever the reason: anonymous callers learn nothing about what
      // a name resolves to inside the server's network.
      if (err instanceof HttpError) throw badRequest('PUSH_ENDPOINT_REFUSED', REMINDER_REFUSED.pushEndpoint);
      throw err;
    }
  }
  const values: ReminderValues = {
    organizationId,
    email: reminder.email ?? null,
    emailKey: key,
    pushSubscription: reminder.push ? JSON.stringify(reminder.push) : null,
    origin: opts.origin,
  };
  return {
    values,
    save: (q, share) => saveReminder(q, { config, dialect }, share, values, mailbox),
  };
}

/** Refuses an address that unsubscribed here, or that already has the most reminders waiting. */
async function checkAddressMayBeMailed(db: Db, organizationId: number, key: string, replaces?: number) {
  const suppressed = await db
    .selectFrom('reminderSuppressions')
    .select('id')
    .where('organizationId', '=', organizationId)
    .where('emailKey', '=', key)
    .executeTakeFirst();
  if (suppressed) throw badRequest('REMINDER_UNSUBSCRIBED', REMINDER_REFUSED.unsubscribed);
  let waiting = db
    .selectFrom('reminders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('emailKey', '=', key);
  if (replaces !== undefined) waiting = waiting.where('shareId', '!=', replaces);
  const { n } = await waiting.executeTakeFirstOrThrow();
  if (Number(n) >= MAX_PENDING_EMAIL_REMINDERS)
    throw badRequest('REMINDER_LIMIT_REACHED', REMINDER_REFUSED.tooMany, {
      params: { limit: MAX_PENDING_EMAIL_REMINDERS },
    });
}

/**
 * Stores a reminder beside its share, in the share's transaction. An email reminder
 * must fit the daily mail budgets of its normalised address (429 otherwise, so the
 * share is not written either), unless its exact address already has a confirmation
 * on the way; an exact address not confirmed in this organisation gets the
 * confirmation mail, and nothing else until it confirms.
 */
async function saveReminder(
  q: Db,
  ctx: { config: Config; dialect: DialectName },
  share: { id: number; scheduledFor: string },
  values: ReminderValues,
  /** exactMailboxKey of the email: the address that must confirm. */
  mailboxKey: string | null,
) {
  await q
    .insertInto('reminders')
    .values({ ...values, shareId: share.id, dueAt: share.scheduledFor, createdAt: nowIso() })
    .execute();
  const { email, emailKey: key, organizationId } = values;
  if (email === null || key === null || mailboxKey === null) return;
  await lockMailBudget(q, ctx.dialect, organizationId);
  const state = await addressState(q, organizationId, mailboxKey);
  if (state === 'pending') return;
  await assertMailBudget(q, ctx.config, { recipientKey: key, organizationId });
  if (state === 'none') {
    // Worded in the language of the page the share was scheduled from.
    const scheduled = await q
      .selectFrom('shares')
      .select('language')
      .where('id', '=', share.id)
      .executeTakeFirst();
    await requestConfirmation(q, ctx.config, {
      organizationId,
      emailKey: key,
      mailboxKey,
      email,
      origin: values.origin,
      locale: isLocale(scheduled?.language) ? scheduled.language : undefined,
    });
  }
}

export type UnsubscribeOutcome = 'unsubscribed' | 'used' | 'unknown';

/**
 * What an unsubscribe link would do, without doing it: opening the link (a GET,
 * which mail scanners make too) only shows the button; the POST unsubscribes.
 */
export async function unsubscribeLinkState(db: Db, token: string): Promise<'live' | 'used' | 'unknown'> {
  const link = await db
    .selectFrom('reminderUnsubscribes')
    .select('usedAt')
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link) return 'unknown';
  return link.usedAt ? 'used' : 'live';
}

/**
 * Spends an unsubscribe token: every reminder still pending for that address in that
 * organisation loses the address (and goes, unless it also has a browser
 * subscription), and its keyed hash joins the organisation's suppression list, so
 * scheduling cannot mail it again.
 */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeOutcome> {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('reminderUnsubscribes')
      .set({ usedAt: nowIso() })
      .where('tokenHash', '=', hashToken(token))
      .where('usedAt', 'is', null)
      .returning(['organizationId', 'emailKey'])
      .executeTakeFirst();
    if (!link) {
      const used = await trx
        .selectFrom('reminderUnsubscribes')
        .select('id')
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirst();
      return used ? 'used' : 'unknown';
    }
    await trx
      .insertInto('reminderSuppressions')
      .values({ organizationId: link.organizationId, emailKey: link.emailKey, createdAt: nowIso() })
      .onConflict((oc) => oc.columns(['organizationId', 'emailKey']).doNothing())
      .execute();
    await trx
      .updateTable('reminders')
      .set({ email: null, emailKey: null })
      .where('status', '=', 'pending')
      .where('organizationId', '=', link.organizationId)
      .where('emailKey', '=', link.emailKey)
      .execute();
    await trx
      .deleteFrom('reminders')
      .where('status', '=', 'pending')
      .where('email', 'is', null)
      .where('pushSubscription', 'is', null)
      .execute();
    // Its confirmation is over too: the suppression list keeps it out from now on.
    await trx
      .deleteFrom('reminderAddresses')
      .where('organizationId', '=', link.organizationId)
      .where('emailKey', '=', link.emailKey)
      .execute();
    return 'unsubscribed';
  });
}
