import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledShareItem } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const SCHEDULED_SHARES_KEY = ['/api/shares/scheduled'] as const;

/** GET /api/shares/scheduled: the organisation's pending shares, ordered by time. */
export const scheduledSharesQueryOptions = () =>
  queryOptions({
    queryKey: SCHEDULED_SHARES_KEY,
    queryFn: () => apiRequest<ScheduledShareItem[]>('GET', '/api/shares/scheduled'),
  });

export const useScheduledShares = () => useQuery(scheduledSharesQueryOptions());
