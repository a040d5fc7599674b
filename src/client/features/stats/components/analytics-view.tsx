import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DownloadIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { platformName } from '#shared/platforms.ts';
import { EXACT_TOP_EVENTS, type ExportQuery } from '#shared/schemas/analytics.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { hasErrorCode } from '#client/lib/api-client.ts';
import { browserTimeZone } from '#client/lib/time-zones.ts';
import { useOrganizationSettings } from '#client/features/organization/index.ts';
import { type AnalyticsScope, type AnyAnalytics, exportUrl, useAnalytics } from '../api/get-analytics.ts';
import { type DateRange, presetRange, type RangePreset } from '../lib/date-range.ts';
import { RangeControl, type ZoneSource } from './range-control.tsx';
import { ReferralGenerations } from './referral-generations.tsx';
import { PendingCountsNote } from './pending-counts-note.tsx';
import { type Column, SortableTable } from './sortable-table.tsx';
import { ENGAGEMENT_RATE, ENGAGEMENT_RATE_MEANS, formatCount, formatRate } from './stat-tile.tsx';
import { VariantTests } from './variant-tests.tsx';
import { LanguageBreakdown } from './language-breakdown.tsx';
import { LeaderboardPanel } from './leaderboard-panel.tsx';
import { Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { TabsListOf } from '#client/components/ui/tabs-list-of.tsx';
import { anyActivity, FIGURE_MESSAGES } from '../lib/figure-labels.ts';

type ExportType = ExportQuery['type'];

const DailyChart = lazy(() => import('./daily-chart.tsx'));

/** The CSV downloads of the range: each figure's events apart. */
const EXPORTS: [ExportType, MessageDescriptor][] = [
  ['shares', msg`Download shares CSV`],
  ['opened', msg`Download share windows opened CSV`],
  ['prepared', msg`Download posts prepared CSV`],
  ['clicks', msg`Download clicks CSV`],
];

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

type Row = { shares: number; clicks: number };
type BreakdownRow = Row & { openedIntents: number; preparedPosts: number };

/** The columns of a breakdown's windows opened and posts prepared: apart from the shares, named as the totals. */
const outcomeColumns = <T extends BreakdownRow>(i18n: I18n): Column<T>[] => [
  {
    key: 'openedIntents',
    label: i18n._(FIGURE_MESSAGES.opened),
    value: (r) => r.openedIntents,
    numeric: true,
  },
  {
    key: 'preparedPosts',
    label: i18n._(FIGURE_MESSAGES.prepared),
    value: (r) => r.preparedPosts,
    numeric: true,
  },
];

/**
 * A table by one thing (platform, asset...): its column, then shares and clicks (and
 * for a breakdown, `more`: the windows opened and posts prepared, stacked on a phone),
 * most shares first.
 */
function CountTable<T extends Row>({
  first,
  more = [],
  ...table
}: {
  caption: string;
  note?: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  first: Column<T>;
  more?: Column<T>[];
}) {
  const { i18n } = useLingui();
  return (
    <SortableTable
      {...table}
      stacked={more.length > 0}
      initialSort={{ key: 'shares', direction: 'descending' }}
      columns={[
        first,
        { key: 'shares', label: i18n._(FIGURE_MESSAGES.shares), value: (r) => r.shares, numeric: true },
        { key: 'clicks', label: i18n._(FIGURE_MESSAGES.clicks), value: (r) => r.clicks, numeric: true },
        ...more,
      ]}
    />
  );
}

/** Beside the top supporters when the server drew them from each day's leaders (topSupportersExact false). */
export function topSupportersEstimateNote(i18n: I18n): string {
  const events = i18n.number(EXACT_TOP_EVENTS);
  return i18n._(
    msg`Among the most active: with more than ${events} shares and clicks in the range, this list is drawn from each day's most active supporters, so someone who shares a little on many days can be missing. The counts shown are exact.`,
  );
}

/**
 * Analytics of a campaign or of the whole organisation over a date range: totals, a
 * chart per day, tables per platform, asset (and campaign), referral generations, top
 * supporters and CSV downloads of the same range. Read-only: every role sees it.
 */
export function AnalyticsView({
  scope,
  assets = [],
}: {
  scope: AnalyticsScope;
  /** The campaign's assets: those with share-text variants get their A/B test shown. */
  assets?: { id: number; title: string; variants?: unknown[] }[];
}) {
  const tested = assets.filter((a) => (a.variants?.length ?? 0) > 0);
  const { t } = useLingui();
  // Days are the organisation's local days unless the reader asks for their own zone;
  // if the settings cannot be read, the browser's zone keeps the view usable.
  const settings = useOrganizationSettings();
  const browserZone = useMemo(browserTimeZone, []);
  const [ownZone, setOwnZone] = useState(false);
  const orgZone = settings.data?.general.timeZone;
  const source: ZoneSource | null = settings.isError || ownZone ? 'browser' : orgZone ? 'organization' : null;

  if (!source) {
    return (
      <AnalyticsFrame scope={scope}>
        <div className="flex h-60 items-center justify-center">
          <Spinner label={t`Loading analytics`} />
        </div>
      </AnalyticsFrame>
    );
  }
  return (
    <ZonedAnalytics
      scope={scope}
      tz={source === 'browser' ? browserZone : (orgZone as string)}
      zone={{
        source,
        organizationZone: orgZone,
        browserZone,
        onSourceChange: orgZone ? (s) => setOwnZone(s === 'browser') : undefined,
      }}
      extra={<VariantTests assets={tested} />}
    />
  );
}

/**
 * The section and its card; the organisation's analytics also get the Leaderboard tab
 * (docs/api.md "Staff leaderboard") beside the figures, which stay the first tab.
 */
function AnalyticsFrame({ children, scope }: { children: React.ReactNode; scope: AnalyticsScope }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<'overview' | 'leaderboard'>('overview');
  const card = (content: React.ReactNode) => (
    <Card>
      <CardContent className="space-y-6 pt-6">{content}</CardContent>
    </Card>
  );
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <h2 id="analytics-heading" className="text-xl font-semibold">
        <Trans>Analytics</Trans>
      </h2>
      {'organization' in scope ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
          <TabsListOf
            tabs={[
              { value: 'overview', label: t`Overview` },
              { value: 'leaderboard', label: t`Leaderboard` },
            ]}
          />
          <TabsContent value="overview">{card(children)}</TabsContent>
          <TabsContent value="leaderboard">{card(<LeaderboardPanel />)}</TabsContent>
        </Tabs>
      ) : (
        card(children)
      )}
    </section>
  );
}

function ZonedAnalytics({
  scope,
  tz,
  zone,
  extra,
}: {
  scope: AnalyticsScope;
  tz: string;
  zone: React.ComponentProps<typeof RangeControl>['zone'];
  /** What the view shows whatever the range (the share-text tests). */
  extra?: React.ReactNode;
}) {
  const [preset, setPreset] = useState<RangePreset>('30');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('30', tz));
  const range = preset === 'custom' ? custom : presetRange(preset, tz);
  const complete = isDate(range.from) && isDate(range.to);
  const query = useAnalytics(scope, range, tz, { enabled: complete });
  const { t } = useLingui();

  // A range the server refuses (VALIDATION_FAILED) is the control's problem, said there;
  // anything else is a load failure with a retry.
  const rangeError = !complete
    ? t`Choose both dates.`
    : hasErrorCode(query.error, 'VALIDATION_FAILED')
      ? ((query.error.body as { message?: string } | undefined)?.message ?? t`This range cannot be shown.`)
      : null;
  const loadFailed = query.isError && !rangeError;

  return (
    <AnalyticsFrame scope={scope}>
      <RangeControl
        preset={preset}
        onPresetChange={(p) => {
          // Custom starts from the range on screen.
          if (p === 'custom' && preset !== 'custom') setCustom(range);
          setPreset(p);
        }}
        custom={custom}
        onCustomChange={setCustom}
        tz={tz}
        zone={zone}
        error={rangeError}
      />
      {loadFailed ? (
        <QueryError title={t`Analytics could not be loaded`} query={query} />
      ) : rangeError ? null : query.data ? (
        <AnalyticsBody
          data={query.data}
          scope={scope}
          tz={tz}
          updating={query.isPlaceholderData || query.isFetching}
        />
      ) : (
        <div className="flex h-60 items-center justify-center">
          <Spinner label={t`Loading analytics`} />
        </div>
      )}
      {extra}
    </AnalyticsFrame>
  );
}

function AnalyticsBody({
  data,
  scope,
  tz,
  updating,
}: {
  data: AnyAnalytics;
  scope: AnalyticsScope;
  tz: string;
  updating: boolean;
}) {
  const { range, totals } = data;
  // The downloads cover the range the numbers on screen are for.
  const shown = { from: range.from, to: range.to };
  const empty = !anyActivity(totals);
  const { i18n, t } = useLingui();
  // Calendar days as the range control's inputs write them (YYYY-MM-DD).
  const from = range.from;
  const to = range.to;
  return (
    <div className="space-y-6" aria-busy={updating}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="analytics-range">
          <Trans>
            {from} to {to}
          </Trans>
          {updating && (
            <span role="status" className="ms-2">
              <Trans>Updating…</Trans>
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {EXPORTS.map(([type, label]) => (
            <Button key={type} asChild variant="outline" size="sm">
              <a href={exportUrl(scope, type, shown, tz)} download>
                <DownloadIcon aria-hidden /> {i18n._(label)}
              </a>
            </Button>
          ))}
        </div>
      </div>

      <dl
        aria-label={t`Totals for the range`}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {(
          [
            [FIGURE_MESSAGES.shares, formatCount(i18n, totals.shares), 'shares', undefined],
            [FIGURE_MESSAGES.clicks, formatCount(i18n, totals.clicks), 'clicks', undefined],
            [
              FIGURE_MESSAGES.opened,
              formatCount(i18n, totals.openedIntents),
              'opened',
              FIGURE_MESSAGES.notShares,
            ],
            [
              FIGURE_MESSAGES.prepared,
              formatCount(i18n, totals.preparedPosts),
              'prepared',
              FIGURE_MESSAGES.notShares,
            ],
            // Confirmations that did not prove a visit to the link: never in clicks or the rate.
            [
              msg`Unconfirmed click-throughs`,
              formatCount(i18n, totals.unconfirmedClicks),
              'unconfirmed',
              msg`Not counted in clicks`,
            ],
            [FIGURE_MESSAGES.supporters, formatCount(i18n, totals.uniqueSupporters), 'supporters', undefined],
            [ENGAGEMENT_RATE, formatRate(i18n, totals.engagementRate), 'engagement', ENGAGEMENT_RATE_MEANS],
          ] as const
        ).map(([label, value, id, note]) => (
          <div key={id} className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{i18n._(label)}</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid={`analytics-total-${id}`}>
              {value}
            </dd>
            {note && <dd className="text-xs text-muted-foreground">{i18n._(note)}</dd>}
          </div>
        ))}
      </dl>
      <PendingCountsNote since={data.pendingSince} />

      {empty ? (
        <p className="rounded-md bg-muted p-6 text-center text-sm text-muted-foreground">
          <Trans>
            No shares, clicks, share windows opened or posts prepared between {from} and {to}.
          </Trans>
        </p>
      ) : (
        <>
          <section aria-labelledby="analytics-daily-heading" className="space-y-2">
            <h3 id="analytics-daily-heading" className="font-medium">
              <Trans>Per day: shares, clicks, share windows opened and posts prepared</Trans>
            </h3>
            <Suspense
              fallback={
                <div className="flex h-60 items-center justify-center">
                  <Spinner label={t`Loading chart`} />
                </div>
              }
            >
              <DailyChart daily={data.daily} />
            </Suspense>
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <CountTable
              caption={t`By platform`}
              rows={data.platforms}
              rowKey={(r) => r.platform}
              first={{ key: 'platform', label: t`Platform`, value: (r) => platformName(r.platform) }}
              more={outcomeColumns(i18n)}
            />
            <CountTable
              caption={t`By asset`}
              rows={data.assets}
              rowKey={(r) => r.assetId}
              first={{ key: 'title', label: t`Asset`, value: (r) => r.title }}
              more={outcomeColumns(i18n)}
            />
            {data.campaigns && (
              <CountTable
                caption={t`By campaign`}
                rows={data.campaigns}
                rowKey={(r) => r.campaignId}
                more={outcomeColumns(i18n)}
                first={{
                  key: 'name',
                  label: t`Campaign`,
                  value: (r) => r.name,
                  render: (r) => (
                    <Link
                      to={`/campaigns/${r.campaignId}`}
                      className="text-primary hover:underline"
                      dir="auto"
                    >
                      {r.name}
                    </Link>
                  ),
                }}
              />
            )}
            {data.sources.length > 0 && (
              <SortableTable
                caption={t`By source`}
                rows={data.sources}
                rowKey={(r) => r.source}
                initialSort={{ key: 'visits', direction: 'descending' }}
                columns={[
                  { key: 'source', label: t`Source`, value: (r) => r.source },
                  { key: 'visits', label: t`Visits`, value: (r) => r.visits, numeric: true },
                  {
                    key: 'shares',
                    label: i18n._(FIGURE_MESSAGES.shares),
                    value: (r) => r.shares,
                    numeric: true,
                  },
                ]}
              />
            )}
            <LanguageBreakdown languages={data.languages} />
            <CountTable
              caption={t`Top supporters`}
              note={data.topSupportersExact ? undefined : topSupportersEstimateNote(i18n)}
              rows={data.topSupporters}
              rowKey={(r) => `${data.topSupporters.indexOf(r)}:${r.label}`}
              first={{ key: 'label', label: t`Supporter`, value: (r) => r.label }}
            />
          </div>

          <ReferralGenerations referrals={data.referrals} />
        </>
      )}
    </div>
  );
}
