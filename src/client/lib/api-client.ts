import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { QueryFunction } from '@tanstack/react-query';
import { type ErrorCode, isErrorCode } from '#shared/errors.ts';
import { loadArea } from '#client/i18n/catalogs.ts';
import { type FieldProblem, fieldProblemWords, type RefusalBody, refusalWords } from './error-words.ts';
import { PREVIEW_RECORDS_NOTHING, refusedInPreview } from './staff-preview.ts';
import { clearToken, getToken } from './token-storage.ts';

// The one HTTP client: bearer header, credentials,
// `status: message` errors with the server's code, and TOKEN_EXPIRED handling.
// Callers decide on `code`; only this file looks at HTTP status numbers.

export class ApiError extends Error {
  /**
   * The server's stable code for the refusal (src/shared/errors.ts). An answer without
   * one (a proxy's error page) gets the code its status stands for, or null.
   */
  public readonly code: ErrorCode | null;

  constructor(
    public readonly status: number,
    message: string,
    public readonly body?: unknown,
    /** The raw response text when the body was not JSON. */
    public readonly text?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = (body as { code?: unknown } | undefined)?.code;
    this.code = isErrorCode(code) ? code : codeOfStatus(status);
  }
}

/** What an uncoded answer's status stands for. */
function codeOfStatus(status: number): ErrorCode | null {
  if (status >= 500) return 'INTERNAL';
  const codes: Partial<Record<number, ErrorCode>> = {
    401: 'NOT_AUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? null;
}

/** True when `err` is the server's refusal with one of these codes. */
export function hasErrorCode(err: unknown, ...codes: ErrorCode[]): err is ApiError {
  return err instanceof ApiError && err.code !== null && codes.includes(err.code);
}

/** The server failed on its side (a 5xx, coded or a proxy's page): nothing the person did. */
export function isServerFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status >= 500;
}

/**
 * The field messages of a refusal (`errors: [{path, message, rule?, params?}]`) in the
 * reader's language (lib/error-words.ts), empty when it names no field.
 */
export function fieldErrorsOf(err: unknown): { path: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  const body = err.body as { errors?: unknown; code?: unknown } | undefined;
  const errors = body?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter(
      (e): e is FieldProblem & { path: string } =>
        typeof e?.path === 'string' && typeof e.message === 'string',
    )
    .map((e) => ({ path: e.path, message: fieldProblemWords(i18n, { ...e, code: body?.code }) }));
}

/**
 * What a person reads when no answer came (the browser's own "Failed to fetch") or the
 * server failed on its side ("Internal Server Error", a proxy's 502 page): plain words
 * that say whose fault it is and that trying again may work.
 */
export const NETWORK_FAILURE = msg`Could not reach Rally. Check your internet connection and try again.`;
export const SERVER_FAILURE = msg`Something went wrong on our side. Please try again in a moment.`;

/**
 * How long a request may wait for its answer before the person is told: a server that
 * cannot be reached (a dead proxy, a hung connection) says so instead of spinning on.
 * A staff action (a write) is told soonest; a read, whose screen shows it loading and
 * may be a big report, waits longer; an upload (a FormData body) moves the file first.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
export const READ_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const NO_ANSWER = (ms: number) => {
  const seconds = i18n.number(ms / 1000);
  return t`Rally did not answer within ${seconds} seconds. Check your internet connection and try again.`;
};

/** The request never got an answer (offline, DNS, connection reset, or none in time). */
export class NetworkError extends Error {
  constructor(
    public readonly cause?: unknown,
    message = i18n._(NETWORK_FAILURE),
    /** The request went out and no answer came in time (NO_ANSWER), rather than failing at once. */
    public readonly timedOut = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** A failure that may well succeed if tried again as it is: no answer, a 5xx, or a 429. */
export function isTransient(err: unknown): boolean {
  if (err instanceof NetworkError) return true;
  return isServerFailure(err) || hasErrorCode(err, 'RATE_LIMITED');
}

/**
 * What to tell a person about a failed request: for a 4xx the server's message to an
 * English reader ('409: Username already exists' -> 'Username already exists'), its
 * code's words to any other (lib/error-words.ts); plain words for a 5xx or no answer,
 * else `fallback`. Never a status code or a raw server page.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (isServerFailure(err)) return i18n._(SERVER_FAILURE);
    return refusalWords(i18n, err.body as RefusalBody | undefined) || fallback;
  }
  if (err instanceof NetworkError) return err.message;
  // A fetch made outside this client fails with the browser's own wording.
  if (err instanceof TypeError && /fetch|network|load failed/i.test(err.message))
    return i18n._(NETWORK_FAILURE);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

function onTokenExpired(): never {
  clearToken();
  if (!location.pathname.startsWith('/auth')) location.assign('/auth?expired=true');
  // SPEC.md: the error thrown is TOKEN_EXPIRED; its code says the same to callers.
  throw new ApiError(401, 'TOKEN_EXPIRED', { code: 'TOKEN_EXPIRED' });
}

/** Throws the ApiError of a refusal (its code, words and body); nothing for a 2xx. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const b = body as { code?: string; message?: string; tokenExpired?: boolean } | undefined;
  // The code, or API.md's `tokenExpired` flag that the server sends with it.
  if (b?.code === 'TOKEN_EXPIRED' || b?.tokenExpired === true) onTokenExpired();
  const message = b?.message || (body === undefined && text) || res.statusText;
  // The refusals' words come with the first refusal on the supporter page (i18n/catalogs.ts).
  await loadArea('errors').catch(() => undefined);
  throw new ApiError(res.status, `${res.status}: ${message}`, body, body === undefined ? text : undefined);
}

export async function apiFetch(
  method: string,
  url: string,
  data?: unknown,
  /** How long to wait for the answer (by default as the method and body call for). */
  timeoutMs = data instanceof FormData
    ? UPLOAD_TIMEOUT_MS
    : method === 'GET'
      ? READ_TIMEOUT_MS
      : REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (data instanceof FormData) body = data;
  else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  let res: Response;
  // The wait ends when the answer starts: reading its body is not cut short.
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), timeoutMs);
  try {
    res = await fetch(url, { method, headers, body, credentials: 'include', signal: waiting.signal });
  } catch (err) {
    // No answer in time, or none at all.
    const timedOut = waiting.signal.aborted;
    throw new NetworkError(err, timedOut ? NO_ANSWER(timeoutMs) : i18n._(NETWORK_FAILURE), timedOut);
  } finally {
    clearTimeout(timer);
  }
  await throwIfNotOk(res);
  return res;
}

/** JSON request; throws ApiError on a non-OK status. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  timeoutMs?: number,
): Promise<T> {
  // Staff's preview of a waiting change records no share (staff-preview.ts).
  if (refusedInPreview(method, url)) throw new Error(i18n._(PREVIEW_RECORDS_NOTHING));
  const res = await apiFetch(method, url, data, timeoutMs);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Default query function: GET the first element of the query key. */
export function getQueryFn<T>(opts: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>('GET', String(queryKey[0]));
    } catch (err) {
      if (opts.on401 === 'returnNull' && hasErrorCode(err, 'NOT_AUTHENTICATED')) return null;
      throw err;
    }
  };
}
