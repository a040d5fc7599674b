import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Every campaign query key starts with this, so one invalidation refreshes all lists. */
export const CAMPAIGNS_KEY = ['/api/campaigns'] as const;

const listUrl = (orgId: number | null) => (orgId ? `/api/campaigns?org=${orgId}` : '/api/campaigns');

/** GET /api/campaigns?org= (newest first). */
export const campaignsQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, { org: orgId }],
    queryFn: () => apiRequest<Campaign[]>('GET', listUrl(orgId)),
  });

/** Disabled until the user belongs to an organisation (the server would answer 403). */
export const useCampaigns = (orgId: number | null, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...campaignsQueryOptions(orgId), enabled: (opts.enabled ?? true) && orgId !== null });
