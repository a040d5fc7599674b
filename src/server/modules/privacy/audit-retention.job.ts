import { DAY_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';
import type { AuditAction } from '../../lib/audit.ts';
import { cutoffFor } from './retention.job.ts';

// The audit retention (issue 27 item 6, docs/privacy.md "How long", the registry's
// `audit`): an organisation's audit entries older than its `auditMonths` (Settings >
// Privacy, 24 unless changed) keep who acted only while that person is still a member
// of it. Once past the retention and no longer a member (removed, left, account
// deleted), the entry loses the actor (`actorId`, the link to their username, email
// and name) and, in an entry of their own account whose target names them (their
// sign-ins, account and address changes, joining, leaving), the target too; the
// entry itself stays (action, time, an API key's label, what was done to), showing a
// former member. Checked again every day: a member who leaves later loses their old
// entries at the next run.

export const AUDIT_RETENTION_JOB = 'audit-retention';
export const AUDIT_RETENTION_EVERY_MS = DAY_MS;
/** Entries stripped in one step (one transaction). */
export const AUDIT_RETENTION_BATCH = 1000;

/** What a stripped self-naming entry says in place of the actor's name or address. */
export const FORMER_MEMBER_TARGET = 'a former member';

/** Entries of the actor's own account: their target is the actor's username or address. */
export const SELF_NAMING_ACTIONS: readonly AuditAction[] = [
  'auth.sign_in',
  'auth.sign_out',
  'account.profile_updated',
  'account.email_change_requested',
  'account.email_changed',
  'account.email_change_undone',
  'account.password_changed',
  'account.password_reset',
  'member.joined',
  'member.left',
];

/**
 * Whose entries a query finds: `departed`, an actor who is no longer a member of the
 * entry's organisation; `deleted`, an account deleted since (its id went with it, on
 * delete set null) whose own entry still names it. Two queries, not one with OR, so
 * each reads by its own index.
 */
export type FormerActors = 'departed' | 'deleted';

/** Up to `limit` entries past their organisation's audit retention (`months`, `cutoff`) still naming a former member. */
export function formerMembersEntries(
  trx: Db,
  months: number,
  cutoff: string,
  limit: number,
  which: FormerActors,
) {
  const q = trx
    .selectFrom('auditLog as a')
    .innerJoin('organizations as o', 'o.id', 'a.organizationId')
    .select(['a.id', 'a.action'])
    .where('o.auditMonths', '=', months)
    .where('a.createdAt', '<', cutoff);
  return (
    which === 'departed'
      ? // No member of the entry's organisation has the actor's id (gone, or elsewhere).
        q
          .leftJoin('users as m', (join) =>
            join.onRef('m.id', '=', 'a.actorId').onRef('m.organizationId', '=', 'a.organizationId'),
          )
          .where('a.actorId', 'is not', null)
          .where('m.id', 'is', null)
      : q
          .where('a.actorId', 'is', null)
          .where('a.action', 'in', SELF_NAMING_ACTIONS)
          .where('a.target', '<>', FORMER_MEMBER_TARGET)
  )
    .orderBy('a.id')
    .limit(limit);
}

/** One step: strips up to `batch` entries. True when the batch was full (more may be waiting). */
export async function stripFormerMembers(trx: Db, opts: { now: number; batch?: number }): Promise<boolean> {
  let budget = opts.batch ?? AUDIT_RETENTION_BATCH;
  const months = await trx.selectFrom('organizations').select('auditMonths').distinct().execute();
  const passes = months.flatMap(({ auditMonths }) =>
    (['departed', 'deleted'] as const).map((which) => ({ auditMonths, which })),
  );
  for (const { auditMonths, which } of passes) {
    const cutoff = cutoffFor(auditMonths, opts.now);
    const rows = await formerMembersEntries(trx, auditMonths, cutoff, budget, which).execute();
    const self = rows.filter((r) => SELF_NAMING_ACTIONS.includes(r.action as AuditAction)).map((r) => r.id);
    const others = rows.filter((r) => !self.includes(r.id)).map((r) => r.id);
    if (others.length > 0)
      await trx.updateTable('auditLog').set({ actorId: null }).where('id', 'in', others).execute();
    if (self.length > 0)
      await trx
        .updateTable('auditLog')
        .set({ actorId: null, target: FORMER_MEMBER_TARGET })
        .where('id', 'in', self)
        .execute();
    budget -= rows.length;
    if (budget <= 0) return true;
  }
  return false;
}

/** The audit retention job: daily, across instances once (periodicJob, its own lock key). */
export function auditRetentionJob(opts: { now?: () => number; batch?: number } = {}): Job {
  return periodicJob({
    name: AUDIT_RETENTION_JOB,
    lockKey: 29,
    everyMs: AUDIT_RETENTION_EVERY_MS,
    now: opts.now,
    work: (trx, now) => stripFormerMembers(trx, { now, batch: opts.batch }),
  });
}
