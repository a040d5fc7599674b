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

/** Refresh now and again after `delayMs` (lists are refreshed now and after 500 ms). */
export function invalidateTwice(keys: unknown[][], delayMs = 500): void {
  const run = () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  run();
  setTimeout(run, delayMs);
}
