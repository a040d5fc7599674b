import { useMutation, useQuery } from '@tanstack/react-query';
import type { SupporterMatch } from '#shared/schemas/privacy-requests.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// Admins' data requests about a supporter (docs/api.md "Privacy").

const BASE = '/api/organization/privacy/supporters';

/** How an admin looks a supporter up: one of the three. */
export type SearchBy = 'email' | 'name' | 'ref';

/** The supporters that match; nothing is asked until there is something to look for. */
export const useSupporterSearch = (search: { by: SearchBy; value: string } | null) => {
  const url = search ? `${BASE}?${new URLSearchParams({ [search.by]: search.value })}` : BASE;
  return useQuery<SupporterMatch[]>({
    queryKey: queryKeys.supporterSearch(url),
    enabled: search !== null,
    staleTime: 0,
  });
};

/** The export's file, a plain link the session cookie signs in. */
export const supporterExportUrl = (key: string, format: 'json' | 'csv') => `${BASE}/${key}/export.${format}`;

/** Erases what is held for the supporter, with the admin's reason; the searches are read again. */
export const useEraseSupporter = () =>
  useMutation({
    mutationFn: ({ key, reason }: { key: string; reason: string }) =>
      apiRequest<{ rows: number }>('POST', `${BASE}/${key}/erase`, { reason }),
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(BASE) }),
  });
