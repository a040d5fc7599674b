import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  InstanceSettings,
  InstanceSettingsUpdate,
  SignupInvitation,
  SignupInvitationCreated,
} from '#shared/schemas/instance-settings.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** GET /api/instance/settings (operators): the sign-up policy in force. */
export const useInstanceSettings = () =>
  useQuery({
    queryKey: queryKeys.instanceSettings,
    queryFn: () => apiRequest<InstanceSettings>('GET', '/api/instance/settings'),
  });

/** PUT /api/instance/settings; the sign-up page's own reading (auth-status) follows. */
export const useUpdateInstanceSettings = () =>
  useMutation({
    mutationFn: (input: InstanceSettingsUpdate) =>
      apiRequest<InstanceSettings>('PUT', '/api/instance/settings', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.instanceSettings, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.serverInfo });
    },
  });

const refetchLinks = () => queryClient.invalidateQueries({ queryKey: queryKeys.instanceInvitations });

/** The operators' sign-up links not used yet. */
export const useSignupInvitations = () =>
  useQuery({
    queryKey: queryKeys.instanceInvitations,
    queryFn: async () =>
      (await apiRequest<{ items: SignupInvitation[] }>('GET', '/api/instance/invitations')).items,
  });

/** A new one-use sign-up link: its URL is in the answer only. */
export const useCreateSignupInvitation = () =>
  useMutation({
    mutationFn: () => apiRequest<SignupInvitationCreated>('POST', '/api/instance/invitations', {}),
    onSettled: refetchLinks,
  });

export const useWithdrawSignupInvitation = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/instance/invitations/${id}`),
    onSettled: refetchLinks,
  });
