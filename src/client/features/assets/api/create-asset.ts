import { useMutation } from '@tanstack/react-query';
import type { Asset, CreateAssetInput } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateTwice } from '#client/lib/query-client.ts';
import { ASSETS_KEY } from './get-assets.ts';

export const createAsset = (input: CreateAssetInput) => apiRequest<Asset>('POST', '/api/assets', input);

/** Asset lists (all, by organisation, by campaign) refreshed now and after 500 ms, when a slower replica has it too. */
export const assetListKeys = (campaignId: number): unknown[][] => [
  [...ASSETS_KEY],
  [`/api/campaigns/${campaignId}/assets`],
  [`/api/campaigns/${campaignId}`],
];

export const useCreateAsset = () =>
  useMutation({
    mutationFn: createAsset,
    onSuccess: (asset) => invalidateTwice(assetListKeys(asset.campaignId)),
  });
