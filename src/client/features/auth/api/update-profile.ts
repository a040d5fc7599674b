import { useMutation } from '@tanstack/react-query';
import type { Locale } from '#shared/locales.ts';
import type { ProfileUpdate, ProfileUpdateInput } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The profile's fields, and `language` (docs/api.md "Languages"; null: the browser's):
 * sent only when the user came with the field (a server that keeps it).
 */
export type ProfileChanges = ProfileUpdateInput & { language?: Locale | null };

export const updateProfile = (input: ProfileChanges) =>
  apiRequest<ProfileUpdate>('PUT', '/api/user/profile', input);

/**
 * PUT /api/user/profile; the answer is the saved user (plus `pendingEmail` when a
 * confirmation link went to a new address), so the user query takes the user.
 */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ pendingEmail: _pending, ...user }) => queryClient.setQueryData(queryKeys.user, user),
  });
