import type {
  CodeWithParams,
  ErrorCode,
  ErrorParams,
  FieldRuleParams,
  FieldRule,
  RateLimitScope,
} from '#shared/errors.ts';

/** One field's problem in an error body's `errors`. */
export interface FieldError {
  path: string;
  message: string;
  /** VALIDATION_FAILED: the rule the field broke, and its values. */
  rule?: FieldRule;
  params?: FieldRuleParams;
}

/** What a refusal's body carries besides `code` and `message`. */
interface BodyExtras {
  errors?: FieldError[];
  tokenExpired?: boolean;
}

/** The extras of a refusal with code `C`: its `params` are required where the code has them. */
export type ErrorExtras<C extends ErrorCode> = BodyExtras &
  (C extends CodeWithParams
    ? undefined extends ErrorParams<C>
      ? { params?: ErrorParams<C> }
      : { params: ErrorParams<C> }
    : { params?: never });

/** The extras argument: optional when the code sends no params. */
type ExtrasArg<C extends ErrorCode> =
  object extends ErrorExtras<C> ? [extras?: ErrorExtras<C>] : [extras: ErrorExtras<C>];

/**
 * A refusal: the central error handler turns it into `{ code, message, errors?, params?, tokenExpired? }`
 * with this status. `params` are the values the client words the refusal with
 * (docs/api.md "Errors the client words"); `message` is the English wording.
 */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  headers: Record<string, string> = {};
  readonly extras: BodyExtras & { params?: ErrorParams<ErrorCode> };

  constructor(
    public readonly statusCode: number,
    /** The stable code the client decides on (src/shared/errors.ts). */
    public readonly code: C,
    message: string,
    ...[extras]: ExtrasArg<C>
  ) {
    super(message);
    this.name = 'HttpError';
    this.extras = extras ?? {};
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

export const badRequest = <C extends ErrorCode>(code: C, message: string, ...extras: ExtrasArg<C>) =>
  new HttpError(400, code, message, ...extras);
export const unauthorized = <C extends ErrorCode>(code: C, message: string, ...extras: ExtrasArg<C>) =>
  new HttpError(401, code, message, ...extras);
export const forbidden = <C extends ErrorCode>(code: C, message: string, ...extras: ExtrasArg<C>) =>
  new HttpError(403, code, message, ...extras);
export const notFound = <C extends ErrorCode>(code: C, message: string, ...extras: ExtrasArg<C>) =>
  new HttpError(404, code, message, ...extras);
/**
 * 409; with `field` (a string), the body also names the field (`errors: [{path, message}]`)
 * so a form can show it there.
 */
export const conflict = <C extends ErrorCode>(
  code: C,
  message: string,
  ...[fieldOrExtras]: ExtrasArg<C> | (C extends CodeWithParams ? never : [field: string])
) =>
  typeof fieldOrExtras === 'string'
    ? new HttpError(409, code, message, { errors: [{ path: fieldOrExtras, message }] } as ErrorExtras<C>)
    : new HttpError(409, code, message, ...([fieldOrExtras] as ExtrasArg<C>));

/** Whole seconds until `waitMs` has passed, at least 1: `Retry-After` and `retryAfterSeconds`. */
export const retryAfterSeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));

/** 429 RATE_LIMITED: `Retry-After` and `params.retryAfterSeconds` both say when `waitMs` has passed. */
export const tooManyRequests = (message: string, waitMs: number, scope: RateLimitScope) => {
  const seconds = retryAfterSeconds(waitMs);
  return new HttpError(429, 'RATE_LIMITED', message, {
    params: { retryAfterSeconds: seconds, scope },
  }).withHeaders({ 'Retry-After': String(seconds) });
};

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
