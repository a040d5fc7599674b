import { useLingui } from '@lingui/react/macro';
import { useCampaignStats } from '../api/get-campaign-stats.ts';
import { PendingCountsNote } from './pending-counts-note.tsx';
import { ENGAGEMENT_RATE, formatCount, formatRate } from './stat-tile.tsx';
import { OUTCOME_LABELS } from './unconfirmed-shares-note.tsx';

/** The compact stats of an expanded campaign row. */
export function CampaignStatsBlock({ campaignId }: { campaignId: number }) {
  const { data } = useCampaignStats(campaignId);
  const { i18n, t } = useLingui();
  const items = [
    [t`Total Shares`, formatCount(i18n, data?.totalShares)],
    [t`Active Supporters`, formatCount(i18n, data?.activeSupporters)],
    [i18n._(ENGAGEMENT_RATE), formatRate(i18n, data?.engagementRate)],
    [t`Click-throughs`, formatCount(i18n, data?.clickThroughs)],
    [i18n._(OUTCOME_LABELS.opened), formatCount(i18n, data?.openedIntents)],
    [i18n._(OUTCOME_LABELS.prepared), formatCount(i18n, data?.preparedPosts)],
  ];
  return (
    <>
      <dl
        aria-label={t`Campaign statistics`}
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
