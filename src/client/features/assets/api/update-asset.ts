import { useMutation } from '@tanstack/react-query';
import type { Asset, UpdateAssetInput } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { assetListKeys } from './create-asset.ts';

/** PUT /api/assets/:id: title, description, type and content. */
export const updateAsset = (id: number, input: UpdateAssetInput) =>
  apiRequest<Asset>('PUT', `/api/assets/${id}`, input);

export const useUpdateAsset = (id: number) =>
  useMutation({
    mutationFn: (input: UpdateAssetInput) => updateAsset(id, input),
    onSuccess: (asset) => invalidate(assetListKeys(asset.campaignId)),
  });
