import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationChoices, UpdateNotificationChoices } from '#shared/schemas/notifications.ts';
import type { OrganizationSettings, UpdateSettingsInput } from '#shared/schemas/settings.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** A read at `key[0]` and its partial PUT there, which answers the whole saved value (put in the cache). */
function readAndSave<T, Input>(key: readonly string[], afterSave?: () => void) {
  const [path] = key;
  const query = queryOptions({ queryKey: key, queryFn: () => apiRequest<T>('GET', path) });
  return {
    useRead: () => useQuery(query),
    useSave: () =>
      useMutation({
        mutationFn: (input: Input) => apiRequest<T>('PUT', path, input),
        onSuccess: (saved: T) => {
          queryClient.setQueryData(key, saved);
          afterSave?.();
        },
      }),
  };
}

// PUT /api/organization/settings (admin, partial). The name may change: the organisation is refetched.
const settings = readAndSave<OrganizationSettings, UpdateSettingsInput>(queryKeys.settings, () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.organization });
});

/** GET /api/organization/settings (any member). */
export const useOrganizationSettings = settings.useRead;
export const useUpdateSettings = settings.useSave;

// The member's own switches: GET and PUT (partial) /api/user/notifications, any member.
const notifications = readAndSave<NotificationChoices, UpdateNotificationChoices>(queryKeys.notifications);
export const useNotificationChoices = notifications.useRead;
export const useUpdateNotificationChoices = notifications.useSave;
