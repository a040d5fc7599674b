import type { Transaction } from 'kysely';
import {
  hasRole,
  LAST_ADMIN_MESSAGE,
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
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { lockOrganization } from '../../lib/org-lock.ts';
import { nowIso } from '../../lib/time.ts';
import { emitMemberEvent } from '../webhooks/index.ts';
import type { UserRow } from '../auth/index.ts';

const MEMBER_COLUMNS = ['id', 'username', 'email', 'firstName', 'lastName', 'role', 'joinedAt'] as const;

/** A user's membership is users.organizationId + users.role; this is what a non-member's role reads. */
export const NO_ORG_ROLE = 'user';

export async function listMembers(db: Db, orgId: number): Promise<Member[]> {
  return db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('organizationId', '=', orgId)
    .orderBy('joinedAt')
    .orderBy('id')
    .execute();
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
  opts: OrgWrite & { dialect: DialectName; userId: number; role: Role },
): Promise<Member> {
  const { dialect, orgId, userId, role } = opts;
  return auditedWrite(opts, async (trx, audit) => {
    await lockOrganization(trx, dialect, orgId, 'update');
    const member = await memberInTrx(trx, orgId, userId);
    if (member.role === role) return member;
    if (member.role === 'admin' && (await otherAdmins(trx, orgId, userId)) === 0)
      throw await lastAdmin(trx, orgId);
    await trx.updateTable('users').set({ role, updatedAt: nowIso() }).where('id', '=', userId).execute();
    await audit('member.role_changed', `${member.username}: ${member.role} -> ${role}`);
    if (!hasRole(role, member.role as Role)) await revokeMade(trx, audit, orgId, userId, role);
    return { ...member, role };
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
