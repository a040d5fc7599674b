import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '#shared/schemas/api-keys.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';

export const API_KEYS_QUERY_KEY = ['/api/organization/api-keys'] as const;

const apiKeysQuery = queryOptions({
  queryKey: API_KEYS_QUERY_KEY,
  queryFn: () => apiRequest<ApiKey[]>('GET', '/api/organization/api-keys'),
});

/** GET /api/organization/api-keys: the organisation's keys (admin only, so pass `enabled`). */
export const useApiKeys = (opts: { enabled: boolean }) =>
  useQuery({ ...apiKeysQuery, enabled: opts.enabled });

/** POST /api/organization/api-keys: the answer carries the key itself, shown this once. */
export const useCreateApiKey = () =>
  useMutation({
    mutationFn: (input: CreateApiKeyInput) =>
      apiRequest<CreatedApiKey>('POST', '/api/organization/api-keys', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });

/** DELETE /api/organization/api-keys/:id: the key stops working at once. */
export const useRevokeApiKey = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/organization/api-keys/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
