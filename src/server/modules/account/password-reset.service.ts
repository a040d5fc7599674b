import { PASSWORD_RESET_INVALID } from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { isoAfter, isoBefore, nowIso } from '../../lib/time.ts';
import { hashPassword, hashToken, newToken } from '../auth/index.ts';
import { HOUR_MS } from '#shared/durations.ts';

export const RESET_LIFETIME_MS = HOUR_MS;
/** Reset mails per account per hour: stops anyone from flooding a mailbox. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;

export const resetUrl = (origin: string, token: string) => `${origin}/reset-password/${token}`;

/**
 * Mails a single-use reset link to every account using this email (several
 * accounts may share one). Answers the same whatever happens: the caller learns
 * nothing about which emails have accounts. Without SMTP no token is made, since
 * nobody could receive it.
 */
export async function requestPasswordReset(opts: {
  db: Db;
  mailer: Mailer;
  email: string;
  origin: string;
}): Promise<Promise<unknown>[]> {
  const { db, mailer, email, origin } = opts;
  if (!mailer.enabled) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .execute();
  const sends: Promise<unknown>[] = [];
  for (const user of users) {
    const recent = await db
      .selectFrom('passwordResets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', user.id)
      .where('createdAt', '>', isoBefore(RESET_LIFETIME_MS))
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) continue;
    const token = newToken();
    await db
      .insertInto('passwordResets')
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: nowIso(),
        expiresAt: isoAfter(RESET_LIFETIME_MS),
      })
      .execute();
    sends.push(
      mailer.send({
        to: user.email ?? email,
        subject: 'Reset your Rally password',
        text:
          `Someone asked to reset the password of the Rally account "${user.username}".\n\n` +
          `Open this link to choose a new password (valid for 1 hour, single use):\n${resetUrl(origin, token)}\n\n` +
          'If it was not you, ignore this mail: your password stays as it is.\n',
      }),
    );
  }
  return sends;
}

/** Spends the token (one use, within the hour), sets the password and ends every session. */
export async function resetPassword(opts: { db: Db; token: string; newPassword: string }): Promise<void> {
  const { db, token } = opts;
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
    await trx.deleteFrom('sessions').where('userId', '=', user.id).execute();
    await recordAudit(trx, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'account.password_reset',
      target: user.username,
    });
  });
}
