import { useLingui } from '@lingui/react/macro';
import { MegaphoneIcon, PercentIcon, Share2Icon, UsersIcon } from 'lucide-react';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { useOrganizationStats } from '../api/get-organization-stats.ts';
import { PendingCountsNote } from './pending-counts-note.tsx';
import { ENGAGEMENT_RATE, ENGAGEMENT_RATE_MEANS, formatCount, formatRate, StatTile } from './stat-tile.tsx';
import { UnconfirmedSharesNote } from './unconfirmed-shares-note.tsx';
import { FIGURE_MESSAGES } from '../lib/figure-labels.ts';

/**
 * The dashboard's four stat cards, and under them the share windows opened and posts
 * prepared (not shares: whether they were posted is not known). Until they arrive each reads '…'; when they cannot
 * be read the cards give way to the failure and a Retry: a 0 would be a claim.
 */
export function OrganizationStatCards({ orgId }: { orgId: number | null }) {
  const stats = useOrganizationStats(orgId);
  const { data } = stats;
  const { i18n, t } = useLingui();
  if (stats.isError) {
    return (
      <section aria-label={t`Organization statistics`}>
        <QueryError title={t`Failed to fetch organization stats`} query={stats} />
      </section>
    );
  }
  const show = (value: string) => (data ? value : '…');
  return (
    <section aria-label={t`Organization statistics`} aria-busy={!data} className="space-y-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label={t`Total Shares`}
          value={show(formatCount(i18n, data?.totalShares))}
          icon={Share2Icon}
        />
        <StatTile
          label={t`Active Supporters`}
          means={i18n._(FIGURE_MESSAGES.activeMeans)}
          value={show(formatCount(i18n, data?.activeSupporters))}
          icon={UsersIcon}
        />
        <StatTile
          label={i18n._(ENGAGEMENT_RATE)}
          means={i18n._(ENGAGEMENT_RATE_MEANS)}
          value={show(formatRate(i18n, data?.engagementRate))}
          icon={PercentIcon}
        />
        <StatTile
          label={t`Active Campaigns`}
          value={show(formatCount(i18n, data?.activeCampaigns))}
          icon={MegaphoneIcon}
        />
      </div>
      <UnconfirmedSharesNote stats={data} />
      <PendingCountsNote since={data?.pendingSince} />
    </section>
  );
}
