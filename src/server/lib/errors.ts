/** A coded error that the central error handler turns into `{ message }` with this status. */
export class HttpError extends Error {
  headers: Record<string, string> = {};

  constructor(
    public readonly statusCode: number,
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

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
/** 409; with `field`, the body also names the field (`errors: [{path, message}]`) so a form can show it there. */
export const conflict = (message: string, field?: string) =>
  new HttpError(409, message, field ? { errors: [{ path: field, message }] } : {});

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
