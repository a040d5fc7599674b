import {
  ClipboardCheckIcon,
  ExternalLinkIcon,
  MousePointerClickIcon,
  PercentIcon,
  Share2Icon,
  UsersIcon,
} from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ENGAGEMENT_RATE, ENGAGEMENT_RATE_MEANS, formatCount, formatRate, StatTile } from './stat-tile.tsx';
import { OUTCOME_LABELS } from './unconfirmed-shares-note.tsx';
import { anyActivity, FIGURE_MESSAGES } from '../lib/figure-labels.ts';

const DailyChart = lazy(() => import('./daily-chart.tsx'));

/**
 * Campaign analytics: shares, supporters, engagement and click-throughs, the share
 * windows opened and posts prepared (apart: not known to be posted), and the last 30
 * days of shares and clicks.
 */
export function AnalyticsPanel({ stats }: { stats: CampaignStats }) {
  const daily = stats.daily ?? [];
  const hasActivity = daily.some(anyActivity);
  const { i18n, t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <Trans>Campaign Analytics</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <StatTile label={t`Total Shares`} value={formatCount(i18n, stats.totalShares)} icon={Share2Icon} />
          <StatTile
            label={t`Active Supporters`}
            means={i18n._(FIGURE_MESSAGES.activeMeans)}
            value={formatCount(i18n, stats.activeSupporters)}
            icon={UsersIcon}
          />
          <StatTile
            label={i18n._(ENGAGEMENT_RATE)}
            means={i18n._(ENGAGEMENT_RATE_MEANS)}
            value={formatRate(i18n, stats.engagementRate)}
            icon={PercentIcon}
          />
          <StatTile
            label={t`Click-throughs`}
            value={formatCount(i18n, stats.clickThroughs)}
            icon={MousePointerClickIcon}
          />
          <StatTile
            label={i18n._(OUTCOME_LABELS.opened)}
            means={i18n._(OUTCOME_LABELS.notShares)}
            value={formatCount(i18n, stats.openedIntents)}
            icon={ExternalLinkIcon}
          />
          <StatTile
            label={i18n._(OUTCOME_LABELS.prepared)}
            means={i18n._(OUTCOME_LABELS.notShares)}
            value={formatCount(i18n, stats.preparedPosts)}
            icon={ClipboardCheckIcon}
          />
        </div>
        <section
          aria-label={t`Shares, clicks, share windows opened and posts prepared over the last 30 days`}
          className="space-y-2"
        >
          <h4 className="text-sm font-medium">
            <Trans>Last 30 days</Trans>
          </h4>
          {hasActivity ? (
            <Suspense
              fallback={
                <div className="flex h-60 items-center justify-center">
                  <Spinner label={t`Loading chart`} />
                </div>
              }
            >
              <DailyChart daily={daily} />
            </Suspense>
          ) : (
            <p className="rounded-md bg-muted p-6 text-center text-sm text-muted-foreground">
              <Trans>
                No shares, clicks, share windows opened or posts prepared in the last 30 days yet.
              </Trans>
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
