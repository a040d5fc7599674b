import { organizationSuspendedMessage } from '#shared/errors.ts';
import type { Db } from '../db/client.ts';
import { forbidden } from './errors.ts';

// An organisation an operator suspended (modules/instance, docs/operations.md): its
// members may read, never write; its API keys and its public pages are refused. The
// one place that tells whether it is, and the refusal every caller gives.

/** The suspension of an organisation: null while it is active (or unknown). */
export async function organizationSuspension(
  db: Db,
  orgId: number,
): Promise<{ suspendedAt: string; reason: string | null } | null> {
  const row = await db
    .selectFrom('organizations')
    .select(['suspendedAt', 'suspendedReason'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row?.suspendedAt ? { suspendedAt: row.suspendedAt, reason: row.suspendedReason } : null;
}

/** 403 ORGANIZATION_SUSPENDED, its message giving the operators' reason. */
export const organizationSuspended = (reason: string | null) =>
  forbidden('ORGANIZATION_SUSPENDED', organizationSuspendedMessage(reason), { params: { reason } });

/** Refuses (403) when the organisation is suspended. */
export async function assertOrganizationActive(db: Db, orgId: number): Promise<void> {
  const suspension = await organizationSuspension(db, orgId);
  if (suspension) throw organizationSuspended(suspension.reason);
}
