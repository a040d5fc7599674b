import { useMutation } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** PUT /api/campaigns/:id/assets/order with every asset id of the campaign, in the new order. */
export const saveAssetOrder = (campaignId: number, assetIds: number[]) =>
  apiRequest<Asset[]>('PUT', `/api/campaigns/${campaignId}/assets/order`, { assetIds });

export const useSaveAssetOrder = (campaignId: number) =>
  useMutation({
    mutationFn: (assetIds: number[]) => saveAssetOrder(campaignId, assetIds),
    onSuccess: (assets) => {
      queryClient.setQueryData(queryKeys.campaignAssets(campaignId), assets);
      queryClient.setQueryData<CampaignWithAssets>(queryKeys.campaign(campaignId), (c) =>
        c ? { ...c, assets } : c,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
    },
  });
