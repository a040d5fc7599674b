import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { statsFreshness } from './freshness.ts';

export const campaignStatsKey = (campaignId: number) => [`/api/campaigns/${campaignId}/stats`] as const;

export const campaignStatsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: campaignStatsKey(campaignId),
    queryFn: () => apiRequest<CampaignStats>('GET', `/api/campaigns/${campaignId}/stats`),
    ...statsFreshness,
  });

export const useCampaignStats = (campaignId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignStatsQueryOptions(campaignId), enabled: opts.enabled ?? true });
