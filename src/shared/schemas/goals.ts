import { z } from 'zod';

// A campaign's goal (docs/api.md "Momentum", Goals): one figure of its stats, a
// target and an optional date. The progress is that figure as GET
// /api/campaigns/:id/stats gives it, never a count of its own.

export const GOAL_METRICS = ['shares', 'supporters', 'clickThroughs'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

export const GOAL_TARGET_MAX = 10_000_000;
/** The steps (percent of the target) that mail the staff, each once per goal. */
export const GOAL_STEPS = [50, 90, 100] as const;

const goalMetricField = z.enum(GOAL_METRICS, {
  error: `metric must be one of ${GOAL_METRICS.join(', ')}`,
});
const goalTargetField = z
  .number({ error: 'target must be a whole number' })
  .int('target must be a whole number')
  .min(1, 'target must be at least 1')
  .max(GOAL_TARGET_MAX, `target must be at most ${GOAL_TARGET_MAX}`);
const goalDeadlineField = z.iso.date({ error: 'deadline must be an ISO-8601 date (yyyy-MM-dd)' });

/** POST/PUT /api/campaigns `goal`: the goal, or null for none. */
export const goalInputSchema = z.strictObject({
  metric: goalMetricField,
  target: goalTargetField,
  deadline: goalDeadlineField.nullish(),
});
export type GoalInput = z.infer<typeof goalInputSchema>;

/** A campaign's goal as staff reads and the supporter JSON carry it (no figure). */
export const campaignGoalSchema = z.object({
  metric: goalMetricField,
  target: z.number().int().positive(),
  /** yyyy-MM-dd, or null: no date. */
  deadline: z.string().nullable(),
});
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;

/** GET /api/supporter/campaigns/:id/progress: the goal and its figure now. */
export const goalProgressSchema = campaignGoalSchema.extend({
  /** The campaign's figure named by `metric`, as its stats give it. */
  value: z.number().int().nonnegative(),
  /** value >= target. */
  reached: z.boolean(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

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

/**
 * The goal fields of the staff campaign forms (create and edit): no metric is no goal;
 * the target as typed; the date '' for none. The forms add them to their own schema
 * with `goalTargetCheck`.
 */
export const goalFormFields = {
  goalMetric: z.union([z.literal(''), goalMetricField]),
  goalTarget: z.string().trim(),
  goalDeadline: z.union([z.literal(''), z.iso.date({ error: 'Enter a date' })]),
};
export type GoalFormInput = { goalMetric: '' | GoalMetric; goalTarget: string; goalDeadline: string };

/** With a metric chosen, the target must be a whole number in range (a form's refine). */
export const goalTargetCheck: [
  (v: Pick<GoalFormInput, 'goalMetric' | 'goalTarget'>) => boolean,
  { message: string; path: string[] },
] = [
  (v) =>
    v.goalMetric === '' ||
    (/^\d+$/.test(v.goalTarget) && Number(v.goalTarget) >= 1 && Number(v.goalTarget) <= GOAL_TARGET_MAX),
  { message: `Enter a whole number from 1 to ${GOAL_TARGET_MAX}`, path: ['goalTarget'] },
];

/** The form's goal fields as the API takes them. */
export function goalFromForm(v: GoalFormInput): GoalInput | null {
  if (v.goalMetric === '') return null;
  return { metric: v.goalMetric, target: Number(v.goalTarget), deadline: v.goalDeadline || null };
}

/** A goal as the form's fields. */
export function goalToForm(goal: CampaignGoal | null | undefined): GoalFormInput {
  return {
    goalMetric: goal?.metric ?? '',
    goalTarget: goal ? String(goal.target) : '',
    goalDeadline: goal?.deadline ?? '',
  };
}
