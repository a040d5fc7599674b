import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Asset } from '#shared/schemas/assets.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/assets?org=: every asset of the organisation. */
export const assetsQueryOptions = (orgId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.assets, { org: orgId }],
    queryFn: () => apiRequest<Asset[]>('GET', orgId ? `/api/assets?org=${orgId}` : '/api/assets'),
  });

/** Disabled until the user belongs to an organisation (the server would answer 403). */
export const useAssets = (orgId: number | null, opts: { enabled?: boolean } = {}) =>
  useQuery({ ...assetsQueryOptions(orgId), enabled: (opts.enabled ?? true) && orgId !== null });
