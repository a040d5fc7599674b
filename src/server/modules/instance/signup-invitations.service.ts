import {
  SIGNUP_INVITATION_DAYS,
  SIGNUP_INVITATION_PARAM,
  type SignupInvitation,
  type SignupInvitationCreated,
} from '#shared/schemas/instance-settings.ts';
import { DAY_MS } from '#shared/durations.ts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { hashToken, newToken } from '../auth/index.ts';

/** The sign-up page with an operator's link token: `/auth?tab=register&invite=…`. */
export const signupInvitationUrl = (origin: string, token: string) =>
  `${origin}/auth?tab=register&${SIGNUP_INVITATION_PARAM}=${token}`;

/**
 * An operator's one-use sign-up link: it lets one account be made whatever the sign-up
 * policy (POST /api/register spends it). Only the token's hash is kept, so the link is
 * answered this once.
 */
export async function createSignupInvitation(
  db: Db,
  opts: { origin: string; days?: number; actor: InstanceActor },
): Promise<SignupInvitationCreated> {
  const token = newToken();
  const expiresAt = isoAfter((opts.days ?? SIGNUP_INVITATION_DAYS) * DAY_MS);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('instanceInvitations')
      .values({ tokenHash: hashToken(token), createdBy: opts.actor.id, createdAt: nowIso(), expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordInstanceEvent(trx, {
      actor: opts.actor,
      action: 'signup_invitation.created',
      target: `sign-up link ${row.id}`,
      detail: { expiresAt },
    });
    return row.id;
  });
  return { id, url: signupInvitationUrl(opts.origin, token), expiresAt };
}

/** The links not used yet, newest first (expired ones too: their date says so). */
export async function listSignupInvitations(db: Db): Promise<SignupInvitation[]> {
  return db
    .selectFrom('instanceInvitations')
    .leftJoin('users', 'users.id', 'instanceInvitations.createdBy')
    .select([
      'instanceInvitations.id',
      'instanceInvitations.createdAt',
      'instanceInvitations.expiresAt',
      'users.username as createdBy',
    ])
    .where('instanceInvitations.usedAt', 'is', null)
    .orderBy('instanceInvitations.id', 'desc')
    .limit(200)
    .execute();
}

/** Withdraws a link not used yet: it stops working at once. 404 when unknown or used. */
export async function revokeSignupInvitation(db: Db, id: number, actor: InstanceActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const unused = (eb: ExpressionBuilder<Database, 'instanceInvitations'>) =>
      eb.and([eb('id', '=', id), eb('usedAt', 'is', null)]);
    const gone = await trx.deleteFrom('instanceInvitations').where(unused).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1)
      throw notFound('NOT_FOUND', 'Sign-up link not found or already used');
    await recordInstanceEvent(trx, {
      actor,
      action: 'signup_invitation.revoked',
      target: `sign-up link ${id}`,
    });
  });
}
