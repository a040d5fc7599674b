import { readStored, writeStored } from './device-storage.ts';
import { SESSION_LIFETIME_SECONDS, TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from '#shared/constants.ts';

// The session token: localStorage `token`, mirrored in a `token` cookie
// (30 days, path /, SameSite=Lax) so plain document requests carry it too.

export const getToken = (): string | null => readStored(TOKEN_STORAGE_KEY);

export function setToken(token: string): void {
  // Storage refused: the cookie still carries the session.
  writeStored(TOKEN_STORAGE_KEY, token);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${SESSION_LIFETIME_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function clearToken(): void {
  writeStored(TOKEN_STORAGE_KEY, null);
  document.cookie = `${TOKEN_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}
