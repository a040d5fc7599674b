import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterInput } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { startSession } from '../lib/session.ts';

export const register = (input: RegisterInput) => apiRequest<AuthResponse>('POST', '/api/register', input);

/** POST /api/register (confirmPassword is never sent); on success the session starts. */
export const useRegister = () =>
  useMutation({
    mutationFn: register,
    onSuccess: (response) => startSession(response),
  });
