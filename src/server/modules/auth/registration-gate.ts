import {
  EMAIL_DOMAIN_NOT_ALLOWED_MESSAGE,
  REGISTRATION_CLOSED_MESSAGE,
  REGISTRATION_INVITE_ONLY_MESSAGE,
  SIGNUP_INVITATION_INVALID_MESSAGE,
  SIGNUP_INVITATION_OTHER_EMAIL_MESSAGE,
} from '#shared/errors.ts';
import type { RegisterInput } from '#shared/schemas/auth.ts';
import { emailDomainAllowed } from '#shared/schemas/instance-settings.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import { effectiveRegistration } from '../../lib/instance-settings.ts';
import { sql } from 'kysely';
import { nowIso } from '../../lib/time.ts';
import { hashToken } from './sessions.ts';

/** How a sign-up was let in: by an operator's sign-up link (spent with the account), or by the policy. */
export interface Admission {
  signupInvitationId?: number;
}

const invalidLink = () => forbidden('SIGNUP_INVITATION_INVALID', SIGNUP_INVITATION_INVALID_MESSAGE);

/**
 * Whether POST /api/register may make this account, under the instance's sign-up policy
 * (docs/api.md "Operators"). Checked before any password work, so a refused sign-up
 * costs a lookup. An operator's sign-up link lets anyone in whatever the policy and
 * the domain list (the operator chose to); an organisation's pending invitation lets
 * its invited address make one account under invite-only; otherwise open lets in the allowed domains, invite-only
 * and closed nobody. The link is spent by `spendSignupInvitation` in the transaction
 * that makes the account.
 */
export async function admitRegistration(db: Db, config: Config, input: RegisterInput): Promise<Admission> {
  const { registration, allowedEmailDomains } = await effectiveRegistration(db, config);
  const now = nowIso();
  const tokenHash = input.invitation ? hashToken(input.invitation) : undefined;
  if (tokenHash) {
    const link = await db
      .selectFrom('instanceInvitations')
      .select(['id', 'usedAt', 'expiresAt'])
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (link) {
      if (link.usedAt || link.expiresAt <= now) throw invalidLink();
      return { signupInvitationId: link.id };
    }
  }
  if (registration !== 'open') {
    const invitation =
      tokenHash === undefined
        ? undefined
        : await db
            .selectFrom('invitations as i')
            .innerJoin('organizations as o', 'o.id', 'i.organizationId')
            .select(['i.email', 'o.suspendedAt'])
            .where('i.tokenHash', '=', tokenHash)
            .where('i.acceptedAt', 'is', null)
            .where('i.expiresAt', '>', now)
            .executeTakeFirst();
    // A token that is neither a live link nor a pending invitation: withdrawn, used, made up
    // (or of an organisation its operators suspended).
    if (tokenHash && (!invitation || invitation.suspendedAt)) throw invalidLink();
    // Closed: an organisation's invitation is not enough either.
    if (registration === 'closed') throw forbidden('REGISTRATION_CLOSED', REGISTRATION_CLOSED_MESSAGE);
    if (!invitation) throw forbidden('REGISTRATION_INVITE_ONLY', REGISTRATION_INVITE_ONLY_MESSAGE);
    // The invitation lets in the address it was sent to, once: not whoever sees its link.
    const invited = invitation.email.trim().toLowerCase();
    if (input.email.trim().toLowerCase() !== invited)
      throw forbidden('SIGNUP_INVITATION_INVALID', SIGNUP_INVITATION_OTHER_EMAIL_MESSAGE);
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(trim(email))`, '=', invited)
      .executeTakeFirst();
    if (taken) throw invalidLink();
  }
  if (!emailDomainAllowed(input.email, allowedEmailDomains))
    throw forbidden('EMAIL_DOMAIN_NOT_ALLOWED', EMAIL_DOMAIN_NOT_ALLOWED_MESSAGE);
  return {};
}

/**
 * Spends the operator's sign-up link of `admission` for `userId`, in the transaction that
 * makes the account: the conditional update decides a race between two sign-ups with
 * one link (exactly one gets the account, the other 403 and nothing made).
 */
export async function spendSignupInvitation(db: Db, admission: Admission, userId: number): Promise<void> {
  if (admission.signupInvitationId === undefined) return;
  const now = nowIso();
  const spent = await db
    .updateTable('instanceInvitations')
    .set({ usedAt: now, usedBy: userId })
    .where('id', '=', admission.signupInvitationId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw invalidLink();
}
