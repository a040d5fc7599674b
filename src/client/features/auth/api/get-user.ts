import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_QUERY_STALE_MS } from '#shared/constants.ts';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { getQueryFn } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// The user query goes stale after 60 s and refetches on focus, mount and reconnect;
// a 401 means "no user" rather than an error.
export const userQueryOptions = queryOptions({
  queryKey: queryKeys.user,
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }) as () => Promise<PublicUser | null>,
  staleTime: USER_QUERY_STALE_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  refetchOnReconnect: true,
});

export const useUser = () => useQuery(userQueryOptions);
