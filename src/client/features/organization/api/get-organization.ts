import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '#shared/schemas/organizations.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const organizationQueryOptions = queryOptions({
  queryKey: queryKeys.organization,
  queryFn: () => apiRequest<Organization>('GET', '/api/organization'),
});

/** Pass `enabled: false` while the user has no organisation yet (the call would answer 404). */
export const useOrganization = (opts: { enabled?: boolean } = {}) =>
  useQuery({ ...organizationQueryOptions, enabled: opts.enabled ?? true });
