import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CampaignAnalytics, ExportQuery, OrganizationAnalytics } from '#shared/schemas/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import type { DateRange } from '../lib/date-range.ts';
import { statsFreshness } from './freshness.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Whose analytics: one campaign's, or the whole organisation's. */
export type AnalyticsScope = { campaignId: number } | { organization: true };

export type AnyAnalytics = CampaignAnalytics & Partial<Pick<OrganizationAnalytics, 'campaigns'>>;

const base = (scope: AnalyticsScope) =>
  'campaignId' in scope ? `/api/campaigns/${scope.campaignId}` : '/api/organization';

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** GET .../analytics?from&to&tz */
export const analyticsUrl = (scope: AnalyticsScope, range: DateRange, tz: string) =>
  `${base(scope)}/analytics?${query({ from: range.from, to: range.to, tz })}`;

/** The CSV download of one event type for the same range and zone as the view. */
export const exportUrl = (scope: AnalyticsScope, type: ExportQuery['type'], range: DateRange, tz: string) =>
  `${base(scope)}/export.csv?${query({ type, from: range.from, to: range.to, tz })}`;

export function useAnalytics(
  scope: AnalyticsScope,
  range: DateRange,
  tz: string,
  opts: { enabled?: boolean } = {},
) {
  const url = analyticsUrl(scope, range, tz);
  return useQuery({
    queryKey: queryKeys.analytics(url),
    queryFn: () => apiRequest<AnyAnalytics>('GET', url),
    // The previous range stays on screen (marked as updating) while the next one loads.
    placeholderData: keepPreviousData,
    ...statsFreshness,
    enabled: opts.enabled ?? true,
  });
}
