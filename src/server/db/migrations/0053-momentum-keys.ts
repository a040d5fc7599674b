import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';

// Momentum hardening (docs/decisions/0035-goals.md, 0037-moments.md):
// - campaigns.goalVersion: bumped whenever a goal's figure or target changes or the goal
//   is removed, so a goal's staff mails are keyed by the goal itself
//   (`{version}:{metric}:{target}:{step}`): a changed or reset goal mails its 50/90/100%
//   again, the same goal never twice. The keys already written (`{target}:{step}`) are
//   the campaign's current goal's at version 0 when the target is its target; any
//   other (a target since replaced) could match nothing any more and goes.
// - A commitment to a shared moment that the supporter moved (`rescheduled`) leaves the
//   moment: its `momentId` is cleared, as the reschedule now does, so it no longer holds
//   the visitor's one place in the moment.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('goalVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const goalOf = sql`(select c."goalMetric" || ':' || cast(c."goalTarget" as text) from "campaigns" c where c."id" = "staffNotices"."subjectId" and c."goalMetric" is not null)`;
  const targetOf = sql`(select cast(c."goalTarget" as text) from "campaigns" c where c."id" = "staffNotices"."subjectId" and c."goalMetric" is not null)`;
  await sql`delete from "staffNotices" where "kind" = 'goal' and (${targetOf} is null or "period" not like (${targetOf} || ':%'))`.execute(
    db,
  );
  await sql`update "staffNotices" set "period" = '0:' || ${goalOf} || substr("period", length(${targetOf}) + 1) where "kind" = 'goal'`.execute(
    db,
  );
  await db.updateTable('shares').set({ momentId: null }).where('status', '=', 'rescheduled').execute();
}
