import { useMutation } from '@tanstack/react-query';
import type { Campaign, CreateCampaignInput } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidateTwice } from '#client/lib/query-client.ts';
import { CAMPAIGNS_KEY } from './get-campaigns.ts';

export const createCampaign = (input: CreateCampaignInput) =>
  apiRequest<Campaign>('POST', '/api/campaigns', input);

/** POST /api/campaigns; campaign lists refreshed now and after 500 ms. */
export const useCreateCampaign = () =>
  useMutation({
    mutationFn: createCampaign,
    onSuccess: () => invalidateTwice([[...CAMPAIGNS_KEY], ['/api/organization/stats']]),
  });
