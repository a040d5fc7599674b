import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export const campaignAssetsKey = (campaignId: number) => [`/api/campaigns/${campaignId}/assets`] as const;

/** GET /api/campaigns/:id/assets in display order. */
export const campaignAssetsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: campaignAssetsKey(campaignId),
    queryFn: () => apiRequest<Asset[]>('GET', `/api/campaigns/${campaignId}/assets`),
  });

export const useCampaignAssets = (campaignId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignAssetsQueryOptions(campaignId), enabled: opts.enabled ?? true });
