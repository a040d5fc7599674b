import type { AuthResponse, PublicUser } from '#shared/schemas/auth.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { clearToken, setToken } from '#client/lib/token-storage.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * Starts a browser session from a login or registration response: the token is
 * stored and the user query is set, so no extra round trip.
 * Data cached for a previous user is dropped first.
 */
export function startSession(response: AuthResponse): PublicUser {
  const { token, ...user } = response;
  removeOtherQueries();
  if (token) setToken(token);
  queryClient.setQueryData(queryKeys.user, user);
  return user;
}

/** Forgets the session on this browser: the stored token and every cached query. */
export function endSession(): void {
  clearToken();
  queryClient.setQueryData(queryKeys.user, null);
  removeOtherQueries();
}

// The user query stays in the cache (mounted observers keep following it); the rest belonged to the previous user.
const removeOtherQueries = () =>
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] });
