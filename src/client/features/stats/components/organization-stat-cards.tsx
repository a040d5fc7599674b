import { MegaphoneIcon, PercentIcon, Share2Icon, UsersIcon } from 'lucide-react';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { useOrganizationStats } from '../api/get-organization-stats.ts';
import { PendingCountsNote } from './pending-counts-note.tsx';
import { ENGAGEMENT_RATE, ENGAGEMENT_RATE_MEANS, formatCount, formatRate, StatTile } from './stat-tile.tsx';
import { UnconfirmedSharesNote } from './unconfirmed-shares-note.tsx';
import { FIGURE_LABELS } from '../lib/figure-labels.ts';

/**
 * The dashboard's four stat cards, and under them the share windows opened and posts
 * prepared (not shares: whether they were posted is not known). Until they arrive each reads '…'; when they cannot
 * be read the cards give way to the failure and a Retry: a 0 would be a claim.
 */
export function OrganizationStatCards({ orgId }: { orgId: number | null }) {
  const stats = useOrganizationStats(orgId);
  const { data } = stats;
  if (stats.isError) {
    return (
      <section aria-label="Organization statistics">
        <QueryError title="Failed to fetch organization stats" query={stats} />
      </section>
    );
  }
  const show = (value: string) => (data ? value : '…');
  return (
    <section aria-label="Organization statistics" aria-busy={!data} className="space-y-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Total Shares" value={show(formatCount(data?.totalShares))} icon={Share2Icon} />
        <StatTile
          label="Active Supporters"
          means={FIGURE_LABELS.activeMeans}
          value={show(formatCount(data?.activeSupporters))}
          icon={UsersIcon}
        />
        <StatTile
          label={ENGAGEMENT_RATE}
          means={ENGAGEMENT_RATE_MEANS}
          value={show(formatRate(data?.engagementRate))}
          icon={PercentIcon}
        />
        <StatTile
          label="Active Campaigns"
          value={show(formatCount(data?.activeCampaigns))}
          icon={MegaphoneIcon}
        />
      </div>
      <UnconfirmedSharesNote stats={data} />
      <PendingCountsNote since={data?.pendingSince} />
    </section>
  );
}
