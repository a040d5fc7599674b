import type { Transaction } from 'kysely';
import { MISSING_ORG_MESSAGE } from '#shared/errors.ts';
import { hasRole, type Role, roleNeededMessage } from '#shared/schemas/members.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { forbidden } from './errors.ts';

// Membership changes and what members make, serialised on the organisation's row.
// SQLite runs one write transaction at a time, so there the order is already total;
// on PostgreSQL a removal or role change takes the row FOR UPDATE, and a member's
// write that depends on their role takes it FOR SHARE: the two wait for each other,
// and whichever comes second sees what the first committed.

/** Locks the organisation's row for this transaction: `update` to change who is in it, `share` to rely on it. */
export async function lockOrganization(
  trx: Transaction<Database>,
  dialect: DialectName,
  orgId: number,
  mode: 'update' | 'share',
): Promise<void> {
  if (dialect !== 'postgres') return;
  const q = trx.selectFrom('organizations').select('id').where('id', '=', orgId);
  await (mode === 'update' ? q.forUpdate() : q.forShare()).execute();
}

/**
 * Inside a write's transaction: the caller is still a member of `orgId` with at least
 * `role`. The permission hook read the role when the request began; a removal or a
 * demotion that commits before this write would otherwise not stop it (an invitation
 * or API key made by a member being removed outlived the removal). 403 as the hook
 * would have answered.
 */
export async function assertStillMember(
  trx: Transaction<Database>,
  dialect: DialectName,
  who: { orgId: number; userId: number; role: Role },
): Promise<void> {
  await lockOrganization(trx, dialect, who.orgId, 'share');
  const user = await trx
    .selectFrom('users')
    .select(['organizationId', 'role'])
    .where('id', '=', who.userId)
    .executeTakeFirst();
  if (!user || user.organizationId !== who.orgId) throw forbidden('NO_ORGANIZATION', MISSING_ORG_MESSAGE);
  if (!hasRole(user.role as Role, who.role)) throw forbidden('ROLE_REQUIRED', roleNeededMessage(who.role));
}
