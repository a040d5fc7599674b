import { useLingui } from '@lingui/react/macro';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { GOAL_FIGURE } from '#shared/schemas/goals.ts';
import type { Stats } from '#shared/schemas/shares.ts';
import { GoalBar } from '#client/components/goal-bar.tsx';

/**
 * The campaign page's goal and its progress: the figure from the campaign's stats (the
 * same number supporters see on their page, docs/api.md "Momentum"). Nothing without a goal.
 */
export function CampaignGoal({ campaign, stats }: { campaign: Campaign; stats: Stats }) {
  const { t } = useLingui();
  const goal = campaign.goal;
  if (!goal) return null;
  const value = stats[GOAL_FIGURE[goal.metric]];
  return (
    <section aria-labelledby="campaign-goal" className="max-w-xl space-y-2 rounded-lg border bg-card p-4">
      <h2 id="campaign-goal" className="text-base font-semibold">
        {value >= goal.target ? t`Goal reached` : t`Goal`}
      </h2>
      <GoalBar goal={goal} value={value} />
    </section>
  );
}
