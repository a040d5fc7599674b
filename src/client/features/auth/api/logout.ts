import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { endSession } from '../lib/session.ts';

export const logout = () => apiRequest<{ message: string }>('POST', '/api/logout');

/** POST /api/logout; the local session is cleared whether or not the server call succeeds. */
export const useLogout = () =>
  useMutation({
    mutationFn: logout,
    onSettled: () => endSession(),
  });
