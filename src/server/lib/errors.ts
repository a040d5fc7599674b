import type { ErrorCode } from '#shared/errors.ts';

/** A refusal: the central error handler turns it into `{ code, message, ...extra }` with this status. */
export class HttpError extends Error {
  headers: Record<string, string> = {};

  constructor(
    public readonly statusCode: number,
    /** The stable code the client decides on (src/shared/errors.ts). */
    public readonly code: ErrorCode,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

export const badRequest = (code: ErrorCode, message: string) => new HttpError(400, code, message);
export const unauthorized = (code: ErrorCode, message: string) => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode, message: string) => new HttpError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new HttpError(404, code, message);
/** 409; with `field`, the body also names the field (`errors: [{path, message}]`) so a form can show it there. */
export const conflict = (code: ErrorCode, message: string, field?: string) =>
  new HttpError(409, code, message, field ? { errors: [{ path: field, message }] } : {});

/** 429 RATE_LIMITED with Retry-After: the whole seconds until `waitMs` has passed (at least 1). */
export const tooManyRequests = (message: string, waitMs: number) =>
  new HttpError(429, 'RATE_LIMITED', message).withHeaders({
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/** True when a database error is a foreign-key violation (SQLite or PostgreSQL). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
