import { assertOrganizationActive } from '../../lib/org-suspension.ts';
import type {
  AcceptedInvitation,
  CreatedInvitation,
  CreateInvitationInput,
  Invitation,
  InvitationPreview,
} from '#shared/schemas/members.ts';
import { INVITATION_EXPIRED } from '#shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { assertStillMember } from '../../lib/org-lock.ts';
import { auditedTransaction, auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import { hashToken, newToken, type UserRow } from '../auth/index.ts';
import { type MailSetup, queueMail } from '../outbox/index.ts';
import { DAY_MS } from '#shared/durations.ts';
import { mailLocale } from '../../lib/member-locale.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import { roleInSentence } from '../../lib/role-words.ts';
import { emitMemberEvent } from '../webhooks/index.ts';

export const INVITATION_LIFETIME_MS = 7 * DAY_MS;

export const INVITATION_NOT_FOUND = 'Invitation not found or already used';
export const ALREADY_IN_ORG = 'You already belong to an organization';

export const invitationUrl = (origin: string, token: string) => `${origin}/invite/${token}`;

/** The invitation mail: the subject is the instance's own words; the organisation is named in the body only. */
const INVITATION_WORDS = {
  subject: /*i18n*/ {
    id: 'mail.invitation.subject',
    message: 'You are invited to join an organization on Rally',
  },
  body: /*i18n*/ {
    id: 'mail.invitation.body',
    message:
      '{inviter} invited you to join {organization} on Rally as {role}.\n\nOpen this link to accept (valid for 7 days, single use):\n{link}\n',
  },
};

/** In the organisation's default language: the invitee has no profile yet. */
function invitationMail(
  locale: MessageLocale,
  a: { inviter: string; orgName: string; role: string; url: string },
) {
  return {
    subject: translate(locale, INVITATION_WORDS.subject),
    text: translate(locale, INVITATION_WORDS.body, {
      inviter: a.inviter,
      organization: a.orgName,
      role: roleInSentence(locale, a.role),
      link: a.url,
    }),
  };
}

/**
 * Makes the invitation and, with mail on and an absolute origin, writes its mail into
 * the outbox in the same transaction (the organisation's budgets: a spent one is a
 * 429 and no invitation; a new organisation's mail is held). `emailed` says the mail
 * is on its way now (false without mail, or while it is held).
 */
export async function createInvitation(opts: {
  db: Db;
  mail: MailSetup;
  orgId: number;
  actor: UserRow;
  input: CreateInvitationInput;
  origin: string;
}): Promise<CreatedInvitation> {
  const { db, mail, orgId, actor, input, origin } = opts;
  const token = newToken();
  const url = invitationUrl(origin, token);
  return auditedTransaction(db, { organizationId: orgId, actorId: actor.id }, async (trx, audit) => {
    // Only admins invite: still one now, not only when the request began.
    await assertStillMember(trx, mail.dialect, { orgId, userId: actor.id, role: 'admin' });
    const expiresAt = isoAfter(INVITATION_LIFETIME_MS);
    const invitation = await trx
      .insertInto('invitations')
      .values({
        organizationId: orgId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        createdAt: nowIso(),
        expiresAt,
      })
      .returning(['id', 'email', 'role', 'expiresAt'])
      .executeTakeFirstOrThrow();
    await audit('invitation.created', `${input.email} as ${input.role}`);
    // Without a public origin (no PUBLIC_URL, a host not on ALLOWED_HOSTS) the link is
    // relative: shown to copy, never mailed.
    if (!mail.enabled || origin === '') return { ...invitation, url, emailed: false };
    const org = await trx
      .selectFrom('organizations')
      .select(['name', 'defaultLanguage'])
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    const queued = await queueMail(
      trx,
      mail,
      {
        kind: 'invitation',
        organizationId: orgId,
        to: input.email,
        ...invitationMail(mailLocale(null, org.defaultLanguage), {
          inviter: actor.username,
          orgName: org.name,
          role: input.role,
          url,
        }),
        refId: invitation.id,
        expiresAt: Date.parse(expiresAt),
      },
      'refuse',
    );
    return { ...invitation, url, emailed: queued?.status === 'queued' };
  });
}

/** Pending invitations: not accepted and not expired. Never the token. */
export async function listInvitations(db: Db, orgId: number): Promise<Invitation[]> {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'expiresAt', 'createdAt'])
    .where('organizationId', '=', orgId)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function revokeInvitation(opts: OrgWrite & { id: number }) {
  const { orgId, id } = opts;
  await auditedWrite(opts, async (trx, audit) => {
    const row = await trx
      .deleteFrom('invitations')
      .where('id', '=', id)
      .where('organizationId', '=', orgId)
      .where('acceptedAt', 'is', null)
      .returning(['email', 'role'])
      .executeTakeFirst();
    if (!row) throw notFound('NOT_FOUND', 'Invitation not found');
    await audit('invitation.revoked', `${row.email} as ${row.role}`);
  });
}

async function usableInvitation(db: Db, token: string) {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organizationId')
    .select([
      'invitations.id',
      'invitations.organizationId',
      'invitations.email',
      'invitations.role',
      'invitations.expiresAt',
      'invitations.acceptedAt',
      'organizations.name as organizationName',
    ])
    .where('invitations.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.acceptedAt) throw notFound('INVITATION_NOT_FOUND', INVITATION_NOT_FOUND);
  if (row.expiresAt <= nowIso()) throw new HttpError(410, 'INVITATION_EXPIRED', INVITATION_EXPIRED);
  return row;
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await usableInvitation(db, token);
  return { organization: { name: row.organizationName }, role: row.role, email: row.email };
}

/**
 * Spends the token and makes the caller a member, atomically: the conditional
 * updates decide races (two accepts of one token, one user accepting two
 * invitations), and either both land or neither does. Any account may accept;
 * the token, sent to the invited address, is the credential.
 */
export async function acceptInvitation(opts: {
  db: Db;
  user: UserRow;
  token: string;
}): Promise<AcceptedInvitation> {
  const { db, user, token } = opts;
  const invitation = await usableInvitation(db, token);
  if (user.organizationId) throw conflict('ALREADY_IN_ORGANIZATION', ALREADY_IN_ORG);
  // A suspended organisation gains no members (its members' own writes are refused too).
  await assertOrganizationActive(db, invitation.organizationId);
  return auditedTransaction(
    db,
    { organizationId: invitation.organizationId, actorId: user.id },
    async (trx, audit) => {
      const now = nowIso();
      const spent = await trx
        .updateTable('invitations')
        .set({ acceptedAt: now, acceptedBy: user.id })
        .where('id', '=', invitation.id)
        .where('acceptedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw notFound('INVITATION_NOT_FOUND', INVITATION_NOT_FOUND);
      const joined = await trx
        .updateTable('users')
        .set({
          organizationId: invitation.organizationId,
          role: invitation.role,
          joinedAt: now,
          updatedAt: now,
        })
        .where('id', '=', user.id)
        .where('organizationId', 'is', null)
        .executeTakeFirst();
      if (Number(joined.numUpdatedRows) !== 1) throw conflict('ALREADY_IN_ORGANIZATION', ALREADY_IN_ORG);
      await audit('member.joined', `${user.username} as ${invitation.role}`);
      await emitMemberEvent(trx, 'member.joined', invitation.organizationId, {
        ...user,
        role: invitation.role,
      });
      return { organizationId: invitation.organizationId, role: invitation.role };
    },
  );
}
