import { useMutation } from '@tanstack/react-query';
import type { Campaign, UpdateCampaignInput } from '#shared/schemas/campaigns.ts';
import type { SubmittedReview } from '#shared/schemas/reviews.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateCampaign } from './campaign-writes.ts';

/** PUT /api/campaigns/:id: name, description, dates and status (publish, pause, resume, end). */
export const updateCampaign = (id: number, input: UpdateCampaignInput) =>
  apiRequest<Campaign | SubmittedReview>('PUT', `/api/campaigns/${id}`, input);

export const useUpdateCampaign = (id: number) =>
  useMutation({
    mutationFn: (input: UpdateCampaignInput) => updateCampaign(id, input),
    onSuccess: () => invalidateCampaign(id),
  });
