import { apiRequest } from '#client/lib/api-client.ts';

export interface AuthStatus {
  authenticated: boolean;
  username?: string;
}

/** GET /api/auth-status: read on demand by the Debug Session button. */
export const getAuthStatus = () => apiRequest<AuthStatus>('GET', '/api/auth-status');
