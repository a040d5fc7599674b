import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

// Data changes only through this app's own writes, which invalidate what they touch:
// no retry, no refetch on focus, never stale, no polling.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});

/**
 * Refreshes every query under these keys (lib/query-keys.ts), once: a write has
 * committed before the server answers it, and every instance reads the one database,
 * so a read made after the answer already sees the write.
 */
export function invalidate(keys: readonly (readonly unknown[])[]): void {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
