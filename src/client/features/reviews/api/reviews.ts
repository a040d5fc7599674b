import { useMutation, useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/campaigns/:id/review: what waits for review on the campaign; null when nothing does (404). */
export const useCampaignReview = (campaignId: number) =>
  useQuery({
    queryKey: queryKeys.campaignReview(campaignId),
    queryFn: () =>
      apiRequest<Review>('GET', `/api/campaigns/${campaignId}/review`).catch((err) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
    enabled: Number.isInteger(campaignId) && campaignId > 0,
  });

/** GET /api/reviews?state=: the organisation's revisions in a state, newest first. */
export const useReviews = (state: 'pending' | 'changes_requested', opts: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...queryKeys.reviews, state],
    queryFn: () => apiRequest<Review[]>('GET', `/api/reviews?state=${state}`),
    enabled: opts.enabled ?? true,
  });

/** A decision changes the campaign (its live rows at an approval), its review and the list. */
const decided = (campaignId: number) =>
  invalidate([[...queryKeys.campaigns], [...queryKeys.campaign(campaignId)], queryKeys.reviews]);

export const useApproveReview = (campaignId: number) =>
  useMutation({
    mutationFn: () => apiRequest('POST', `/api/campaigns/${campaignId}/review/approve`, {}),
    onSuccess: () => decided(campaignId),
  });

export const useRequestChanges = (campaignId: number) =>
  useMutation({
    mutationFn: (comment: string) =>
      apiRequest<Review>('POST', `/api/campaigns/${campaignId}/review/request-changes`, { comment }),
    onSuccess: () => decided(campaignId),
  });

export const useWithdrawReview = (campaignId: number) =>
  useMutation({
    mutationFn: () => apiRequest<Review>('POST', `/api/campaigns/${campaignId}/review/withdraw`),
    onSuccess: () => decided(campaignId),
  });
