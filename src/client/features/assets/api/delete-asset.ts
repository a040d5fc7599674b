import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { assetListKeys } from './create-asset.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** DELETE /api/assets/:id: the asset leaves the page and the order; its shares stay counted. */
export const deleteAsset = (id: number) => apiRequest<void>('DELETE', `/api/assets/${id}`);

export const useDeleteAsset = (asset: { id: number; campaignId: number }) =>
  useMutation({
    mutationFn: () => deleteAsset(asset.id),
    // The campaign's publish check and the stats by asset change with it too.
    onSuccess: () =>
      invalidate([...assetListKeys(asset.campaignId), queryKeys.organizationStats, queryKeys.reviews]),
  });
