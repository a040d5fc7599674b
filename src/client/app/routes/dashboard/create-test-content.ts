import { useMutation } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export interface TestContent {
  campaign: Campaign;
  asset: Asset;
}

/** POST /api/debug/create-test-content: a 30-day test campaign with one asset, in the caller's organisation. */
export const createTestContent = () => apiRequest<TestContent>('POST', '/api/debug/create-test-content');

export const useCreateTestContent = () =>
  useMutation({
    mutationFn: createTestContent,
    onSuccess: () => invalidate([queryKeys.campaigns, queryKeys.assets, queryKeys.organizationStats]),
  });
