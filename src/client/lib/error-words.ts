import type { I18n, MessageDescriptor } from '@lingui/core';
import { FORM_WORDS } from '#shared/error-words.ts';
import { type ErrorCode, isErrorCode } from '#shared/errors.ts';

// A refusal in the reader's language (docs/api.md "Errors the client words"): from its
// code and `params` when the body has them, else the code's fixed words, else the
// catalog's general error. An English reader keeps the server's own English `message`,
// which is the most precise (one code covers several refusals: "Campaign not found",
// "Asset not found"); every other reader gets the catalog's words for the code.

// The words are found by their ids alone (src/shared/error-words.ts names them by code,
// rule and status; error-words.test.ts holds every id to it): the page does not carry
// every refusal's English beside the catalog that already has it.

type Params = Record<string, unknown>;
type Worded = { id: string; values?: Record<string, unknown> };

const CAMPAIGN_STATUSES = new Set(['draft', 'active', 'paused', 'ended', 'archived']);

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** A `shared` catalog message with its values, in the reader's language. */
function say(i18n: I18n, id: string, values?: Record<string, unknown>): string {
  const descriptor: MessageDescriptor = { id, values };
  return i18n._(descriptor);
}

/** A size in bytes as the reader's locale writes megabytes ("2 MB", "2 Mo"). */
function megabytes(i18n: I18n, bytes: number): string {
  return i18n.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** The words of `code` made of `params`, when they are all there and of the right kind. */
function withParams(i18n: I18n, code: ErrorCode, p: Params): Worded | null {
  const id = `error.${code}.params`;
  switch (code) {
    case 'RATE_LIMITED':
    case 'SERVER_BUSY':
      return isCount(p.retryAfterSeconds) ? { id, values: { retryAfterSeconds: p.retryAfterSeconds } } : null;
    case 'NOT_FOUND':
      if (isText(p.username)) return { id: 'error.NOT_FOUND.username', values: { username: p.username } };
      if (isText(p.method) && isText(p.path))
        return { id: 'error.NOT_FOUND.route', values: { method: p.method, path: p.path } };
      return null;
    case 'ORGANIZATION_SUSPENDED':
      return isText(p.reason) ? { id, values: { reason: p.reason } } : null;
    case 'LAST_ADMIN':
      return isText(p.organization) ? { id, values: { organization: p.organization } } : null;
    case 'MAIL_NOT_HELD':
      return isText(p.status) ? { id, values: { status: p.status } } : null;
    case 'STATUS_CHANGE_NOT_ALLOWED': {
      const name = (s: unknown) =>
        typeof s === 'string' && CAMPAIGN_STATUSES.has(s) ? say(i18n, `campaignStatus.${s}`) : null;
      const from = name(p.from);
      const to = name(p.to);
      return from && to ? { id, values: { from, to } } : null;
    }
    case 'PUBLISH_NEEDS_SHARE_WORDS': {
      const titles = Array.isArray(p.assets) ? p.assets.filter(isText) : [];
      if (titles.length === 0) return null;
      const assets = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(titles);
      return { id, values: { assets } };
    }
    case 'ASSET_NOT_IN_CAMPAIGN':
      // An id, not a quantity: no digit grouping.
      return isCount(p.assetId) ? { id, values: { assetId: String(p.assetId) } } : null;
    case 'UPLOAD_MALFORMED':
      return isText(p.field) ? { id, values: { field: p.field } } : null;
    case 'REMINDER_LIMIT_REACHED':
      return isCount(p.limit) ? { id, values: { limit: p.limit } } : null;
    case 'LOGO_TOO_LARGE':
    case 'FILE_TOO_LARGE':
    case 'QUOTA_EXCEEDED':
      return isCount(p.maxBytes) ? { id, values: { size: megabytes(i18n, p.maxBytes) } } : null;
    default:
      return null;
  }
}

/** A refusal's words in the reader's language, from its code and `params` (not its English message). */
export function wordRefusal(i18n: I18n, code: unknown, params?: unknown): string {
  if (!isErrorCode(code)) return say(i18n, GENERAL_ERROR_ID);
  const worded = isObject(params) ? withParams(i18n, code, params) : null;
  if (worded) return say(i18n, worded.id, worded.values);
  return say(i18n, `error.${code}`);
}

/** True when the reader reads English, the language of the server's and the schemas' own words. */
export const readsEnglish = (i18n: I18n) => !i18n.locale || i18n.locale === 'en';

/** A refusal's body as the client receives it. */
export interface RefusalBody {
  code?: unknown;
  message?: unknown;
  params?: unknown;
}

/**
 * What a person reads of a refusal: the server's English message for an English
 * reader, else its code's words; null when the body says nothing a person can read.
 */
export function refusalWords(i18n: I18n, body: RefusalBody | undefined): string | null {
  if (!body) return null;
  const english = typeof body.message === 'string' && body.message !== '' ? body.message : null;
  if (readsEnglish(i18n)) return english;
  if (isErrorCode(body.code)) return wordRefusal(i18n, body.code, body.params);
  return english === null ? null : say(i18n, GENERAL_ERROR_ID);
}

/** One field's problem: a server body's `errors[]` entry, or the client's own schema check. */
export interface FieldProblem {
  message: string;
  /** The rule broken (the server's `rule`, or zod's issue code). */
  rule?: string;
  params?: { minimum?: unknown; maximum?: unknown; format?: unknown; origin?: unknown };
  /** The code of the refusal it came with. */
  code?: unknown;
}

/** The catalog's general error (GENERAL_ERROR in src/shared/error-words.ts). */
const GENERAL_ERROR_ID = 'error.general';

const FORM_BY_ENGLISH = new Map<string, string>(Object.values(FORM_WORDS).map((m) => [m.message, m.id]));

/**
 * A field's problem in the reader's language: English readers get the schema's own
 * words; others get the words of a check the catalog knows (FORM_WORDS), else words
 * made from its rule and bounds; a rule the catalog does not word keeps the message.
 */
export function fieldProblemWords(i18n: I18n, problem: FieldProblem): string {
  if (readsEnglish(i18n)) return problem.message;
  const known = FORM_BY_ENGLISH.get(problem.message);
  if (known) return say(i18n, known);
  const p = problem.params ?? {};
  const text = p.origin === undefined || p.origin === 'string';
  const items = p.origin === 'array' || p.origin === 'set';
  const kind = items ? '.items' : text ? '.text' : '';
  switch (problem.rule) {
    case 'required':
    case 'invalid_type':
    case 'invalid_value':
    case 'unknown_field':
      return say(i18n, `field.${problem.rule}`);
    case 'unrecognized_keys':
      return say(i18n, 'field.unknown_field');
    case 'too_small':
      if (typeof p.minimum !== 'number') return say(i18n, 'field.invalid');
      if (p.minimum === 1 && text) return say(i18n, 'field.required');
      return say(i18n, `field.too_small${kind}`, { minimum: kind ? p.minimum : i18n.number(p.minimum) });
    case 'too_big':
      if (typeof p.maximum !== 'number') return say(i18n, 'field.invalid');
      return say(i18n, `field.too_big${kind}`, { maximum: kind ? p.maximum : i18n.number(p.maximum) });
    case 'invalid_format':
      return say(
        i18n,
        p.format === 'email' || p.format === 'url'
          ? `field.invalid_format.${p.format}`
          : 'field.invalid_format',
      );
    case undefined:
      // A coded refusal naming its field (USERNAME_TAKEN on `username`): the code's words.
      return isErrorCode(problem.code) && problem.code !== 'VALIDATION_FAILED'
        ? say(i18n, `error.${problem.code}`)
        : problem.message;
    default:
      return problem.message;
  }
}
