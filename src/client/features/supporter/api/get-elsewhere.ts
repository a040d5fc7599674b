import { useQuery } from '@tanstack/react-query';
import type { SupporterElsewhere } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** Where to go from a campaign that is not public (an archived one's organisation and its open campaigns). */
export const useElsewhere = (campaignId: number | undefined) => {
  const key = queryKeys.elsewhere(campaignId);
  return useQuery({
    queryKey: key,
    queryFn: () => apiRequest<SupporterElsewhere>('GET', key[0]),
    enabled: campaignId !== undefined,
  });
};
