import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthStatus } from '#shared/schemas/auth.ts';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * What the running server allows, read from GET /api/auth-status (public, never a 401):
 * whether DEV_TOOLS is on and the upload limit. It comes from the server, not the build,
 * so one build serves any configuration.
 */
export const serverInfoOptions = queryOptions({
  queryKey: queryKeys.serverInfo,
  queryFn: () => apiRequest<AuthStatus>('GET', '/api/auth-status'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useServerInfo = () => useQuery(serverInfoOptions);

/** True only once the server has said DEV_TOOLS is on (hidden while unknown or on error). */
export const useDevTools = () => useServerInfo().data?.devTools === true;
