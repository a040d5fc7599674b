import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateTwice } from '#client/lib/query-client.ts';
import { assetListKeys } from './create-asset.ts';

/** DELETE /api/assets/:id: the asset leaves the page and the order; its shares stay counted. */
export const deleteAsset = (id: number) => apiRequest<void>('DELETE', `/api/assets/${id}`);

export const useDeleteAsset = (asset: { id: number; campaignId: number }) =>
  useMutation({
    mutationFn: () => deleteAsset(asset.id),
    // The campaign's publish check and the stats by asset change with it too.
    onSuccess: () => invalidateTwice([...assetListKeys(asset.campaignId), ['/api/organization/stats']]),
  });
