import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ActivityItem,
  ChangePasswordInput,
  EmailChangeResult,
  PasswordResetInput,
  PasswordResetRequest,
  SessionInfo,
} from '#shared/schemas/account.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import type { DeleteAccountInput } from '#shared/schemas/account-data.ts';
import { endSession } from '../lib/session.ts';

// The account's own security: password, sessions, activity, and the signed-out reset.

const refreshAccount = () => {
  void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
  void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
};

/** PUT /api/user/password: the server ends every other session of the user. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<{ message: string }>('PUT', '/api/user/password', input),
    onSuccess: refreshAccount,
  });

/** The caller's open sessions; `current` marks the one this browser uses. */
export const useSessions = () =>
  useQuery<SessionInfo[]>({ queryKey: queryKeys.sessions, staleTime: 0, refetchOnMount: 'always' });

export const useEndSession = () =>
  useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/user/sessions/${id}`),
    onSuccess: refreshAccount,
  });

/** The caller's own audit entries, newest first. */
export const useActivity = () =>
  useQuery<ActivityItem[]>({ queryKey: queryKeys.activity, staleTime: 0, refetchOnMount: 'always' });

/** POST /api/password-reset: always 202, whether or not an account uses the email. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiRequest<{ message: string }>('POST', '/api/password-reset', input),
  });

export const useResetPassword = (token: string) =>
  useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiRequest<{ message: string }>('POST', `/api/password-reset/${encodeURIComponent(token)}`, input),
  });

/** The link mailed to a new address (confirm) or to the old one after a change (undo); no session needed. */
export const useEmailChangeLink = (token: string, step: 'confirm' | 'undo') =>
  useMutation({
    mutationFn: () =>
      apiRequest<EmailChangeResult>('POST', `/api/email-change/${encodeURIComponent(token)}/${step}`),
  });

/** The member's own account data as a JSON file: a plain link, signed in by the session cookie. */
export const ACCOUNT_DATA_URL = '/api/user/data';

/** DELETE /api/user with the password; the account and every session are gone, so this browser forgets it too. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: DeleteAccountInput) => apiRequest('DELETE', '/api/user', input),
    onSuccess: () => endSession(),
  });
