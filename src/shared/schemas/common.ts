import { z } from 'zod';
import { MAX_DESCRIPTION } from '../constants.ts';
import { CAMPAIGN_STATUSES } from '../campaign-lifecycle.ts';
import {
  ERROR_CODE_NAMES,
  type ErrorParamsByCode,
  FIELD_RULES,
  type FieldRuleParams,
  RATE_LIMIT_SCOPES,
} from '../errors.ts';

/** A positive integer id in a path or query string; `label` names it in the messages. */
export const positiveIdParam = (label: string) => {
  const message = `${label} must be a positive integer`;
  return z.coerce.number({ error: message }).int(message).positive(message);
};
export const idParam = positiveIdParam('Id');
export const idParamsSchema = z.strictObject({ id: idParam });

/**
 * `.refine(...atLeastOneField)` on partial-update bodies: an empty edit is a mistake
 * worth a 400, not a silent no-op.
 */
export const atLeastOneField: [
  (v: Record<string, unknown>) => boolean,
  { message: string; path: PropertyKey[] },
] = [
  (v) => Object.values(v).some((x) => x !== undefined),
  { message: 'Send at least one field to change', path: [] },
];

/**
 * `:token` of a single-use link (an invitation, a password reset). Tokens are
 * opaque; anything that is not one is simply not found.
 */
export const tokenParamsSchema = z.strictObject({ token: z.string().max(200) });

/** `?org=` on list reads: omitted means the caller's own organisation. */
export const orgQuerySchema = z.strictObject({ org: idParam.optional() });

/**
 * Trimmed text of at most `max` characters (and at least `min` when given), its
 * messages naming the field as people see it: "Title must be at least 3 characters".
 */
export function trimmedText(label: string, max: number, min?: number) {
  const text = z.string().trim();
  const long = `${label} must be at most ${max} characters`;
  return min === undefined
    ? text.max(max, long)
    : text.min(min, `${label} must be at least ${min} characters`).max(max, long);
}

/** The free-text description of a campaign, asset, organisation or template. */
export const descriptionField = trimmedText('Description', MAX_DESCRIPTION);

// Response schemas describe what the server sends. They are plain (non-strict)
// objects: serialising through them drops any column a query returned that the
// contract does not name, so a new table column never leaks by accident.

/** Database ids: 32-bit serials. */
export const idField = z.number().int().positive();
/** Timestamps are ISO-8601 UTC strings, stored and sent as text. */
export const timestampField = z.string().describe('ISO-8601 date-time, UTC');

/** The error codes as a schema (kept out of errors.ts, which the browser loads without zod). */
export const errorCodeSchema = z
  .enum(ERROR_CODE_NAMES)
  .describe('A stable code for the refusal; decide on it, not on the message or the status');

/**
 * The values a refusal's words are made of (docs/api.md "Errors the client words"):
 * each code sends the ones ErrorParamsByCode gives it, and no other; a code whose words
 * are fixed sends no `params`.
 */
export const errorParamsSchema = z
  .object({
    retryAfterSeconds: z.number().int().positive().describe('RATE_LIMITED, SERVER_BUSY: as `Retry-After`'),
    scope: z.enum(RATE_LIMIT_SCOPES).describe('RATE_LIMITED: whose limit was reached'),
    username: z.string().describe('NOT_FOUND: the account a password reset or an operator grant named'),
    method: z.string().describe('NOT_FOUND: of a request no route answers'),
    path: z.string().describe('NOT_FOUND: of a request no route answers'),
    reason: z.string().nullable().describe("ORGANIZATION_SUSPENDED: the operators' words"),
    organization: z.string().describe("LAST_ADMIN: the organisation's name"),
    status: z.string().describe("MAIL_NOT_HELD: the mail's status now"),
    from: z.enum(CAMPAIGN_STATUSES).describe('STATUS_CHANGE_NOT_ALLOWED: the campaign status'),
    to: z.enum(CAMPAIGN_STATUSES).describe('STATUS_CHANGE_NOT_ALLOWED: the status asked for'),
    assets: z.array(z.string()).describe('PUBLISH_NEEDS_SHARE_WORDS: the titles of the assets without words'),
    assetId: idField.describe('ASSET_NOT_IN_CAMPAIGN'),
    field: z.literal('file').describe('UPLOAD_MALFORMED: the multipart field the file goes in'),
    limit: z
      .number()
      .int()
      .positive()
      .describe('REMINDER_LIMIT_REACHED: reminders an address may have waiting'),
    maxBytes: z.number().int().positive().describe('LOGO_TOO_LARGE, FILE_TOO_LARGE, QUOTA_EXCEEDED'),
    word: z.string().describe('BLOCKED_WORD: the blocked word as the supporter spelled it'),
  })
  .partial()
  .describe("The values the refusal's words are made of, by code (docs/api.md)");

/** Each field's problem: where, in English, and the rule (with its values) the client words. */
export const fieldErrorSchema = z.object({
  path: z.string().describe('The field, its keys joined by `.`; empty for the body itself'),
  message: z.string(),
  rule: z.enum(FIELD_RULES).optional().describe('VALIDATION_FAILED: which rule the field broke'),
  params: z
    .object({
      minimum: z.union([z.number(), z.string()]),
      maximum: z.union([z.number(), z.string()]),
      exclusive: z.literal(true).describe('The bound itself is not allowed'),
      format: z.string(),
      fields: z.array(z.string()).describe('unknown_field: the fields the body may not have'),
    })
    .partial()
    .optional(),
});

/**
 * Every 4xx/5xx body: the stable `code` to decide on (src/shared/errors.ts), the first
 * problem in `message` (English, for people and logs), each field's problem in
 * `errors`, and the values the client words the refusal with in `params`.
 */
export const apiErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  params: errorParamsSchema.optional(),
  /** Set on a 401 for a session that existed but expired, so the client can say so. */
  tokenExpired: z.boolean().optional(),
});
// The schemas keep what the types send (a param they did not describe would be dropped
// when the body is serialised through them): these fail to compile otherwise.
type Params = z.infer<typeof errorParamsSchema>;
type FieldParams = NonNullable<z.infer<typeof fieldErrorSchema>['params']>;
type KeysOf<T> = T extends unknown ? keyof T : never;
type Fits<T extends Params, _K extends keyof Params> = T;
type FieldFits<T extends FieldParams, _K extends keyof FieldParams> = T;
type SentParams = NonNullable<ErrorParamsByCode[keyof ErrorParamsByCode]>;
export type EveryErrorParams = Fits<SentParams, KeysOf<SentParams>>;
export type EveryFieldRuleParams = FieldFits<FieldRuleParams, keyof FieldRuleParams>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A bare acknowledgement, e.g. POST /api/logout. */
export const messageSchema = z.object({ message: z.string() });

/** The error statuses every route may answer, declared on each route next to its success body. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** The responses of a route that answers 200 with `body` when it succeeds. */
export const ok = <T extends z.ZodType>(body: T) => ({ 200: body, ...errorResponses }) as const;

/** The responses of a route that answers 201 with what it made. */
export const created = <T extends z.ZodType>(body: T) => ({ 201: body, ...errorResponses }) as const;

/** The responses of a route that answers 204 with no body when it succeeds. */
export const noContentResponses = { 204: z.null(), ...errorResponses } as const;

/** GET /api/openapi.json: an OpenAPI 3.x document, described here only by its top level. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
