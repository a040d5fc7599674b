import { z } from 'zod';

// A campaign's goal (docs/api.md "Momentum", Goals): one figure of its stats, a
// target and an optional date. The progress is that figure as GET
// /api/campaigns/:id/stats gives it, never a count of its own. What the supporter JSON
// carries only: the payloads (staff input, forms, the progress answer) are in
// goal-payloads.ts, so the supporter page's start does not carry them.

export const GOAL_METRICS = ['shares', 'supporters', 'clickThroughs'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

export const goalMetricField = z.enum(GOAL_METRICS, {
  error: `metric must be one of ${GOAL_METRICS.join(', ')}`,
});
/** A campaign's goal as staff reads and the supporter JSON carry it (no figure). */
export const campaignGoalSchema = z.object({
  metric: goalMetricField,
  target: z.number().int().positive(),
  /** yyyy-MM-dd, or null: no date. */
  deadline: z.string().nullable(),
});
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;

/** The stats figure each metric names (GET /api/campaigns/:id/stats). */
export const GOAL_FIGURE = {
  shares: 'totalShares',
  supporters: 'uniqueSupporters',
  clickThroughs: 'clickThroughs',
} as const satisfies Record<GoalMetric, string>;

/** The goal stored in a campaign row's three columns; null when it has none. */
export function storedGoal(row: {
  goalMetric: string | null;
  goalTarget: number | null;
  goalDeadline: string | null;
}): CampaignGoal | null {
  const metric = GOAL_METRICS.find((m) => m === row.goalMetric);
  if (!metric || !row.goalTarget) return null;
  return { metric, target: Number(row.goalTarget), deadline: row.goalDeadline };
}
