import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  InstanceHealth,
  InstanceOrgsPage,
  InstanceOrgsParams,
} from '#shared/schemas/instance-console.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** The table's URL for these parameters (empty ones left out). */
export function organizationsUrl(params: InstanceOrgsParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return `/api/instance/organizations${query ? `?${query}` : ''}`;
}

/**
 * GET /api/instance/organizations (operators): one page of the organisation table. The
 * page on screen stays while the next one loads, so sorting and paging do not flash.
 */
export const useInstanceOrganizations = (params: InstanceOrgsParams) =>
  useQuery({
    queryKey: [...queryKeys.instanceOrganizations, params],
    queryFn: () => apiRequest<InstanceOrgsPage>('GET', organizationsUrl(params)),
    placeholderData: keepPreviousData,
  });

/** GET /api/instance/health (operators), read again every 30 seconds while the console is open. */
export const useInstanceHealth = () =>
  useQuery({
    queryKey: queryKeys.instanceHealth,
    queryFn: () => apiRequest<InstanceHealth>('GET', '/api/instance/health'),
    refetchInterval: 30_000,
  });
