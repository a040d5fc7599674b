import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateMomentInput, Moment } from '#shared/schemas/moments.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/campaigns/:id/moments: the campaign's shared moments with their commitment counts. */
export const useCampaignMoments = (campaignId: number) =>
  useQuery({
    queryKey: queryKeys.campaignMoments(campaignId),
    queryFn: () => apiRequest<Moment[]>('GET', `/api/campaigns/${campaignId}/moments`),
  });

const refresh = (campaignId: number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.campaignMoments(campaignId) });

/** POST /api/campaigns/:id/moments. */
export const useAddMoment = (campaignId: number) =>
  useMutation({
    mutationFn: (input: CreateMomentInput) =>
      apiRequest<Moment>('POST', `/api/campaigns/${campaignId}/moments`, input),
    onSuccess: () => refresh(campaignId),
  });

/** DELETE /api/moments/:id. */
export const useDeleteMoment = (campaignId: number) =>
  useMutation({
    mutationFn: (momentId: number) => apiRequest<null>('DELETE', `/api/moments/${momentId}`),
    onSuccess: () => refresh(campaignId),
  });
