import { z } from 'zod';
import { type CampaignGoal, campaignGoalSchema, type GoalMetric, goalMetricField } from './goals.ts';

// A campaign goal's payloads (docs/api.md "Momentum", Goals): what staff send, the
// fields of the staff forms, and the public progress answer.

export const GOAL_TARGET_MAX = 10_000_000;
/** The steps (percent of the target) that mail the staff, each once per goal. */
export const GOAL_STEPS = [50, 90, 100] as const;

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

/** GET /api/supporter/campaigns/:id/progress: the goal and its figure now. */
export const goalProgressSchema = campaignGoalSchema.extend({
  /** The campaign's figure named by `metric`, as its stats give it. */
  value: z.number().int().nonnegative(),
  /** value >= target. */
  reached: z.boolean(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

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
