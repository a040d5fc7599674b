import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '#shared/schemas/common.ts';
import { HttpError, isForeignKeyViolation, isUniqueViolation } from '../lib/errors.ts';

const dbCode = (err: unknown): string => String((err as { code?: unknown })?.code ?? '');
/** PostgreSQL class 22 (data exception: out-of-range number, NUL byte, bad encoding). */
const isDataException = (err: unknown) => /^22[0-9A-Z]{3}$/.test(dbCode(err));

interface FieldError {
  path: string;
  message: string;
}

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

function zodIssuesToFieldErrors(issues: any[]): FieldError[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).join('.');
    return { path, message: describeIssue(issue, path) };
  });
}

function validationBody(errors: FieldError[]): ApiErrorBody {
  return { message: errors[0]?.message ?? 'Invalid input', errors };
}

/**
 * The one error handler: maps every known failure to a 4xx with a clear message
 * and never leaks a stack trace or a 5xx message to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v: any) => {
        // fastify-type-provider-zod moves the issue's code to `keyword` and the rest to `params`.
        const issue = { ...(v.params ?? {}), code: v.keyword, message: v.message };
        const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        return { path, message: describeIssue(issue, path) };
      });
      return reply.code(400).send(validationBody(errors));
    }
    if (err instanceof ZodError) {
      return reply.code(400).send(validationBody(zodIssuesToFieldErrors(err.issues)));
    }
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return reply.code(err.statusCode).send({ message: err.message, ...err.extra });
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send({ message: 'Already exists' });
    }
    if (isForeignKeyViolation(err)) {
      return reply.code(400).send({ message: 'A referenced record does not exist' });
    }
    if (isDataException(err)) {
      // PostgreSQL refuses some values SQLite stores (a NUL character, an id past 32 bits).
      return reply.code(400).send({ message: 'Invalid value in request' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body too large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send application/json'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty'
              : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
                ? 'Malformed JSON in request body'
                : err.message;
      const headers = (err as { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply.code(status).send({ message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
