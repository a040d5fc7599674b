import { sql } from 'kysely';
import { DAY_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';
import type { AuditAction } from '../../lib/audit.ts';
import { cutoffFor } from './retention.job.ts';

// The audit retention (issue 27 item 6, docs/privacy.md "How long", the registry's
// `audit`): an organisation's audit entries older than its `auditMonths` (Settings >
// Privacy, 24 unless changed) name a person only while that person is still a member
// of it. Once past the retention:
// - an actor no longer a member (removed, left, account deleted) loses the link to
//   their username, email and name (`actorId`) and, in an entry of their own account
//   whose target names them (their sign-ins, account and address changes, joining,
//   leaving, deleting the account), the target too;
// - an entry about another person (a removal, a role change, an invitation) loses its
//   target when no member of the organisation has that username or address any more
//   (removed, left, deleted, or invited and never joined).
// The entry itself stays (action, time, an API key's label, a campaign's or setting's
// name), showing a former member. Checked again every day: a member who leaves later
// loses their old entries at the next run.

export const AUDIT_RETENTION_JOB = 'audit-retention';
export const AUDIT_RETENTION_EVERY_MS = DAY_MS;
/** Entries stripped in one step (one transaction). */
export const AUDIT_RETENTION_BATCH = 1000;

/** What a stripped entry says in place of a former member's name or address. */
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
  'account.deleted',
];

/**
 * Entries whose target names another person, and what follows the name in it (their
 * writers: members.service.ts, invitations.service.ts): the member removed (`alice`),
 * whose role changed (`alice: viewer -> editor`), the address invited or whose
 * invitation was revoked (`bob@example.org as editor`). An explicit list, decided by
 * the action and not by the text: every other target names a thing (a campaign, an
 * asset, an API key, a setting, a session), or the actor (SELF_NAMING_ACTIONS), and is
 * never taken for a person who happens to share its text.
 */
export const PERSON_NAMING_ACTIONS = {
  'member.removed': '',
  'member.role_changed': ': ',
  'member.review_permission_changed': ': ',
  'invitation.created': ' as ',
  'invitation.revoked': ' as ',
} as const satisfies Partial<Record<AuditAction, string>>;

/**
 * Whose entries a query finds: `departed`, an actor who is no longer a member of the
 * entry's organisation; `deleted`, an account deleted since (its id went with it, on
 * delete set null) whose own entry still names it; `named`, an entry about another
 * person (PERSON_NAMING_ACTIONS) none of the organisation's members is. One query
 * each, not one with OR, so each reads by its own index.
 */
export type FormerActors = 'departed' | 'deleted' | 'named';

/**
 * True when the entry `a`'s target names the user `u` (username or address, in any
 * case: addresses are compared as the sign-up and invitations compare them): the
 * whole target, or the name followed by its action's separator. Plain SQL (`substr`,
 * `length`, `lower`, `||`) that SQLite and PostgreSQL read alike.
 */
function targetNamesUser() {
  const target = sql.ref('a.target');
  const groups = new Map<string, string[]>();
  for (const [action, sep] of Object.entries(PERSON_NAMING_ACTIONS))
    groups.set(sep, [...(groups.get(sep) ?? []), action]);
  const names = (sep: string, column: string) => {
    const name = sql.ref(column);
    return sep === ''
      ? sql`lower(${target}) = lower(${name})`
      : sql`lower(substr(${target}, 1, length(${name}) + ${sql.lit(sep.length)})) = lower(${name}) || ${sql.lit(sep)}`;
  };
  const any = [...groups].map(
    ([sep, actions]) =>
      sql`(${sql.ref('a.action')} in (${sql.join(actions.map((x) => sql.lit(x)))}) and (${names(sep, 'u.username')} or ${names(sep, 'u.email')}))`,
  );
  return sql<boolean>`(${sql.join(any, sql` or `)})`;
}

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
  const found =
    which === 'departed'
      ? // No member of the entry's organisation has the actor's id (gone, or elsewhere).
        q
          .leftJoin('users as m', (join) =>
            join.onRef('m.id', '=', 'a.actorId').onRef('m.organizationId', '=', 'a.organizationId'),
          )
          .where('a.actorId', 'is not', null)
          .where('m.id', 'is', null)
      : which === 'deleted'
        ? q
            .where('a.actorId', 'is', null)
            .where('a.action', 'in', SELF_NAMING_ACTIONS)
            .where('a.target', '<>', FORMER_MEMBER_TARGET)
        : // No member of the entry's organisation has the name or address its target gives.
          q
            .where('a.action', 'in', Object.keys(PERSON_NAMING_ACTIONS) as AuditAction[])
            .where('a.target', '<>', FORMER_MEMBER_TARGET)
            .where(({ exists, not, selectFrom }) =>
              not(
                exists(
                  selectFrom('users as u')
                    .select(sql.lit(1).as('one'))
                    .whereRef('u.organizationId', '=', 'a.organizationId')
                    .where(targetNamesUser()),
                ),
              ),
            );
  return found.orderBy('a.id').limit(limit);
}

/** One step: strips up to `batch` entries. True when the batch was full (more may be waiting). */
export async function stripFormerMembers(trx: Db, opts: { now: number; batch?: number }): Promise<boolean> {
  let budget = opts.batch ?? AUDIT_RETENTION_BATCH;
  const months = await trx.selectFrom('organizations').select('auditMonths').distinct().execute();
  const passes = months.flatMap(({ auditMonths }) =>
    (['departed', 'deleted', 'named'] as const).map((which) => ({ auditMonths, which })),
  );
  for (const { auditMonths, which } of passes) {
    const cutoff = cutoffFor(auditMonths, opts.now);
    const rows = await formerMembersEntries(trx, auditMonths, cutoff, budget, which).execute();
    const strip = async (ids: number[], set: { actorId?: null; target?: string }) => {
      if (ids.length > 0) await trx.updateTable('auditLog').set(set).where('id', 'in', ids).execute();
    };
    if (which === 'named')
      // The actor (if still a member) stays: only the former member's name goes.
      await strip(
        rows.map((r) => r.id),
        { target: FORMER_MEMBER_TARGET },
      );
    else {
      const self = rows.filter((r) => SELF_NAMING_ACTIONS.includes(r.action as AuditAction)).map((r) => r.id);
      await strip(
        rows.filter((r) => !self.includes(r.id)).map((r) => r.id),
        { actorId: null },
      );
      await strip(self, { actorId: null, target: FORMER_MEMBER_TARGET });
    }
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
