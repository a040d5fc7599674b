import { useMutation } from '@tanstack/react-query';
import { DELAYED_REFRESH_MS } from '#shared/constants.ts';
import type { Asset, CreateAssetInput } from '#shared/schemas/assets.ts';
import type { SubmittedReview } from '#shared/schemas/reviews.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The asset, or `{review}` when it waits for review (an editor's asset for a published campaign). */
export const createAsset = (input: CreateAssetInput) =>
  apiRequest<Asset | SubmittedReview>('POST', '/api/assets', input);

/** The asset lists (all, by organisation, by campaign) and the campaign a write to its assets changes. */
export const assetListKeys = (campaignId: number): (readonly unknown[])[] => [
  [...queryKeys.assets],
  queryKeys.campaignAssets(campaignId),
  queryKeys.campaign(campaignId),
];

export const useCreateAsset = () =>
  useMutation({
    mutationFn: createAsset,
    onSuccess: (_answer, input) =>
      invalidate([...assetListKeys(input.campaignId), queryKeys.reviews], {
        alsoAfterMs: DELAYED_REFRESH_MS,
      }),
  });
