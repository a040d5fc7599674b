import { type ExpressionBuilder, sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { DialectName } from '../../db/dialect.ts';
import { addressKey, loadAddressKeySecret } from '../../lib/address-key.ts';
import { tooManyRequests } from '../../lib/errors.ts';

// The outbox (docs/decisions/0024-outbox.md): every mail the server sends is a row,
// written in the transaction of the change that caused it; the sender job
// (outbox.job.ts) sends it. Budgets are counted from these rows, so every instance on
// the database shares them.

export type OutboxStatus = 'queued' | 'held' | 'sending' | 'sent' | 'failed' | 'expired' | 'dropped';

/** Why a row is held, failed, expired or dropped (the `reason` column). */
export const OUTBOX_REASON = {
  /** The organisation is younger than MAIL_HOLD_NEW_ORGS_HOURS; released when it is old enough. */
  newOrganization: 'new-organization',
  /**
   * An operator suspended the organisation: released when it is restored, expired
   * (keeping this reason) if its time passes first.
   */
  organizationSuspended: 'organization-suspended',
  /** A daily budget was spent when the sender came to it; tried again an hour later. */
  budgetRecipient: 'budget-recipient',
  budgetOrganization: 'budget-organization',
  budgetInstance: 'budget-instance',
  /** The reminder's address never confirmed: nothing but the confirmation mail goes to it. */
  addressUnconfirmed: 'address-unconfirmed',
  /** The address's data was erased on request (modules/privacy/supporter-data.ts): never sent. */
  erased: 'erased-on-request',
  /** Its time passed while it waited (held or queued). */
  notSentInTime: 'not-sent-in-time',
  /** The mail server refused it on every try. */
  refused: 'refused-by-mail-server',
  /** Its recipient no longer wants it when it is to leave (a member who left, a switch turned off). */
  notWanted: 'no-longer-wanted',
  /** An operator dropped it (dropHeldMail). */
  operator: 'dropped-by-operator',
} as const;

export type BudgetScope = 'recipient' | 'organization' | 'instance';

/**
 * Mail about a person's own account (organizationId null). It has budgets of its own:
 * per recipient and per instance, counted over account mail only, so an
 * organisation's reminder volume never blocks a password reset and a stranger's
 * resets never spend an organisation's budget. Never held for a new organisation.
 */
export const ACCOUNT_MAIL = {
  passwordReset: 'password-reset',
  emailConfirm: 'email-confirm',
  emailChanged: 'email-changed',
} as const;

/**
 * Kinds no budget refuses or holds (they still count): the notice to an account's
 * old address that its email changed, the owner's alarm, which only a change the
 * account's password allowed can cause.
 */
export const BUDGET_EXEMPT_KINDS: readonly string[] = [ACCOUNT_MAIL.emailChanged];

/** The row reason of a mail a spent budget held or dropped. */
export const BUDGET_REASON: Record<BudgetScope, string> = {
  recipient: OUTBOX_REASON.budgetRecipient,
  organization: OUTBOX_REASON.budgetOrganization,
  instance: OUTBOX_REASON.budgetInstance,
};

/** Statuses that never carried a message out: they do not spend a budget. */
const UNSPENT: OutboxStatus[] = ['expired', 'dropped'];
/** Advisory lock class of the mail budgets (two-int form): one key per organisation, 0 for account mail. */
const BUDGET_LOCK_CLASS = 0x4d41494c; // 'MAIL'

export const BUDGET_REFUSED: Record<BudgetScope, string> = {
  recipient: 'This address has been sent as many emails today as it may be; try again later',
  organization: 'This organization has sent as many emails today as it may; try again later',
  instance: 'This server has sent as many emails today as it may; try again later',
};

/** A mail to put in the outbox. */
export interface OutgoingMail {
  kind: string;
  organizationId: number | null;
  to: string;
  /** addressKey() of `to`. */
  recipientKey: string;
  /** The instance's own words: never campaign or organisation text. */
  subject: string;
  text: string;
  headers?: Record<string, string>;
  refId?: number | null;
  /** Not before (default: now). */
  notBefore?: number;
  /** Not sent by then: expired. */
  expiresAt: number;
}

/** Holds that mean the mail may never leave: it spends only its own organisation's budget. */
const MAY_NEVER_LEAVE: string[] = [OUTBOX_REASON.newOrganization, OUTBOX_REASON.organizationSuspended];

/**
 * Why an organisation's mail must wait now, or null: the organisation is suspended,
 * or still too young for its mail to leave.
 */
export async function organizationHold(
  q: Db,
  config: Config,
  organizationId: number | null,
  now: number,
): Promise<string | null> {
  if (organizationId === null) return null;
  const org = await q
    .selectFrom('organizations')
    .select(['createdAt', 'suspendedAt'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!org) return null;
  if (org.suspendedAt) return OUTBOX_REASON.organizationSuspended;
  const young = config.mailHoldNewOrgsMs > 0 && Date.parse(org.createdAt) > now - config.mailHoldNewOrgsMs;
  return young ? OUTBOX_REASON.newOrganization : null;
}

/**
 * Writes one mail into the outbox, in the caller's transaction: `queued`, or `held`
 * while its organisation is suspended (reason organization-suspended) or younger than
 * the hold (new-organization).
 */
export async function enqueueMail(
  q: Db,
  config: Config,
  mail: OutgoingMail,
  now = Date.now(),
): Promise<{ id: number; status: OutboxStatus }> {
  const hold = await organizationHold(q, config, mail.organizationId, now);
  const status: OutboxStatus = hold ? 'held' : 'queued';
  const row = await q
    .insertInto('outbox')
    .values({
      channel: 'email',
      kind: mail.kind,
      organizationId: mail.organizationId,
      recipient: mail.to,
      recipientKey: mail.recipientKey,
      refId: mail.refId ?? null,
      subject: mail.subject,
      body: mail.text,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      status,
      reason: hold,
      heldAt: hold ? new Date(now).toISOString() : null,
      nextAttemptAt: new Date(mail.notBefore ?? now).toISOString(),
      expiresAt: new Date(mail.expiresAt).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, status };
}

/**
 * Records a mail the server decided not to send (no address, no body: nothing
 * personal), so every outcome has a row and a reason.
 */
export async function recordUnsentMail(
  q: Db,
  mail: {
    kind: string;
    organizationId: number | null;
    recipientKey: string;
    subject: string;
    refId?: number | null;
    status: 'expired' | 'dropped';
    reason: string;
  },
  now = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString();
  await q
    .insertInto('outbox')
    .values({
      channel: 'email',
      kind: mail.kind,
      organizationId: mail.organizationId,
      recipient: null,
      recipientKey: mail.recipientKey,
      refId: mail.refId ?? null,
      subject: mail.subject,
      body: null,
      status: mail.status,
      reason: mail.reason,
      nextAttemptAt: at,
      expiresAt: at,
      createdAt: at,
    })
    .execute();
}

/**
 * Serialises budget checks of one organisation (PostgreSQL: a transaction-scoped
 * advisory lock; SQLite has one writer), so two instances cannot both take the last
 * mail of a budget. Call inside the transaction that writes the mail.
 */
export async function lockMailBudget(q: Db, dialect: DialectName, organizationId: number | null) {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${BUDGET_LOCK_CLASS}::int4, ${organizationId ?? 0}::int4)`.execute(
    q,
  );
}

interface SpentFilter {
  /** Account mail (organizationId null) and organisations' mail are counted apart. */
  account: boolean;
  recipientKey?: string;
  organizationId?: number | null;
  /**
   * 'written' (scheduling): mail written since `since` and not unspent, plus mail sent
   * since then that was written before (held mail released later). Mail still held for
   * a new organisation counts only against its own organisation (`includeHeld`): it
   * may never leave, so it spends nobody else's budget. 'sent' (the sender): mail sent
   * since `since`.
   */
  by: 'written' | 'sent';
  since: string;
  includeHeld?: boolean;
}

/** Mails counted against a budget since `since`: with the time the oldest one began to count. */
async function spent(q: Db, f: SpentFilter): Promise<{ n: number; oldest: string | null }> {
  const sentSince = (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([eb('status', '=', 'sent'), eb('sentAt', '>', f.since)]);
  let query = q.selectFrom('outbox').select((eb) => [
    eb.fn.countAll<number | string>().as('n'),
    // Scheduling: a row written in the window counts from then, one written before from
    // its sending; the sender: from its sending.
    eb.fn
      .min(
        f.by === 'sent'
          ? eb.ref('sentAt')
          : eb.case().when('createdAt', '>', f.since).then(eb.ref('createdAt')).else(eb.ref('sentAt')).end(),
      )
      .as('oldest'),
  ]);
  if (f.by === 'sent') query = query.where(sentSince);
  else
    query = query.where((eb) => {
      const written = [eb('createdAt', '>', f.since), eb('status', 'not in', UNSPENT)];
      if (!f.includeHeld)
        written.push(
          eb.or([
            eb('status', '!=', 'held'),
            eb('reason', 'is', null),
            eb('reason', 'not in', MAY_NEVER_LEAVE),
          ]),
        );
      return eb.or([eb.and(written), sentSince(eb)]);
    });
  // Mail only: webhook messages (channel 'webhook') spend no mail budget.
  query = query.where('channel', '=', 'email').where('organizationId', f.account ? 'is' : 'is not', null);
  if (f.recipientKey !== undefined) query = query.where('recipientKey', '=', f.recipientKey);
  if (f.organizationId !== undefined && f.organizationId !== null)
    query = query.where('organizationId', '=', f.organizationId);
  const row = await query.executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

export interface BudgetVerdict {
  scope: BudgetScope;
  /** Seconds until the oldest counted mail leaves the day's window. */
  retryAfterSeconds: number;
}

/**
 * The first daily budget (recipient, organisation, instance) that `extra` more mails
 * would pass, or null. `by: 'written'` counts what scheduling has committed (mail
 * queued or sent, and a new organisation's held mail against that organisation only);
 * `'sent'` counts what left (the sender).
 */
export async function budgetExceeded(
  q: Db,
  config: Config,
  target: { recipientKey: string; organizationId: number | null },
  opts: {
    by: 'written' | 'sent';
    now?: number;
    extra?: { recipient: number; organization: number; instance: number };
  },
): Promise<BudgetVerdict | null> {
  const now = opts.now ?? Date.now();
  const since = new Date(now - DAY_MS).toISOString();
  const extra = opts.extra ?? { recipient: 0, organization: 0, instance: 0 };
  const checks: [BudgetScope, Omit<SpentFilter, 'account' | 'by' | 'since'> | null, number, number][] = [
    ['recipient', { recipientKey: target.recipientKey }, config.mailBudgets.recipient, extra.recipient],
    [
      'organization',
      target.organizationId === null ? null : { organizationId: target.organizationId, includeHeld: true },
      config.mailBudgets.organization,
      extra.organization,
    ],
    ['instance', {}, config.mailBudgets.instance, extra.instance],
  ];
  for (const [scope, filter, budget, more] of checks) {
    if (!filter) continue;
    const account = target.organizationId === null;
    const { n, oldest } = await spent(q, { ...filter, account, by: opts.by, since });
    if (n + more >= budget) {
      const frees = oldest ? Date.parse(oldest) + DAY_MS : now + DAY_MS;
      return { scope, retryAfterSeconds: Math.max(1, Math.ceil((frees - now) / 1000)) };
    }
  }
  return null;
}

/** The 429 (with Retry-After) of a spent budget. */
export const budgetRefusal = (over: BudgetVerdict) =>
  tooManyRequests(BUDGET_REFUSED[over.scope], over.retryAfterSeconds * 1000, over.scope);

/** 429 with Retry-After when one more mail to this recipient from this organisation would pass a budget. */
export async function assertMailBudget(
  q: Db,
  config: Config,
  target: { recipientKey: string; organizationId: number | null },
  now = Date.now(),
): Promise<void> {
  const over = await budgetExceeded(q, config, target, { by: 'written', now });
  if (over) throw budgetRefusal(over);
}

/** What queueMail needs besides the transaction. */
export interface MailContext {
  dialect: DialectName;
  config: Config;
}

/** A service's view of mail: the outbox's context, and whether mail is on at all. */
export type MailSetup = MailContext & { enabled: boolean };

/**
 * Writes one mail into the outbox in the caller's transaction, within its budgets
 * (counted from the rows written in the last day, serialised per organisation, or for
 * all account mail, by lockMailBudget). Over a budget, `ifOver: 'refuse'` throws the
 * 429 (the caller's transaction, and whatever the mail was about, is rolled back);
 * `'drop'` records the mail as dropped with the budget's reason, keeps no address or
 * body, and answers null (the caller answers as if it were sent: a password reset
 * must not tell whether it went). Exempt kinds are never refused.
 */
export async function queueMail(
  q: Db,
  ctx: MailContext,
  mail: Omit<OutgoingMail, 'recipientKey'>,
  ifOver: 'refuse' | 'drop',
  now = Date.now(),
): Promise<{ id: number; status: OutboxStatus } | null> {
  const recipientKey = addressKey(await loadAddressKeySecret(q), mail.to);
  if (!BUDGET_EXEMPT_KINDS.includes(mail.kind)) {
    await lockMailBudget(q, ctx.dialect, mail.organizationId);
    const target = { recipientKey, organizationId: mail.organizationId };
    const over = await budgetExceeded(q, ctx.config, target, { by: 'written', now });
    if (over && ifOver === 'refuse') throw budgetRefusal(over);
    if (over) {
      const { kind, organizationId, subject, refId } = mail;
      const reason = BUDGET_REASON[over.scope];
      await recordUnsentMail(
        q,
        { kind, organizationId, recipientKey, subject, refId, status: 'dropped', reason },
        now,
      );
      return null;
    }
  }
  return enqueueMail(q, ctx.config, { ...mail, recipientKey }, now);
}

/** Which held rows an operator acts on: all of one organisation, or these ids. */
export type HeldSelection = { organizationId: number } | { ids: number[] };

function heldRows(db: Db, which: HeldSelection) {
  let q = db.updateTable('outbox').where('channel', '=', 'email').where('status', '=', 'held');
  if ('organizationId' in which) q = q.where('organizationId', '=', which.organizationId);
  else q = q.where('id', 'in', which.ids.length > 0 ? which.ids : [-1]);
  return q;
}

/**
 * Lets held mail go now (for the operators' console): held rows of the selection
 * become `queued` and the sender takes them on its next tick. Budgets still apply
 * when they are sent. Answers how many were released.
 */
export async function releaseHeldMail(db: Db, which: HeldSelection): Promise<number> {
  const res = await heldRows(db, which)
    .set({ status: 'queued', reason: null, heldAt: null, nextAttemptAt: new Date().toISOString() })
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Drops held mail unsent (for the operators' console): address and body go, the row stays with its reason. */
export async function dropHeldMail(db: Db, which: HeldSelection): Promise<number> {
  const res = await heldRows(db, which)
    .set({ status: 'dropped', reason: OUTBOX_REASON.operator, recipient: null, body: null, headers: null })
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * An organisation suspended: its mail waiting to leave (queued, or held for another
 * reason) is held as `organization-suspended`, keeping the time it began to wait.
 * The sender's sweep still expires what passes its time, with this reason.
 */
export async function holdOrganizationMail(
  db: Db,
  organizationId: number,
  now = Date.now(),
): Promise<number> {
  const res = await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'held',
      reason: OUTBOX_REASON.organizationSuspended,
      heldAt: eb.fn.coalesce('heldAt', eb.val(new Date(now).toISOString())),
    }))
    .where('organizationId', '=', organizationId)
    .where('channel', '=', 'email')
    .where('status', 'in', ['queued', 'held'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * An organisation restored: the mail its suspension held goes again (queued, in the
 * order it was due; the budgets still apply when sent), or waits for the new
 * organisation's hold if it is still that young. Mail past its time stays for the
 * sender's sweep, which expires it with the suspension's reason.
 */
export async function releaseOrganizationMail(
  db: Db,
  config: Config,
  organizationId: number,
  now = Date.now(),
): Promise<number> {
  const hold = await organizationHold(db, config, organizationId, now);
  const res = await db
    .updateTable('outbox')
    .set(hold ? { reason: hold } : { status: 'queued', reason: null, heldAt: null })
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'held')
    .where('reason', '=', OUTBOX_REASON.organizationSuspended)
    .where('expiresAt', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
