import { useMutation } from '@tanstack/react-query';
import type { Asset, UpdateAssetInput } from '#shared/schemas/assets.ts';
import { isSubmittedForReview } from '#shared/review.ts';
import type { SubmittedReview } from '#shared/schemas/reviews.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { assetListKeys } from './create-asset.ts';

/** PUT /api/assets/:id: title, description, type and content. */
export const updateAsset = (id: number, input: UpdateAssetInput) =>
  apiRequest<Asset | SubmittedReview>('PUT', `/api/assets/${id}`, input);

export const useUpdateAsset = (id: number) =>
  useMutation({
    mutationFn: (input: UpdateAssetInput) => updateAsset(id, input),
    // 202 `{review}`: the change waits; the campaign's review and the review list change.
    onSuccess: (answer) =>
      isSubmittedForReview(answer)
        ? invalidate([...assetListKeys(answer.review.campaignId), queryKeys.reviews])
        : invalidate(assetListKeys(answer.campaignId)),
  });
