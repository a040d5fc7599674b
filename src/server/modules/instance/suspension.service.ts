import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type InstanceActor, recordInstanceEvent } from '../../lib/instance-audit.ts';
import type { SupporterCacheInvalidator } from '../../lib/supporter-cache-invalidator.ts';
import { nowIso } from '../../lib/time.ts';
import { holdOrganizationMail, releaseOrganizationMail } from '../outbox/index.ts';
import { expireOverdueReminders } from '../reminders/index.ts';

// Suspending and restoring an organisation (docs/operations.md "Suspending an
// organisation"). What a suspension stops is decided elsewhere, each in one place:
// the permission hook refuses its members' writes and the API key check its keys
// (lib/org-suspension.ts), the supporter cache's view of its campaigns answers the
// neutral 410 (pages, JSON, tracked links, embed cards), the QR files refuse, the
// outbox holds its mail and the reminders job leaves its reminders waiting. Here: the
// organisation's row, its mail, the cache told, and the instance audit log.

export interface SuspensionDeps {
  db: Db;
  config: Config;
  supporterCache: SupporterCacheInvalidator;
}

export const ORGANIZATION_NOT_FOUND = 'No such organization';

/** The organisation, in the transaction, or 404. */
async function organizationOf(trx: Db, organizationId: number) {
  const org = await trx
    .selectFrom('organizations')
    .select(['id', 'name', 'username', 'suspendedAt'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!org) throw notFound('NOT_FOUND', ORGANIZATION_NOT_FOUND);
  return org;
}

const targetOf = (org: { name: string; username: string }) => `organisation ${org.name} (${org.username})`;

/** The organisation row's three suspension fields, written together. */
const setSuspension = (
  trx: Db,
  organizationId: number,
  fields: { suspendedAt: string | null; suspendedReason: string | null; suspendedBy: number | null },
) => trx.updateTable('organizations').set(fields).where('id', '=', organizationId).execute();

/**
 * Suspends the organisation with the reason its members are shown (suspending a
 * suspended one again changes the reason, not the time). Its waiting mail is held.
 */
export async function suspendOrganization(
  deps: SuspensionDeps,
  opts: { organizationId: number; reason: string; actor: InstanceActor },
): Promise<void> {
  const { db, supporterCache } = deps;
  const { organizationId, reason, actor } = opts;
  await db.transaction().execute(async (trx) => {
    const org = await organizationOf(trx, organizationId);
    await setSuspension(trx, organizationId, {
      suspendedAt: org.suspendedAt ?? nowIso(),
      suspendedReason: reason,
      suspendedBy: actor.id,
    });
    const heldMail = await holdOrganizationMail(trx, organizationId);
    await recordInstanceEvent(trx, {
      actor,
      action: 'organization.suspended',
      target: targetOf(org),
      organizationId,
      detail: { reason, heldMail },
    });
  });
  // Every campaign of the organisation, on every instance: the cached views learn it.
  supporterCache.invalidateAll();
}

/**
 * Restores the organisation as it was: its mail held by the suspension goes (or, past
 * its time, expires with the suspension's reason), reminders whose moment passed
 * meanwhile expire, its pages come back. Restoring an active one changes nothing.
 */
export async function restoreOrganization(
  deps: SuspensionDeps,
  opts: { organizationId: number; actor: InstanceActor },
): Promise<void> {
  const { db, config, supporterCache } = deps;
  const { organizationId, actor } = opts;
  const restored = await db.transaction().execute(async (trx) => {
    const org = await organizationOf(trx, organizationId);
    if (!org.suspendedAt) return false;
    await setSuspension(trx, organizationId, { suspendedAt: null, suspendedReason: null, suspendedBy: null });
    const releasedMail = await releaseOrganizationMail(trx, config, organizationId);
    const expiredReminders = await expireOverdueReminders(trx, organizationId);
    await recordInstanceEvent(trx, {
      actor,
      action: 'organization.restored',
      target: targetOf(org),
      organizationId,
      detail: { suspendedAt: org.suspendedAt, releasedMail, expiredReminders },
    });
    return true;
  });
  if (restored) supporterCache.invalidateAll();
}
