import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginInput } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const login = (input: LoginInput) => apiRequest<AuthResponse>('POST', '/api/login', input);

/** POST /api/login; on success the token is stored and the user query set. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (response) => startSession(response),
  });
