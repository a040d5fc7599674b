import type { Transaction } from 'kysely';
import { LAST_ADMIN_MESSAGE, type Member, type Role, roleNeededMessage } from '#shared/schemas/members.ts';
import type { Db } from '../../db/client.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { auditedTransaction, auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
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

/**
 * Serialises membership changes of one organisation. SQLite runs one write
 * transaction at a time anyway; on PostgreSQL the row lock keeps two admins who
 * demote each other at once from leaving the organisation without an admin.
 */
async function lockOrganization(trx: Transaction<Database>, dialect: DialectName, orgId: number) {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
}

async function otherAdmins(trx: Transaction<Database>, orgId: number, userId: number): Promise<number> {
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

export async function setMemberRole(
  opts: OrgWrite & { dialect: DialectName; userId: number; role: Role },
): Promise<Member> {
  const { dialect, orgId, userId, role } = opts;
  return auditedWrite(opts, async (trx, audit) => {
    await lockOrganization(trx, dialect, orgId);
    const member = await memberInTrx(trx, orgId, userId);
    if (member.role === role) return member;
    if (member.role === 'admin' && (await otherAdmins(trx, orgId, userId)) === 0)
      throw conflict('LAST_ADMIN', LAST_ADMIN_MESSAGE);
    await trx.updateTable('users').set({ role, updatedAt: nowIso() }).where('id', '=', userId).execute();
    await audit('member.role_changed', `${member.username}: ${member.role} -> ${role}`);
    return { ...member, role };
  });
}

/** An admin removes a member, or a member leaves (their own id). The account stays. */
export async function removeMember(
  opts: OrgRead & { dialect: DialectName; caller: UserRow; userId: number },
): Promise<void> {
  const { db, dialect, caller, orgId, userId } = opts;
  const leaving = caller.id === userId;
  if (!leaving && caller.role !== 'admin') throw forbidden('ROLE_REQUIRED', roleNeededMessage('admin'));
  await auditedTransaction(db, { organizationId: orgId, actorId: caller.id }, async (trx, audit) => {
    await lockOrganization(trx, dialect, orgId);
    const member = await memberInTrx(trx, orgId, userId);
    if (member.role === 'admin' && (await otherAdmins(trx, orgId, userId)) === 0)
      throw conflict('LAST_ADMIN', LAST_ADMIN_MESSAGE);
    await trx
      .updateTable('users')
      .set({ organizationId: null, role: NO_ORG_ROLE, joinedAt: null, updatedAt: nowIso() })
      .where('id', '=', userId)
      .execute();
    await audit(leaving ? 'member.left' : 'member.removed', member.username);
  });
}
