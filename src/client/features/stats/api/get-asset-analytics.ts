import { useQuery } from '@tanstack/react-query';
import type { AssetAnalytics } from '#shared/schemas/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { statsFreshness } from './freshness.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/assets/:id/analytics: the asset's share-text variants and the A/B verdict. */
export function useAssetAnalytics(assetId: number) {
  const key = queryKeys.assetAnalytics(assetId);
  return useQuery({
    queryKey: key,
    queryFn: () => apiRequest<AssetAnalytics>('GET', key[0]),
    ...statsFreshness,
  });
}
