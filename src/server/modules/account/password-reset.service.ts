import { PASSWORD_RESET_INVALID } from '#shared/schemas/account.ts';
import { resetMail } from './account-words.ts';
import { secureAccount } from './account-recovery.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailLocale } from '../../lib/member-locale.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import { hashPassword, hashToken, newToken } from '../auth/index.ts';
import { ACCOUNT_MAIL, lockMailBudget, type MailSetup, queueMail } from '../outbox/index.ts';
import { HOUR_MS } from '#shared/durations.ts';

export const RESET_LIFETIME_MS = HOUR_MS;
/** Reset mails per account per hour: stops anyone from flooding a mailbox. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

export const resetUrl = (origin: string, token: string) => `${origin}/reset-password/${token}`;

/**
 * Writes a single-use reset link mail into the outbox for every account using this
 * email (several accounts may share one), each with its token in one transaction.
 * Runs after the answer (which is the same whatever happens): the caller learns
 * nothing about which emails have accounts. The account-mail budget of the address
 * (modules/outbox) and RESETS_PER_ACCOUNT_PER_HOUR cap it: past either, no token and
 * no mail, and the answer is the same. Without SMTP no token is made, since nobody
 * could receive it; nor without an absolute origin (PUBLIC_URL, or an allowed host):
 * a relative link in a mail leads nowhere.
 */
export async function requestPasswordReset(opts: {
  db: Db;
  mail: MailSetup;
  email: string;
  origin: string;
}): Promise<void> {
  const { db, mail, email, origin } = opts;
  if (!mail.enabled || !origin) return;
  const users = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organizationId')
    .select(['users.id', 'users.username', 'users.email', 'users.language', 'organizations.defaultLanguage'])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .execute();
  for (const user of users) {
    await db.transaction().execute(async (trx) => {
      // Taken before counting, so that two instances cannot both add the account's last link.
      await lockMailBudget(trx, mail.dialect, null);
      const recent = await trx
        .selectFrom('passwordResets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', user.id)
        .where('createdAt', '>', isoBefore(RESET_LIFETIME_MS))
        .executeTakeFirst();
      if (Number(recent?.n ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) return;
      const token = newToken();
      const expiresAt = isoAfter(RESET_LIFETIME_MS);
      const queued = await queueMail(
        trx,
        mail,
        {
          kind: ACCOUNT_MAIL.passwordReset,
          organizationId: null,
          to: user.email ?? email,
          // In the member's language (lib/member-locale.ts): the mail reaches them outside any request.
          ...resetMail(mailLocale(user.language, user.defaultLanguage), {
            username: user.username,
            link: resetUrl(origin, token),
          }),
          expiresAt: Date.parse(expiresAt),
        },
        'drop',
      );
      if (!queued) return;
      await trx
        .insertInto('passwordResets')
        .values({ userId: user.id, tokenHash: hashToken(token), createdAt: nowIso(), expiresAt })
        .execute();
    });
  }
}

/** How long a reset link made by an operator lasts: it goes through their hands first. */
export const OPERATOR_RESET_LIFETIME_MS = 24 * HOUR_MS;

/**
 * A one-use reset link for the account `username`, made by an operator
 * (`npm run admin -- reset-password`) rather than mailed: the same token as a mailed
 * link (the reset page spends it), valid OPERATOR_RESET_LIFETIME_MS, recorded in the
 * instance audit log.
 */
export async function issuePasswordResetLink(
  db: Db,
  opts: { username: string; origin: string; actor: InstanceActor },
): Promise<{ url: string; expiresAt: string }> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', opts.username)
    .executeTakeFirst();
  if (!user)
    throw notFound('NOT_FOUND', `No account named ${opts.username}`, { params: { username: opts.username } });
  const token = newToken();
  const expiresAt = isoAfter(OPERATOR_RESET_LIFETIME_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('passwordResets')
      .values({ userId: user.id, tokenHash: hashToken(token), createdAt: nowIso(), expiresAt })
      .execute();
    await recordInstanceEvent(trx, {
      actor: opts.actor,
      action: 'user.password_reset_link',
      target: `user ${opts.username}`,
    });
  });
  return { url: resetUrl(opts.origin, token), expiresAt };
}

/**
 * The reset requests of this instance, one after the other: each counts the account's
 * recent links before adding one, so requests for one address never race past
 * RESETS_PER_ACCOUNT_PER_HOUR (across instances, the account-mail budget lock of
 * queueMail serialises them on PostgreSQL).
 */
let resetQueue: Promise<void> = Promise.resolve();

export function queuePasswordReset(opts: Parameters<typeof requestPasswordReset>[0]): Promise<void> {
  const next = resetQueue.then(() => requestPasswordReset(opts));
  resetQueue = next.catch(() => {});
  return next;
}

const liveToken = (db: Db, token: string, now: string) =>
  db
    .selectFrom('passwordResets')
    .select('userId')
    .where('tokenHash', '=', hashToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();

/**
 * Spends the token (one use, within the hour), sets the password, ends every session
 * and voids the user's other reset links. The token is checked before anything is
 * hashed: a made-up token costs a lookup, never argon2 work. `beforeHash` runs for a
 * live token only (the caller's password budget).
 */
export async function resetPassword(opts: {
  db: Db;
  token: string;
  newPassword: string;
  beforeHash?: () => Promise<void>;
}): Promise<void> {
  const { db, token } = opts;
  if (!(await liveToken(db, token, nowIso())))
    throw badRequest('PASSWORD_RESET_INVALID', PASSWORD_RESET_INVALID);
  await opts.beforeHash?.();
  const passwordHash = await hashPassword(opts.newPassword);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const spent = await trx
      .updateTable('passwordResets')
      .set({ usedAt: now })
      .where('tokenHash', '=', hashToken(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('userId')
      .executeTakeFirst();
    if (!spent) throw badRequest('PASSWORD_RESET_INVALID', PASSWORD_RESET_INVALID);
    const user = await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: now })
      .where('id', '=', spent.userId)
      .returning(['id', 'username', 'organizationId'])
      .executeTakeFirstOrThrow();
    const revokedKeys = await secureAccount(trx, { userId: user.id, now, revokeKeys: true });
    await recordAudit(trx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'account.password_reset',
      target: revokedKeys ? `${user.username} (${revokedKeys} API keys revoked)` : user.username,
    });
  });
}
