import { useMutation } from '@tanstack/react-query';
import type { ProfileInput, PublicUser } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

export const updateProfile = (input: ProfileInput) =>
  apiRequest<PublicUser>('PUT', '/api/user/profile', input);

/** PUT /api/user/profile; the answer is the saved user, so the user query takes it as is. */
export const useUpdateProfile = () =>
  useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
  });
