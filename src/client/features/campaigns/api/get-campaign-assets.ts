import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/campaigns/:id/assets in display order. */
export const campaignAssetsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: queryKeys.campaignAssets(campaignId),
    queryFn: () => apiRequest<Asset[]>('GET', `/api/campaigns/${campaignId}/assets`),
  });

export const useCampaignAssets = (campaignId: number, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignAssetsQueryOptions(campaignId), enabled: opts.enabled ?? true });
