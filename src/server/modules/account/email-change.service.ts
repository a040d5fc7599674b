import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_CHANGE_INVALID,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_CONFIRM_HOURS,
  EMAIL_UNDO_DAYS,
  type EmailChangeResult,
} from '#shared/schemas/account.ts';
import type { ProfileUpdateInput, ProfileUpdate } from '#shared/schemas/auth.ts';
import { emailChangedMail, emailConfirmMail } from './account-words.ts';
import { secureAccount } from './account-recovery.ts';
import type { Db } from '../../db/client.ts';
import { auditedTransaction, recordAudit } from '../../lib/audit.ts';
import { memberMailLocale } from '../../lib/member-locale.ts';
import { countInWindow } from '../../lib/attempt-window.ts';
import { HttpError, tooManyRequests } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import {
  countLoginAttempt,
  forgiveLoginAttempt,
  hashToken,
  LOGIN_WINDOW_MS,
  newToken,
  toPublicUser,
  type UserRow,
  verifyPassword,
} from '../auth/index.ts';
import { ACCOUNT_MAIL, type MailSetup, queueMail } from '../outbox/index.ts';

// A stolen session must not become the account: the email is where password resets
// go, so changing it needs the current password, takes effect only when the link
// mailed to the new address is followed, and the old address is then told, with a
// link that puts it back and signs every session out. Each step is in the audit log.

const HOUR_MS = 60 * 60 * 1000;
export const CONFIRM_LIFETIME_MS = EMAIL_CONFIRM_HOURS * HOUR_MS;
export const UNDO_LIFETIME_MS = EMAIL_UNDO_DAYS * 24 * HOUR_MS;

export const confirmEmailUrl = (origin: string, token: string) => `${origin}/confirm-email/${token}`;
export const undoEmailUrl = (origin: string, token: string) => `${origin}/undo-email-change/${token}`;

const invalidLink = () => new HttpError(400, 'EMAIL_CHANGE_INVALID', EMAIL_CHANGE_INVALID);

const sameEmail = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * 400 unless `password` is the user's; counted like a login, so a stolen session
 * cannot guess it, and `beforeHash` (the network's password-hash budget) is spent
 * before argon2 runs.
 */
async function checkCurrentPassword(
  db: Db,
  user: UserRow,
  address: string,
  password: string | undefined,
  beforeHash: (() => Promise<void>) | undefined,
) {
  if (!password) {
    throw new HttpError(400, 'CURRENT_PASSWORD_REQUIRED', EMAIL_CHANGE_NEEDS_PASSWORD, {
      errors: [{ path: 'currentPassword', message: EMAIL_CHANGE_NEEDS_PASSWORD }],
    });
  }
  await beforeHash?.();
  await countLoginAttempt(db, user.username, address);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new HttpError(400, 'CURRENT_PASSWORD_INCORRECT', CURRENT_PASSWORD_INCORRECT, {
      errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }],
    });
  }
  await forgiveLoginAttempt(db, user.username, address);
}

interface Mailing {
  db: Db;
  /** The outbox's context, and whether mail is on at all. */
  mail: MailSetup;
  /** Where the links in mail point (the instance's public origin). */
  origin: string;
}

/**
 * PUT /api/user/profile. Names and phone are saved at once. A different email needs
 * the current password; then, with mail configured, a new address is only recorded
 * as pending and a confirmation link is mailed to it (`pendingEmail` in the answer),
 * while removing the email takes effect at once and the old address gets its undo
 * link. Without mail no link could reach anyone, so the password alone suffices.
 */
export async function updateProfile(
  opts: Mailing & {
    user: UserRow & { apiKeyId?: number };
    address: string;
    input: ProfileUpdateInput;
    /** Runs before the current password is verified (the caller's password-hash budget). */
    beforeHash?: () => Promise<void>;
  },
): Promise<ProfileUpdate> {
  const { db, mail, origin, user, input } = opts;
  const email = input.email === undefined ? undefined : input.email || null;
  const changing = email !== undefined && !sameEmail(email, user.email);
  if (changing) await checkCurrentPassword(db, user, opts.address, input.currentPassword, opts.beforeHash);

  const now = nowIso();
  const pending = changing && email !== null && mail.enabled;
  if (pending) await countEmailChangeRequest(db, user.id);
  const direct = changing && !pending;
  // Which fields, never their values (the log is read by the organisation's admins); a
  // changed email has entries of its own.
  const named = (['firstName', 'lastName', 'phone', 'language'] as const).filter(
    (k) => input[k] !== undefined,
  );
  const who = { organizationId: user.organizationId, actorId: user.id, apiKeyId: user.apiKeyId ?? null };
  const row = await auditedTransaction(db, who, async (trx, audit) => {
    const row = await trx
      .updateTable('users')
      .set({
        ...(input.firstName !== undefined && { firstName: input.firstName }),
        ...(input.lastName !== undefined && { lastName: input.lastName }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.language !== undefined && { language: input.language }),
        ...(direct && { email }),
        updatedAt: now,
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (named.length > 0) await audit('account.profile_updated', `${user.username}: ${named.join(', ')}`);
    if (!changing) return row;
    // Only the newest request counts: earlier links to other addresses die.
    await trx
      .deleteFrom('emailChanges')
      .where('userId', '=', user.id)
      .where('confirmedAt', 'is', null)
      .execute();
    if (pending && email) {
      const token = newToken();
      await trx
        .insertInto('emailChanges')
        .values({
          userId: user.id,
          oldEmail: user.email,
          newEmail: email,
          confirmTokenHash: hashToken(token),
          confirmBy: isoAfter(CONFIRM_LIFETIME_MS),
          createdAt: now,
        })
        .execute();
      await audit('account.email_change_requested', `${user.email ?? '(none)'} -> ${email}`);
      // The account-mail budget of the new address: past it, 429 and no change is asked for.
      await queueMail(
        trx,
        mail,
        {
          kind: ACCOUNT_MAIL.emailConfirm,
          organizationId: null,
          to: email,
          // In the member's language: the profile's as this request leaves it.
          ...emailConfirmMail(await memberMailLocale(trx, user.id), {
            username: user.username,
            hours: EMAIL_CONFIRM_HOURS,
            link: confirmEmailUrl(origin, token),
          }),
          expiresAt: Date.now() + CONFIRM_LIFETIME_MS,
        },
        'refuse',
      );
      return row;
    }
    await audit('account.email_changed', `${user.email ?? '(none)'} -> ${email ?? '(none)'}`);
    const undo = await undoLink(trx, { userId: user.id, oldEmail: user.email, newEmail: email, now });
    if (undo)
      await queueUndoNotice(trx, opts, {
        userId: user.id,
        username: user.username,
        ...undo,
        newEmail: email,
      });
    return row;
  });
  return { ...toPublicUser(row as UserRow), ...(pending && email && { pendingEmail: email }) };
}

/**
 * Confirmation mails an account may ask for in EMAIL_CHANGE_WINDOW_MS: each goes to an
 * address the account typed, so without a cap per account one account could make the
 * instance mail a stranger after another (every address has a budget of its own).
 */
export const EMAIL_CHANGES_PER_ACCOUNT = 3;
/** The window of that cap: the login throttle's, whose table keeps the count (and prunes it). */
export const EMAIL_CHANGE_WINDOW_MS = LOGIN_WINDOW_MS;

/** Counts one email-change request of the account; 429 with Retry-After past the cap. */
async function countEmailChangeRequest(db: Db, userId: number): Promise<void> {
  const row = await countInWindow(db, `email-change:${userId}`, {
    windowMs: EMAIL_CHANGE_WINDOW_MS,
    sliding: false,
  });
  if (row.count <= EMAIL_CHANGES_PER_ACCOUNT) return;
  throw tooManyRequests(
    'Too many email changes asked for. Please try again later.',
    Date.parse(row.windowStart) + EMAIL_CHANGE_WINDOW_MS - Date.now(),
    'account',
  );
}

/**
 * Records the made change with an undo token for the old address (none when there
 * was no old address, or no mail to send it by).
 */
async function undoLink(
  trx: Db,
  change: { id?: number; userId: number; oldEmail: string | null; newEmail: string | null; now: string },
): Promise<{ oldEmail: string; token: string } | null> {
  const token = newToken();
  const values = {
    confirmedAt: change.now,
    undoTokenHash: hashToken(token),
    undoBy: isoAfter(UNDO_LIFETIME_MS),
  };
  if (change.id !== undefined) {
    await trx.updateTable('emailChanges').set(values).where('id', '=', change.id).execute();
  } else {
    await trx
      .insertInto('emailChanges')
      .values({
        userId: change.userId,
        oldEmail: change.oldEmail,
        newEmail: change.newEmail,
        confirmTokenHash: null,
        confirmBy: change.now,
        createdAt: change.now,
        ...values,
      })
      .execute();
  }
  return change.oldEmail ? { oldEmail: change.oldEmail, token } : null;
}

/**
 * Writes the notice to the old address, with its undo link, into the outbox in the
 * change's transaction. No budget holds it back (BUDGET_EXEMPT_KINDS): it is the
 * owner's alarm, and only a change allowed by the account's password causes it.
 */
async function queueUndoNotice(
  trx: Db,
  { mail, origin }: Omit<Mailing, 'db'>,
  change: { userId: number; username: string; oldEmail: string; newEmail: string | null; token: string },
): Promise<void> {
  const { userId, username, oldEmail, newEmail, token } = change;
  if (!mail.enabled) return;
  await queueMail(
    trx,
    mail,
    {
      kind: ACCOUNT_MAIL.emailChanged,
      organizationId: null,
      to: oldEmail,
      ...emailChangedMail(await memberMailLocale(trx, userId), {
        username,
        oldEmail,
        newEmail,
        days: EMAIL_UNDO_DAYS,
        link: undoEmailUrl(origin, token),
      }),
      expiresAt: Date.now() + UNDO_LIFETIME_MS,
    },
    'refuse',
  );
}

/**
 * The link mailed to the new address: spends the token (single use, within its
 * lifetime) and makes the change; the old address then gets its undo link.
 */
export async function confirmEmailChange(opts: Mailing & { token: string }): Promise<EmailChangeResult> {
  const { db, token } = opts;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const change = await trx
      .updateTable('emailChanges')
      .set({ confirmTokenHash: null })
      .where('confirmTokenHash', '=', hashToken(token))
      .where('confirmedAt', 'is', null)
      .where('confirmBy', '>', now)
      .returning(['id', 'userId', 'oldEmail', 'newEmail'])
      .executeTakeFirst();
    if (!change) throw invalidLink();
    const user = await trx
      .updateTable('users')
      .set({ email: change.newEmail, updatedAt: now })
      .where('id', '=', change.userId)
      .returning(['id', 'username', 'organizationId', 'email'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'account.email_changed',
      target: `${change.oldEmail ?? '(none)'} -> ${change.newEmail ?? '(none)'}`,
    });
    const undo = await undoLink(trx, { ...change, now });
    if (undo)
      await queueUndoNotice(trx, opts, {
        ...undo,
        userId: user.id,
        username: user.username,
        newEmail: change.newEmail,
      });
    return { message: `Your email address is now ${user.email}.`, email: user.email };
  });
}

/**
 * The link mailed to the old address: puts it back and secures the account
 * (secureAccount: sessions, reset links, other email changes and their undo links,
 * the API keys the user made), so whoever made the change is out and a reset can
 * only reach the owner again.
 */
export async function undoEmailChange(opts: { db: Db; token: string }): Promise<EmailChangeResult> {
  const { db, token } = opts;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const change = await trx
      .updateTable('emailChanges')
      .set({ undoneAt: now, undoTokenHash: null })
      .where('undoTokenHash', '=', hashToken(token))
      .where('undoneAt', 'is', null)
      .where('undoBy', '>', now)
      .returning(['id', 'userId', 'oldEmail', 'newEmail'])
      .executeTakeFirst();
    if (!change) throw invalidLink();
    const user = await trx
      .updateTable('users')
      .set({ email: change.oldEmail, updatedAt: now })
      .where('id', '=', change.userId)
      .returning(['id', 'organizationId', 'email'])
      .executeTakeFirstOrThrow();
    const revokedKeys = await secureAccount(trx, { userId: user.id, now, revokeKeys: true });
    await recordAudit(trx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'account.email_change_undone',
      target: `${change.newEmail ?? '(none)'} -> ${change.oldEmail ?? '(none)'}${revokedKeys ? ` (${revokedKeys} API keys revoked)` : ''}`,
    });
    return {
      message: `Your email address is ${user.email} again, every session has been signed out and the API keys you made are revoked.`,
      email: user.email,
    };
  });
}
