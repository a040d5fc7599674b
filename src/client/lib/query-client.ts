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
 * Refreshes every query under these keys (lib/query-keys.ts). Once is enough to see
 * the write itself: it has committed before the server answers, and every instance
 * reads the one database. `alsoAfterMs` refreshes them once more: SPEC.md's creations
 * ("lists refreshed now and after 500 ms", DELAYED_REFRESH_MS) ask for it, and it picks
 * up what other members or tabs changed meanwhile, such as assets added in parallel.
 */
export function invalidate(
  keys: readonly (readonly unknown[])[],
  { alsoAfterMs }: { alsoAfterMs?: number } = {},
): void {
  const run = () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  run();
  if (alsoAfterMs !== undefined) setTimeout(run, alsoAfterMs);
}
