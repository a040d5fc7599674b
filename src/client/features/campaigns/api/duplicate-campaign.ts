import { useMutation } from '@tanstack/react-query';
import type { CampaignWithAssets } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { invalidateCampaign } from './campaign-writes.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** POST /api/campaigns/:id/duplicate: a draft '{name} (copy)' with copies of the assets. */
export const duplicateCampaign = (id: number) =>
  apiRequest<CampaignWithAssets>('POST', `/api/campaigns/${id}/duplicate`);

export const useDuplicateCampaign = (id: number) =>
  useMutation({
    mutationFn: () => duplicateCampaign(id),
    onSuccess: (copy) => {
      // The copy's page opens next: it has everything it needs already.
      queryClient.setQueryData(queryKeys.campaign(copy.id), copy);
      invalidateCampaign(copy.id);
    },
  });
