import { sql } from 'kysely';
import type { GoalInput } from '#shared/schemas/goal-payloads.ts';

/** A goal (or null: none) as the campaign row's three columns (migration 0048). */
export function goalColumns(goal: GoalInput | null) {
  return {
    goalMetric: goal?.metric ?? null,
    goalTarget: goal?.target ?? null,
    goalDeadline: goal?.deadline ?? null,
  };
}

/**
 * The column change of an edit that sets `next` over `current`: a goal with another
 * figure or target, or none, is a new goal (`goalVersion` + 1), which gets its own staff
 * mails at 50%, 90% and 100% (modules/notifications); a new date alone is the same goal.
 */
export function goalVersionChange(
  current: Pick<GoalInput, 'metric' | 'target'> | null,
  next: Pick<GoalInput, 'metric' | 'target'> | null | undefined,
) {
  if (next === undefined) return {};
  const same =
    current && next ? current.metric === next.metric && current.target === next.target : !current && !next;
  return same ? {} : { goalVersion: sql<number>`${sql.ref('goalVersion')} + 1` };
}
