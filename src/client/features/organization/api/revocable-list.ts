import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The reads and writes of an admin-only list at `path` whose items are secrets handed
 * out once (API keys, invitation links): GET the list, POST one (the answer carries the
 * secret, shown this once), DELETE `path/:id` to revoke one. The list is refetched after
 * every write, whether it worked or not.
 */
export function revocableList<Item, Input, Created>(path: string) {
  const queryKey = queryKeys.revocableList(path);
  const list = queryOptions({ queryKey, queryFn: () => apiRequest<Item[]>('GET', path) });
  const refetch = () => queryClient.invalidateQueries({ queryKey });
  return {
    /** Admin only, so callers say when it may be read. */
    useList: (opts: { enabled: boolean }) => useQuery({ ...list, enabled: opts.enabled }),
    useCreate: () =>
      useMutation({
        mutationFn: (input: Input) => apiRequest<Created>('POST', path, input),
        onSettled: refetch,
      }),
    useRevoke: () =>
      useMutation({
        mutationFn: (id: number) => apiRequest<void>('DELETE', `${path}/${id}`),
        onSettled: refetch,
      }),
  };
}
