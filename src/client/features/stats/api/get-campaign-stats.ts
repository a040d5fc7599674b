import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { statsFreshness } from './freshness.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const campaignStatsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: queryKeys.campaignStats(campaignId),
    queryFn: () => apiRequest<CampaignStats>('GET', queryKeys.campaignStats(campaignId)[0]),
    ...statsFreshness,
  });

export const useCampaignStats = (campaignId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignStatsQueryOptions(campaignId), enabled: opts.enabled ?? true });
