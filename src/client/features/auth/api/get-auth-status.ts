import type { AuthStatus } from '#shared/schemas/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export type { AuthStatus };

/** GET /api/auth-status: read on demand by the Debug Session button. */
export const getAuthStatus = () => apiRequest<AuthStatus>('GET', '/api/auth-status');
