import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationStats } from '#shared/schemas/shares.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { statsFreshness } from './freshness.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/organization/stats?id= (every field present, 0 when there is no data). */
export const organizationStatsQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.organizationStats, { id: orgId }],
    queryFn: () =>
      apiRequest<OrganizationStats>(
        'GET',
        orgId ? `/api/organization/stats?id=${orgId}` : '/api/organization/stats',
      ),
    ...statsFreshness,
  });

/** Disabled until the user belongs to an organisation (the server would answer 403). */
export const useOrganizationStats = (orgId: number | null, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...organizationStatsQueryOptions(orgId), enabled: (opts.enabled ?? true) && orgId !== null });
