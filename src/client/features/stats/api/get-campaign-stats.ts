import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '#shared/schemas/shares.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface DailyPoint {
  /** yyyy-MM-dd (UTC) */
  date: string;
  shares: number;
  clicks: number;
}

/** Campaign stats also carry the last 30 days for the analytics chart. */
export interface CampaignStats extends Stats {
  daily?: DailyPoint[];
}

export const campaignStatsKey = (campaignId: number) => [`/api/campaigns/${campaignId}/stats`] as const;

export const campaignStatsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: campaignStatsKey(campaignId),
    queryFn: () => apiRequest<CampaignStats>('GET', `/api/campaigns/${campaignId}/stats`),
  });

export const useCampaignStats = (campaignId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignStatsQueryOptions(campaignId), enabled: opts.enabled ?? true });
