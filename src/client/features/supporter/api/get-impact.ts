import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupporterImpact } from '#shared/impact.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** This supporter's shares, clicks and score in a campaign (the anonymous cookie identifies them). */
export const impactQueryOptions = (campaignId: number) => {
  const key = queryKeys.supporterImpact(campaignId);
  return queryOptions({
    queryKey: key,
    queryFn: () => apiRequest<SupporterImpact>('GET', key[0]),
  });
};

export const useImpact = (campaignId: number, enabled = true) =>
  useQuery({ ...impactQueryOptions(campaignId), enabled });
