import { useMutation } from '@tanstack/react-query';
import { DELAYED_REFRESH_MS } from '#shared/constants.ts';
import type { Campaign, CreateCampaignInput } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const createCampaign = (input: CreateCampaignInput) =>
  apiRequest<Campaign>('POST', '/api/campaigns', input);

/** POST /api/campaigns; the campaign lists and the stats card refresh now and after 500 ms (SPEC.md). */
export const useCreateCampaign = () =>
  useMutation({
    mutationFn: createCampaign,
    onSuccess: () =>
      invalidate([queryKeys.campaigns, queryKeys.organizationStats], { alsoAfterMs: DELAYED_REFRESH_MS }),
  });
