import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  errorMessage,
  fieldErrorsOf,
  getQueryFn,
  hasErrorCode,
  isTransient,
  SERVER_FAILURE,
} from './api-client.ts';

// The words of an English reader: the source language, compiled from the code's own messages.
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** The next fetch answers `status` with `body` (JSON unless a string). */
function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiError', () => {
  it("carries the server's code, and the status's meaning when a proxy sent none", () => {
    expect(new ApiError(410, '410: gone', { code: 'INVITATION_EXPIRED', message: 'x' }).code).toBe(
      'INVITATION_EXPIRED',
    );
    expect(new ApiError(409, '409: x', { code: 'NO_SUCH_CODE', message: 'x' }).code).toBeNull();
    expect(new ApiError(502, '502: Bad Gateway', undefined, 'Bad Gateway').code).toBe('INTERNAL');
    expect(new ApiError(401, '401: Unauthorized').code).toBe('NOT_AUTHENTICATED');
    expect(new ApiError(418, '418: teapot', undefined, 'teapot').code).toBeNull();
  });

  it('is decided on by code, never by status or wording', () => {
    const expired = new ApiError(410, '410: whatever words', { code: 'INVITATION_EXPIRED', message: 'x' });
    expect(hasErrorCode(expired, 'INVITATION_EXPIRED')).toBe(true);
    expect(hasErrorCode(expired, 'INVITATION_NOT_FOUND', 'INVITATION_EXPIRED')).toBe(true);
    expect(hasErrorCode(expired, 'NOT_FOUND')).toBe(false);
    expect(hasErrorCode(new Error('INVITATION_EXPIRED'), 'INVITATION_EXPIRED')).toBe(false);
  });

  it('gives the field messages of a refusal, none for anything else', () => {
    const errors = [{ path: 'username', message: 'Username already exists' }];
    const taken = new ApiError(409, '409: x', { code: 'USERNAME_TAKEN', message: 'x', errors });
    expect(fieldErrorsOf(taken)).toEqual(errors);
    expect(fieldErrorsOf(new ApiError(404, '404: x', { code: 'NOT_FOUND', message: 'x' }))).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });

  it('counts server failures and rate limits as worth a retry, and hides a failure page', () => {
    const limited = new ApiError(429, '429: slow down', { code: 'RATE_LIMITED', message: 'Slow down' });
    const failed = new ApiError(502, '502: Bad Gateway', undefined, '<html>Bad Gateway</html>');
    expect(isTransient(limited)).toBe(true);
    expect(isTransient(failed)).toBe(true);
    expect(isTransient(new ApiError(400, '400: x', { code: 'VALIDATION_FAILED', message: 'x' }))).toBe(false);
    expect(errorMessage(failed, 'fallback')).toBe(i18n._(SERVER_FAILURE));
    expect(errorMessage(limited, 'fallback')).toBe('Slow down');
  });
});

describe('requests', () => {
  it('throws the server refusal with its code and the "status: message" text', async () => {
    answer(409, { code: 'ALREADY_IN_ORGANIZATION', message: 'You already belong to an organization' });
    const err = await apiRequest('POST', '/api/invitations/t/accept').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('ALREADY_IN_ORGANIZATION');
    expect((err as ApiError).message).toBe('409: You already belong to an organization');
  });

  it('reads a 401 of the user call as no user, but not an expired session', async () => {
    vi.stubGlobal('location', { pathname: '/auth', assign: vi.fn() });
    vi.stubGlobal('localStorage', { getItem: () => null, removeItem: vi.fn() });
    vi.stubGlobal('document', { cookie: '' });
    const query = getQueryFn({ on401: 'returnNull' });
    const run = () => query({ queryKey: ['/api/user'] } as never);
    answer(401, { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' });
    expect(await run()).toBeNull();
    answer(401, { code: 'TOKEN_EXPIRED', message: 'Session expired', tokenExpired: true });
    const expired = await Promise.resolve(run()).catch((e: unknown) => e);
    expect(hasErrorCode(expired, 'TOKEN_EXPIRED')).toBe(true);
    expect((expired as Error).message).toBe('TOKEN_EXPIRED');
  });
});
