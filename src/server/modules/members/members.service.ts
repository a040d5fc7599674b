import type { Transaction } from 'kysely';
import {
  hasRole,
  LAST_ADMIN_MESSAGE,
  mayReview,
  type Member,
  ROLES,
  type Role,
  roleNeededMessage,
} from '#shared/schemas/members.ts';
import type { Db } from '../../db/client.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { type Audit, auditedTransaction, auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { lockOrganization } from '../../lib/org-lock.ts';
import { nowIso } from '../../lib/time.ts';
import { emitMemberEvent } from '../webhooks/index.ts';
import type { UserRow } from '../auth/index.ts';

const MEMBER_COLUMNS = [
  'id',
  'username',
  'email',
  'firstName',
  'lastName',
  'role',
  'joinedAt',
  'canReview',
] as const;

/** A users row as the team list shows it: `canReview` as the permission in force. */
const toMember = <T extends { role: string; canReview: unknown }>(row: T) => ({
  ...row,
  canReview: mayReview(row.role, row.canReview),
});

export const ONLY_EDITORS_REVIEW = 'Only editors and admins can review';

/** A user's membership is users.organizationId + users.role; this is what a non-member's role reads. */
export const NO_ORG_ROLE = 'user';

export async function listMembers(db: Db, orgId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('organizationId', '=', orgId)
    .orderBy('joinedAt')
    .orderBy('id')
    .execute();
  return rows.map(toMember);
}

/** Admins of the organisation other than `userId`: the last-admin rule. */
export async function otherAdmins(
  trx: Transaction<Database>,
  orgId: number,
  userId: number,
): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', orgId)
    .where('role', '=', 'admin')
    .where('id', '!=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function memberInTrx(trx: Transaction<Database>, orgId: number, userId: number) {
  const member = await trx
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('id', '=', userId)
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  if (!member) throw notFound('NOT_FOUND', 'Member not found');
  return member;
}

/** 409 LAST_ADMIN, naming the organisation (its name is in the refusal's params). */
async function lastAdmin(trx: Transaction<Database>, orgId: number) {
  const { name } = await trx
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return conflict('LAST_ADMIN', LAST_ADMIN_MESSAGE, { params: { organization: name } });
}

/**
 * Revokes what a member made in the organisation and may no longer stand behind:
 * their pending invitations (only admins invite, so every role but admin loses
 * them), and their API keys whose role is above `role` (all of them when `role` is
 * null: the member is gone). Deleted rows, in the caller's transaction, so every
 * instance sees them gone with its next query: nothing is cached per process.
 */
export async function revokeMade(
  trx: Transaction<Database>,
  audit: Audit,
  orgId: number,
  userId: number,
  role: Role | null,
): Promise<void> {
  if (role !== 'admin') {
    const invitations = await trx
      .deleteFrom('invitations')
      .where('organizationId', '=', orgId)
      .where('invitedBy', '=', userId)
      .where('acceptedAt', 'is', null)
      .returning(['email', 'role'])
      .execute();
    for (const i of invitations) await audit('invitation.revoked', `${i.email} as ${i.role}`);
  }
  const keys = await trx
    .deleteFrom('apiKeys')
    .where('organizationId', '=', orgId)
    .where('createdBy', '=', userId)
    .$if(role !== null, (q) =>
      q.where(
        'role',
        'not in',
        ROLES.filter((r) => hasRole(role, r)),
      ),
    )
    .returning(['name', 'role'])
    .execute();
  for (const k of keys) await audit('api_key.revoked', `${k.name} (${k.role})`);
}

/**
 * Changes a member's role. A demotion also revokes what the new role could not
 * have made (revokeMade); the member's sessions go on, since every request reads
 * the role from the database.
 */
export async function setMemberRole(
  opts: OrgWrite & { dialect: DialectName; userId: number; role?: Role; canReview?: boolean },
): Promise<Member> {
  const { dialect, orgId, userId } = opts;
  return auditedWrite(opts, async (trx, audit) => {
    await lockOrganization(trx, dialect, orgId, 'update');
    const member = await memberInTrx(trx, orgId, userId);
    const role = opts.role ?? (member.role as Role);
    // The permission is an editor's: a viewer is refused it, an admin always has it.
    if (opts.canReview === true && role === 'viewer')
      throw badRequest('VALIDATION_FAILED', ONLY_EDITORS_REVIEW, {
        errors: [{ path: 'canReview', message: ONLY_EDITORS_REVIEW }],
      });
    if (role !== member.role) {
      if (member.role === 'admin' && (await otherAdmins(trx, orgId, userId)) === 0)
        throw await lastAdmin(trx, orgId);
      await trx.updateTable('users').set({ role, updatedAt: nowIso() }).where('id', '=', userId).execute();
      await audit('member.role_changed', `${member.username}: ${member.role} -> ${role}`);
      if (!hasRole(role, member.role as Role)) await revokeMade(trx, audit, orgId, userId, role);
    }
    // A viewer keeps no review permission: demoted to viewer, it goes.
    const canReview = role === 'viewer' ? false : (opts.canReview ?? Boolean(member.canReview));
    if (canReview !== Boolean(member.canReview)) {
      await trx
        .updateTable('users')
        .set({ canReview: canReview ? 1 : 0, updatedAt: nowIso() })
        .where('id', '=', userId)
        .execute();
      await audit('member.review_permission_changed', `${member.username}: ${canReview ? 'on' : 'off'}`);
    }
    return toMember({ ...member, role, canReview });
  });
}

/**
 * An admin removes a member, or a member leaves (their own id). The account stays,
 * but what it made in the organisation goes (revokeMade), and a removed member's
 * sessions end at once: the person is signed out everywhere, on every instance. A
 * member who leaves keeps their own sessions.
 */
export async function removeMember(
  opts: OrgRead & { dialect: DialectName; caller: UserRow; userId: number },
): Promise<void> {
  const { db, dialect, caller, orgId, userId } = opts;
  const leaving = caller.id === userId;
  if (!leaving && caller.role !== 'admin') throw forbidden('ROLE_REQUIRED', roleNeededMessage('admin'));
  await auditedTransaction(db, { organizationId: orgId, actorId: caller.id }, async (trx, audit) => {
    await lockOrganization(trx, dialect, orgId, 'update');
    const member = await memberInTrx(trx, orgId, userId);
    if (member.role === 'admin' && (await otherAdmins(trx, orgId, userId)) === 0)
      throw await lastAdmin(trx, orgId);
    await trx
      .updateTable('users')
      .set({ organizationId: null, role: NO_ORG_ROLE, joinedAt: null, updatedAt: nowIso() })
      .where('id', '=', userId)
      .execute();
    await audit(leaving ? 'member.left' : 'member.removed', member.username);
    await emitMemberEvent(trx, 'member.removed', orgId, member);
    await revokeMade(trx, audit, orgId, userId, null);
    if (!leaving) await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
  });
}
