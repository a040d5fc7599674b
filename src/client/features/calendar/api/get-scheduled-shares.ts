import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One row of GET /api/shares/scheduled (the cross-team contract). */
export interface ScheduledShareItem {
  id: number;
  assetId: number;
  assetTitle: string;
  campaignId: number;
  campaignName: string;
  platform: string;
  scheduledFor: string;
  status: string;
}

export const SCHEDULED_SHARES_KEY = ['/api/shares/scheduled'] as const;

/** GET /api/shares/scheduled: the organisation's pending shares, ordered by time. */
export const scheduledSharesQueryOptions = () =>
  queryOptions({
    queryKey: SCHEDULED_SHARES_KEY,
    queryFn: () => apiRequest<ScheduledShareItem[]>('GET', '/api/shares/scheduled'),
  });

export const useScheduledShares = () => useQuery(scheduledSharesQueryOptions());
