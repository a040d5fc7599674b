import type { GoalInput } from '#shared/schemas/goal-payloads.ts';

/** A goal (or null: none) as the campaign row's three columns (migration 0048). */
export function goalColumns(goal: GoalInput | null) {
  return {
    goalMetric: goal?.metric ?? null,
    goalTarget: goal?.target ?? null,
    goalDeadline: goal?.deadline ?? null,
  };
}
