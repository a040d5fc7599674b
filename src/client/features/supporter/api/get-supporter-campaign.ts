import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SupporterCampaign {
  campaign: { id: number; name: string; description: string | null; organizationId: number };
  assets: Asset[];
}

export const supporterCampaignQueryOptions = (id: number) => {
  const path = `/api/supporter/campaigns/${id}`;
  return queryOptions({
    queryKey: [path],
    queryFn: () => apiRequest<SupporterCampaign>('GET', path),
    enabled: Number.isInteger(id) && id > 0,
  });
};

export const useSupporterCampaign = (id: number) => useQuery(supporterCampaignQueryOptions(id));
