import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OrganizationSettings, UpdateSettingsInput } from '#shared/schemas/settings.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: () => apiRequest<OrganizationSettings>('GET', '/api/organization/settings'),
});

/** GET /api/organization/settings (any member). */
export const useOrganizationSettings = () => useQuery(settingsQuery);

/** PUT /api/organization/settings (admin, partial). The name may change: the organisation is refetched. */
export const useUpdateSettings = () =>
  useMutation({
    mutationFn: (input: UpdateSettingsInput) =>
      apiRequest<OrganizationSettings>('PUT', '/api/organization/settings', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.organization });
    },
  });
