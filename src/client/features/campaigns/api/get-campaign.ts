import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/campaigns/:id: the campaign with its assets in display order. */
export const campaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.campaign(id),
    queryFn: () => apiRequest<CampaignWithAssets>('GET', `/api/campaigns/${id}`),
  });

export const useCampaign = (id: number) =>
  useQuery({ ...campaignQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
