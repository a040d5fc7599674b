import { useQuery } from '@tanstack/react-query';
import type { SupporterElsewhere } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Where to go from a campaign that is not public (an archived one's organisation and its open campaigns). */
export const useElsewhere = (campaignId: number | undefined) => {
  const path = `/api/supporter/campaigns/${campaignId}/elsewhere`;
  return useQuery({
    queryKey: [path],
    queryFn: () => apiRequest<SupporterElsewhere>('GET', path),
    enabled: campaignId !== undefined,
  });
};
