import { useCampaignStats } from '../api/get-campaign-stats.ts';
import { PendingCountsNote } from './pending-counts-note.tsx';
import { ENGAGEMENT_RATE, formatCount, formatRate } from './stat-tile.tsx';
import { OUTCOME_LABELS } from './unconfirmed-shares-note.tsx';

/** The compact stats of an expanded campaign row. */
export function CampaignStatsBlock({ campaignId }: { campaignId: number }) {
  const { data } = useCampaignStats(campaignId);
  const items = [
    ['Total Shares', formatCount(data?.totalShares)],
    ['Active Supporters', formatCount(data?.activeSupporters)],
    [ENGAGEMENT_RATE, formatRate(data?.engagementRate)],
    ['Click-throughs', formatCount(data?.clickThroughs)],
    [OUTCOME_LABELS.opened, formatCount(data?.openedIntents)],
    [OUTCOME_LABELS.prepared, formatCount(data?.preparedPosts)],
  ];
  return (
    <>
      <dl
        aria-label="Campaign statistics"
        className="grid grid-cols-2 gap-3 rounded-lg bg-muted p-3 sm:grid-cols-3"
      >
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <PendingCountsNote since={data?.pendingSince} />
    </>
  );
}
