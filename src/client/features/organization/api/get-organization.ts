import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '#shared/schemas/organizations.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** GET /api/organization: the signed-in user's own organisation (API.md). */
export const ORGANIZATION_QUERY_KEY = ['/api/organization'] as const;

export const organizationQueryOptions = queryOptions({
  queryKey: ORGANIZATION_QUERY_KEY,
  queryFn: () => apiRequest<Organization>('GET', '/api/organization'),
});

/** Pass `enabled: false` while the user has no organisation yet (the call would answer 404). */
export const useOrganization = (opts: { enabled?: boolean } = {}) =>
  useQuery({ ...organizationQueryOptions, enabled: opts.enabled ?? true });
