import {
  DEFAULT_NOTIFICATION_CHOICES,
  NOTIFICATION_SWITCHES,
  type NotificationChoices,
  type UpdateNotificationChoices,
} from '#shared/schemas/notifications.ts';
import type { Db } from '../db/client.ts';
import { auditedWrite, type OrgWrite } from './audit.ts';
import { nowIso } from './time.ts';

// A member's own notification switches in their organisation: one row per member and
// organisation, a JSON document read over the defaults (a new switch needs no
// migration). A member who leaves keeps no say over the organisation's mail: every
// sender checks membership, not this row.

/** Stored JSON over the defaults, keeping only known switches that are booleans. */
export function choicesOf(raw: string | null | undefined): NotificationChoices {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    parsed = {};
  }
  const out = { ...DEFAULT_NOTIFICATION_CHOICES };
  for (const key of NOTIFICATION_SWITCHES) {
    const value = parsed?.[key];
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** A member's switches in `organizationId` (the defaults until they change one). */
export async function readNotificationChoices(
  db: Db,
  member: { userId: number; organizationId: number },
): Promise<NotificationChoices> {
  const row = await db
    .selectFrom('memberNotifications')
    .select('data')
    .where((eb) => eb.and({ userId: member.userId, organizationId: member.organizationId }))
    .executeTakeFirst();
  return choicesOf(row?.data);
}

/**
 * Changes some of a member's switches, keeping the rest, with an audit entry naming
 * what changed (`how`: in the settings, or from a mail's unsubscribe link). `origin`
 * (the site the change came from) is kept for the links of their mail when
 * PUBLIC_URL is unset; an empty one keeps the last.
 */
export async function writeNotificationChoices(
  w: OrgWrite,
  input: UpdateNotificationChoices,
  opts: { origin?: string; how: string },
): Promise<NotificationChoices> {
  const member = { userId: w.actorId, organizationId: w.orgId };
  return auditedWrite(w, async (trx, audit) => {
    const current = await readNotificationChoices(trx, member);
    const next = { ...current, ...input };
    const data = JSON.stringify(next);
    const updatedAt = nowIso();
    const origin = opts.origin || null;
    await trx
      .insertInto('memberNotifications')
      .values({ ...member, data, origin, updatedAt })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'organizationId'])
          .doUpdateSet({ data, updatedAt, ...(origin ? { origin } : {}) }),
      )
      .execute();
    const changed = NOTIFICATION_SWITCHES.filter((k) => input[k] !== undefined)
      .map((k) => `${k} ${input[k] ? 'on' : 'off'}`)
      .join(', ');
    await audit('account.notifications_updated', `${changed || 'nothing'} (${opts.how})`);
    return next;
  });
}
