import { useQuery } from '@tanstack/react-query';
import type { AssetAnalytics } from '#shared/schemas/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { statsFreshness } from './freshness.ts';

/** GET /api/assets/:id/analytics: the asset's share-text variants and the A/B verdict. */
export function useAssetAnalytics(assetId: number) {
  const url = `/api/assets/${assetId}/analytics`;
  return useQuery({
    queryKey: [url],
    queryFn: () => apiRequest<AssetAnalytics>('GET', url),
    ...statsFreshness,
  });
}
