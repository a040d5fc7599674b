import { useLingui } from '@lingui/react/macro';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { GOAL_METRICS, type GoalMetric } from '#shared/schemas/goals.ts';
import { InputField, SelectField } from '#client/components/ui/form-field.tsx';

/**
 * A campaign's goal as the create and edit forms ask for it (docs/api.md "Momentum"):
 * the figure (none: no goal), its target and an optional date. The target and date
 * show only once a figure is chosen.
 */
export function CampaignGoalFields({
  uid,
  metric,
  chosen,
  target,
  deadline,
  errors,
}: {
  uid: string;
  /** register('goalMetric'), register('goalTarget') and register('goalDeadline') of the form. */
  metric: UseFormRegisterReturn;
  /** The metric chosen now (watch('goalMetric')). */
  chosen: '' | GoalMetric;
  target: UseFormRegisterReturn;
  deadline: UseFormRegisterReturn;
  errors: { goalMetric?: FieldError; goalTarget?: FieldError; goalDeadline?: FieldError };
}) {
  const { t } = useLingui();
  const names: Record<GoalMetric, string> = {
    shares: t`Shares`,
    supporters: t`Supporters who shared`,
    clickThroughs: t`Click-throughs`,
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{t`Goal (optional)`}</legend>
      <SelectField
        id={`${uid}-goal-metric`}
        label={t`Goal figure`}
        help={t`Supporters see the progress on the campaign page.`}
        error={errors.goalMetric?.message}
        {...metric}
      >
        <option value="">{t`No goal`}</option>
        {GOAL_METRICS.map((m) => (
          <option key={m} value={m}>
            {names[m]}
          </option>
        ))}
      </SelectField>
      {chosen !== '' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={`${uid}-goal-target`}
            label={t`Target`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.goalTarget?.message}
            {...target}
          />
          <InputField
            id={`${uid}-goal-deadline`}
            label={t`Goal date (optional)`}
            type="date"
            error={errors.goalDeadline?.message}
            {...deadline}
          />
        </div>
      )}
    </fieldset>
  );
}
