import { MegaphoneIcon, PercentIcon, Share2Icon, UsersIcon } from 'lucide-react';
import { useOrganizationStats } from '../api/get-organization-stats.ts';
import { formatCount, formatRate, StatTile } from './stat-tile.tsx';

/** The dashboard's four stat cards; zeros while loading or when there is no data. */
export function OrganizationStatCards({ orgId }: { orgId: number | null }) {
  const { data, isError } = useOrganizationStats(orgId);
  return (
    <section aria-label="Organization statistics" className="space-y-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Total Shares" value={formatCount(data?.totalShares)} icon={Share2Icon} />
        <StatTile label="Active Supporters" value={formatCount(data?.activeSupporters)} icon={UsersIcon} />
        <StatTile label="Engagement Rate" value={formatRate(data?.engagementRate)} icon={PercentIcon} />
        <StatTile label="Active Campaigns" value={formatCount(data?.activeCampaigns)} icon={MegaphoneIcon} />
      </div>
      {isError && <p className="text-sm text-destructive">Failed to fetch organization stats</p>}
    </section>
  );
}
