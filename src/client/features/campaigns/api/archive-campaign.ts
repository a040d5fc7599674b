import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateCampaign } from './campaign-writes.ts';

/** DELETE /api/campaigns/:id: the campaign becomes archived; its numbers stay counted. */
export const archiveCampaign = (id: number) => apiRequest<void>('DELETE', `/api/campaigns/${id}`);

export const useArchiveCampaign = (id: number) =>
  useMutation({
    mutationFn: () => archiveCampaign(id),
    onSuccess: () => invalidateCampaign(id),
  });
