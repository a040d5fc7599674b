import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignListQuery } from '#shared/schemas/campaigns.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** A list filter: one status, `all`, or undefined for every campaign but archived ones. */
export type CampaignStatusFilter = CampaignListQuery['status'];

const listUrl = (orgId: number | null, status: CampaignStatusFilter) => {
  const params = new URLSearchParams();
  if (orgId) params.set('org', String(orgId));
  if (status) params.set('status', status);
  const qs = params.toString();
  return qs ? `/api/campaigns?${qs}` : '/api/campaigns';
};

/** GET /api/campaigns?org=&status= (newest first). */
export const campaignsQueryOptions = (orgId: number | null, status?: CampaignStatusFilter) =>
  queryOptions({
    queryKey: [...queryKeys.campaigns, { org: orgId, status: status ?? null }],
    queryFn: () => apiRequest<Campaign[]>('GET', listUrl(orgId, status)),
  });

/** Disabled until the user belongs to an organisation (the server would answer 403). */
export const useCampaigns = (
  orgId: number | null,
  opts: { enabled?: boolean; status?: CampaignStatusFilter } = {},
) =>
  useQuery({
    ...campaignsQueryOptions(orgId, opts.status),
    enabled: (opts.enabled ?? true) && orgId !== null,
  });
