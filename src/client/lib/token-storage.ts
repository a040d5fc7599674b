import { SESSION_LIFETIME_SECONDS, TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from '#shared/constants.ts';

// The session token: localStorage `token`, mirrored in a `token` cookie
// (30 days, path /, SameSite=Lax) so plain document requests carry it too.

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // storage disabled: the cookie still carries the session
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${SESSION_LIFETIME_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // ignore
  }
  document.cookie = `${TOKEN_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}
