import { useMutation } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { campaignAssetsKey } from './get-campaign-assets.ts';
import { campaignKey } from './get-campaign.ts';

/** PUT /api/campaigns/:id/assets/order with every asset id of the campaign, in the new order. */
export const saveAssetOrder = (campaignId: number, assetIds: number[]) =>
  apiRequest<Asset[]>('PUT', `/api/campaigns/${campaignId}/assets/order`, { assetIds });

export const useSaveAssetOrder = (campaignId: number) =>
  useMutation({
    mutationFn: (assetIds: number[]) => saveAssetOrder(campaignId, assetIds),
    onSuccess: (assets) => {
      queryClient.setQueryData(campaignAssetsKey(campaignId), assets);
      queryClient.setQueryData<CampaignWithAssets>(campaignKey(campaignId), (c) =>
        c ? { ...c, assets } : c,
      );
      void queryClient.invalidateQueries({ queryKey: ['/api/assets'] });
    },
  });
