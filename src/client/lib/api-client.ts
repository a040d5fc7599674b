import type { QueryFunction } from '@tanstack/react-query';
import { clearToken, getToken } from './token-storage.ts';

// The one HTTP client: bearer header, credentials,
// `status: message` errors, and TOKEN_EXPIRED handling.

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body?: unknown,
    /** The raw response text when the body was not JSON. */
    public readonly text?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message part of an ApiError ('409: Username already exists' -> 'Username already exists'). */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const body = err.body as { message?: string } | undefined;
    return body?.message || fallback;
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

function onTokenExpired(): never {
  clearToken();
  if (!location.pathname.startsWith('/auth')) location.assign('/auth?expired=true');
  throw new ApiError(401, 'TOKEN_EXPIRED');
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const b = body as { message?: string; tokenExpired?: boolean } | undefined;
  if (b?.tokenExpired) onTokenExpired();
  const message = b?.message || (body === undefined && text) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${message}`, body, body === undefined ? text : undefined);
}

export async function apiFetch(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  const res = await fetch(url, { method, headers, body, credentials: 'include' });
  await throwIfNotOk(res);
  return res;
}

/** JSON request; throws ApiError on a non-OK status. */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiFetch(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Default query function: GET the first element of the query key. */
export function getQueryFn<T>(opts: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', String(queryKey[0]));
    } catch (err) {
      if (
        opts.on401 === 'returnNull' &&
        err instanceof ApiError &&
        err.status === 401 &&
        err.message !== 'TOKEN_EXPIRED'
      ) {
        return null;
      }
      throw err;
    }
  };
}
