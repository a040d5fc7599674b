import {
  ClipboardCheckIcon,
  ExternalLinkIcon,
  MousePointerClickIcon,
  PercentIcon,
  Share2Icon,
  UsersIcon,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ENGAGEMENT_RATE, ENGAGEMENT_RATE_MEANS, formatCount, formatRate, StatTile } from './stat-tile.tsx';
import { OUTCOME_LABELS } from './unconfirmed-shares-note.tsx';
import { anyActivity, FIGURE_LABELS } from '../lib/figure-labels.ts';

const DailyChart = lazy(() => import('./daily-chart.tsx'));

/**
 * Campaign analytics: shares, supporters, engagement and click-throughs, the share
 * windows opened and posts prepared (apart: not known to be posted), and the last 30
 * days of shares and clicks.
 */
export function AnalyticsPanel({ stats }: { stats: CampaignStats }) {
  const daily = stats.daily ?? [];
  const hasActivity = daily.some(anyActivity);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Campaign Analytics</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <StatTile label="Total Shares" value={formatCount(stats.totalShares)} icon={Share2Icon} />
          <StatTile
            label="Active Supporters"
            means={FIGURE_LABELS.activeMeans}
            value={formatCount(stats.activeSupporters)}
            icon={UsersIcon}
          />
          <StatTile
            label={ENGAGEMENT_RATE}
            means={ENGAGEMENT_RATE_MEANS}
            value={formatRate(stats.engagementRate)}
            icon={PercentIcon}
          />
          <StatTile
            label="Click-throughs"
            value={formatCount(stats.clickThroughs)}
            icon={MousePointerClickIcon}
          />
          <StatTile
            label={OUTCOME_LABELS.opened}
            means={OUTCOME_LABELS.notShares}
            value={formatCount(stats.openedIntents)}
            icon={ExternalLinkIcon}
          />
          <StatTile
            label={OUTCOME_LABELS.prepared}
            means={OUTCOME_LABELS.notShares}
            value={formatCount(stats.preparedPosts)}
            icon={ClipboardCheckIcon}
          />
        </div>
        <section
          aria-label="Shares, clicks, share windows opened and posts prepared over the last 30 days"
          className="space-y-2"
        >
          <h4 className="text-sm font-medium">Last 30 days</h4>
          {hasActivity ? (
            <Suspense
              fallback={
                <div className="flex h-60 items-center justify-center">
                  <Spinner label="Loading chart" />
                </div>
              }
            >
              <DailyChart daily={daily} />
            </Suspense>
          ) : (
            <p className="rounded-md bg-muted p-6 text-center text-sm text-muted-foreground">
              No shares, clicks, share windows opened or posts prepared in the last 30 days yet.
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
