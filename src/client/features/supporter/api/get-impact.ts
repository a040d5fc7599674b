import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupporterImpact } from '#shared/impact.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** This supporter's shares, clicks and score in a campaign (the anonymous cookie identifies them). */
export const impactQueryOptions = (campaignId: number) => {
  const path = `/api/supporter/campaigns/${campaignId}/impact`;
  return queryOptions({
    queryKey: [path],
    queryFn: () => apiRequest<SupporterImpact>('GET', path),
  });
};

export const useImpact = (campaignId: number, enabled = true) =>
  useQuery({ ...impactQueryOptions(campaignId), enabled });
