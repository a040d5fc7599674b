import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorCode, FieldRule, FieldRuleParams } from '#shared/errors.ts';
import type { ApiErrorBody } from '#shared/schemas/common.ts';
import {
  type FieldError,
  HttpError,
  isForeignKeyViolation,
  isUniqueViolation,
  retryAfterSeconds,
} from '../lib/errors.ts';

const dbCode = (err: unknown): string => String((err as { code?: unknown })?.code ?? '');
/** PostgreSQL class 22 (data exception: out-of-range number, NUL byte, bad encoding). */
const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test(dbCode(err));

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Our own wording for zod's generic issues, so every message names its field;
 * the schemas' custom messages (the exact wording the forms show) pass through unchanged.
 */
function describeIssue(issue: any, path: string): string {
  const field = path || 'body';
  switch (issue.code) {
    case 'invalid_type': {
      if (!path) return 'Request body must be a JSON object';
      if (/received undefined/.test(issue.message ?? '')) return `${field} is required`;
      return `${field} must be ${article(String(issue.expected))} ${issue.expected}`;
    }
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

/** A bound as JSON: numbers as numbers, instants as ISO strings. */
function boundValue(value: unknown): number | string | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

function bound(name: 'minimum' | 'maximum', issue: any): FieldRuleParams {
  const value = boundValue(issue[name]);
  return {
    ...(value !== undefined && { [name]: value }),
    ...(issue.inclusive === false && { exclusive: true as const }),
  };
}

/**
 * zod 4's issue codes onto the small fixed set of rules the client words
 * (FIELD_RULES in src/shared/errors.ts, docs/api.md "Errors the client words").
 * `missing`: the field has no value at all, whatever check then failed on it.
 */
function fieldRule(
  issue: any,
  path: string,
  missing: boolean,
): { rule: FieldRule; params?: FieldRuleParams } {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union':
    case 'invalid_value':
      if (missing && path) return { rule: 'required' };
      return { rule: issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value' };
    case 'too_small':
      return { rule: 'too_small', params: bound('minimum', issue) };
    case 'too_big':
      return { rule: 'too_big', params: bound('maximum', issue) };
    case 'invalid_format':
      return { rule: 'invalid_format', ...(issue.format && { params: { format: String(issue.format) } }) };
    case 'unrecognized_keys':
      return { rule: 'unknown_field', params: { fields: [...issue.keys].map(String) } };
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return { rule: 'invalid_value' };
    default:
      // `custom`: a refinement of the schema's own, which its message words.
      return { rule: 'invalid' };
  }
}

/** One failed check as a field of the body: where, in English, and its rule. */
function fieldError(issue: any, path: string, missing: boolean): FieldError {
  return { path, message: describeIssue(issue, path), ...fieldRule(issue, path, missing) };
}

/** The value at `keys` in `root`, and whether there is one. */
function isMissing(root: unknown, keys: readonly PropertyKey[]): boolean {
  let at: unknown = root;
  for (const key of keys) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return true;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at === undefined;
}

function validationBody(errors: FieldError[]): ApiErrorBody {
  return { code: 'VALIDATION_FAILED', message: errors[0]?.message ?? 'Invalid input', errors };
}

/**
 * The 400 a failed zod parse answers; given the `input` that failed, a field is missing
 * when the input lacks it, as for a route's own validation (the OpenAPI document's
 * validation examples are made this way).
 */
export function zodErrorBody(err: ZodError, input?: unknown): ApiErrorBody {
  const errors = err.issues.map((issue: any) => {
    const path = (issue.path ?? []).join('.');
    const missing =
      input !== undefined
        ? isMissing(input, issue.path ?? [])
        : 'input' in issue
          ? issue.input === undefined
          : /received undefined/.test(issue.message);
    return fieldError(issue, path, missing);
  });
  return validationBody(errors);
}

const body = (code: ErrorCode, message: string): ApiErrorBody => ({ code, message });

/** Fastify's own refusals, by its error code: our code and wording. */
const FRAMEWORK_REFUSALS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE', 'Request body too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported content type: send application/json',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['MALFORMED_REQUEST', 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['MALFORMED_REQUEST', 'Malformed JSON in request body'],
  FST_ERR_BAD_URL: ['MALFORMED_REQUEST', 'The URL is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: ['MALFORMED_REQUEST', 'A part of the URL is too long'],
};

/** Fastify's and its plugins' own client errors (by their code, else by status): our code and wording. */
function frameworkError(err: FastifyError, status: number, headers?: Record<string, string>): ApiErrorBody {
  const known = Object.hasOwn(FRAMEWORK_REFUSALS, err.code) ? FRAMEWORK_REFUSALS[err.code] : undefined;
  if (known) return body(...known);
  if (err instanceof SyntaxError) return body('MALFORMED_REQUEST', 'Malformed JSON in request body');
  const byStatus: Partial<Record<number, ErrorCode>> = {
    400: 'MALFORMED_REQUEST',
    401: 'NOT_AUTHENTICATED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    413: 'BODY_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
  };
  const retryAfter = Number(headers?.['retry-after'] ?? headers?.['Retry-After']);
  if (status === 429 && retryAfter > 0)
    // Only the network limiter refuses so at the HTTP layer; it words its own refusal, so this is a fallback.
    return {
      ...body('RATE_LIMITED', err.message),
      params: { retryAfterSeconds: retryAfterSeconds(retryAfter * 1000), scope: 'network' },
    };
  return body(byStatus[status] ?? 'REQUEST_REFUSED', err.message);
}

/**
 * Fastify's `frameworkErrors`: the refusals its router makes before any route or hook
 * (a URL it cannot decode, a path parameter past its length limit), in the same body.
 */
export function sendFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode ?? 400;
  return reply.code(status).send(frameworkError(err, status));
}

/**
 * The one error handler: maps every known failure to a 4xx with a stable code and a
 * clear message, and never leaks a stack trace or a 5xx message to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The input that failed: whether a field is there at all tells `required` apart.
      const input = {
        body: request.body,
        querystring: request.query,
        params: request.params,
        headers: request.headers,
      }[(err as { validationContext?: string }).validationContext ?? 'body'];
      const errors = err.validation.map((v: any) => {
        // fastify-type-provider-zod moves the issue's code to `keyword` and the rest to `params`.
        const issue = { ...(v.params ?? {}), code: v.keyword, message: v.message };
        const keys = String(v.instancePath ?? '')
          .split('/')
          .slice(1);
        return fieldError(issue, keys.join('.'), isMissing(input, keys));
      });
      return reply.code(400).send(validationBody(errors));
    }
    if (err instanceof ZodError) return reply.code(400).send(zodErrorBody(err));
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      const { errors, params, tokenExpired } = err.extras;
      return reply.code(err.statusCode).send({
        code: err.code,
        message: err.message,
        ...(errors && { errors }),
        ...(params && { params }),
        ...(tokenExpired !== undefined && { tokenExpired }),
      } satisfies ApiErrorBody);
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send(body('ALREADY_EXISTS', 'Already exists'));
    }
    if (isForeignKeyViolation(err)) {
      return reply.code(400).send(body('REFERENCE_NOT_FOUND', 'A referenced record does not exist'));
    }
    if (isDataException(err)) {
      // PostgreSQL refuses some values SQLite stores (a NUL character, an id past 32 bits).
      return reply.code(400).send(body('VALIDATION_FAILED', 'Invalid value in request'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const headers = (err as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.code(status).send(frameworkError(err, status, headers));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', 'Internal server error'));
  });
}
