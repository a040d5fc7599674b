import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CampaignGoal, GoalMetric } from '#shared/schemas/goals.ts';
import { cn } from '#client/lib/utils.ts';

// A campaign goal's progress, as the supporter page and the staff campaign page show it
// (docs/api.md "Momentum"): "1,204 of 2,000 shares" over a bar. A module of its own: the
// supporter page loads it with its lazy progress part, never at start.

/** "{value} of {target} {metric}" in the reader's language. */
function useProgressWords(metric: GoalMetric, value: number, target: number): string {
  const { i18n } = useLingui();
  const v = i18n.number(value);
  if (metric === 'supporters')
    return plural(target, { one: `${v} of # supporter`, other: `${v} of # supporters` });
  if (metric === 'clickThroughs')
    return plural(target, { one: `${v} of # click-through`, other: `${v} of # click-throughs` });
  return plural(target, { one: `${v} of # share`, other: `${v} of # shares` });
}

/** English dates day first (as the staff mail has them); the pseudo-locale's as English. */
const dateLocale = (locale: string) => (locale === 'en' || locale === 'pseudo' ? 'en-GB' : locale);

export function GoalBar({
  goal,
  value,
  className,
}: {
  goal: CampaignGoal;
  value: number;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const words = useProgressWords(goal.metric, value, goal.target);
  const percent = Math.min(100, Math.floor((value / goal.target) * 100));
  const by = goal.deadline
    ? new Date(`${goal.deadline}T12:00:00Z`).toLocaleDateString(dateLocale(i18n.locale), {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })
    : null;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-semibold" data-testid="goal-words">
          {words}
        </span>
        {by && <span className="text-muted-foreground">{t`Goal by ${by}`}</span>}
      </div>
      <div
        role="progressbar"
        aria-label={t`Campaign goal`}
        aria-valuemin={0}
        aria-valuemax={goal.target}
        aria-valuenow={Math.min(value, goal.target)}
        aria-valuetext={words}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-700 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
