import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  CAMPAIGN_STATUS_WORDS,
  ERROR_WORDS,
  ERROR_WORDS_WITH_PARAMS,
  FIELD_WORDS,
  FORM_WORDS,
  GENERAL_ERROR,
  type SharedMessage,
} from '#shared/error-words.ts';
import { type ErrorCode, isErrorCode } from '#shared/errors.ts';

// A refusal in the reader's language (docs/api.md "Errors the client words"): from its
// code and `params` when the body has them, else the code's fixed words, else the
// catalog's general error. An English reader keeps the server's own English `message`,
// which is the most precise (one code covers several refusals: "Campaign not found",
// "Asset not found"); every other reader gets the catalog's words for the code.

type Params = Record<string, unknown>;
type Worded = { message: SharedMessage; values?: Record<string, unknown> };

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** A shared message with its values, in the reader's language. */
function say(i18n: I18n, message: SharedMessage, values?: Record<string, unknown>): string {
  const descriptor: MessageDescriptor = { id: message.id, message: message.message, values };
  return i18n._(descriptor);
}

/** A size in bytes as the reader's locale writes megabytes ("2 MB", "2 Mo"). */
function megabytes(i18n: I18n, bytes: number): string {
  return i18n.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** The words of `code` made of `params`, when they are all there and of the right kind. */
function withParams(i18n: I18n, code: ErrorCode, p: Params): Worded | null {
  const W = ERROR_WORDS_WITH_PARAMS;
  switch (code) {
    case 'RATE_LIMITED':
    case 'SERVER_BUSY':
      return isCount(p.retryAfterSeconds)
        ? { message: W[code], values: { retryAfterSeconds: p.retryAfterSeconds } }
        : null;
    case 'NOT_FOUND':
      if (isText(p.username)) return { message: W.NOT_FOUND_USERNAME, values: { username: p.username } };
      if (isText(p.method) && isText(p.path))
        return { message: W.NOT_FOUND_ROUTE, values: { method: p.method, path: p.path } };
      return null;
    case 'ORGANIZATION_SUSPENDED':
      return isText(p.reason) ? { message: W.ORGANIZATION_SUSPENDED, values: { reason: p.reason } } : null;
    case 'LAST_ADMIN':
      return isText(p.organization)
        ? { message: W.LAST_ADMIN, values: { organization: p.organization } }
        : null;
    case 'MAIL_NOT_HELD':
      return isText(p.status) ? { message: W.MAIL_NOT_HELD, values: { status: p.status } } : null;
    case 'STATUS_CHANGE_NOT_ALLOWED': {
      const name = (s: unknown) =>
        typeof s === 'string' && Object.hasOwn(CAMPAIGN_STATUS_WORDS, s)
          ? i18n._(CAMPAIGN_STATUS_WORDS[s as keyof typeof CAMPAIGN_STATUS_WORDS])
          : null;
      const from = name(p.from);
      const to = name(p.to);
      return from && to ? { message: W.STATUS_CHANGE_NOT_ALLOWED, values: { from, to } } : null;
    }
    case 'PUBLISH_NEEDS_SHARE_WORDS': {
      const titles = Array.isArray(p.assets) ? p.assets.filter(isText) : [];
      if (titles.length === 0) return null;
      const assets = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(titles);
      return { message: W.PUBLISH_NEEDS_SHARE_WORDS, values: { assets } };
    }
    case 'ASSET_NOT_IN_CAMPAIGN':
      // An id, not a quantity: no digit grouping.
      return isCount(p.assetId)
        ? { message: W.ASSET_NOT_IN_CAMPAIGN, values: { assetId: String(p.assetId) } }
        : null;
    case 'UPLOAD_MALFORMED':
      return isText(p.field) ? { message: W.UPLOAD_MALFORMED, values: { field: p.field } } : null;
    case 'REMINDER_LIMIT_REACHED':
      return isCount(p.limit) ? { message: W.REMINDER_LIMIT_REACHED, values: { limit: p.limit } } : null;
    case 'LOGO_TOO_LARGE':
    case 'FILE_TOO_LARGE':
    case 'QUOTA_EXCEEDED':
      return isCount(p.maxBytes) ? { message: W[code], values: { size: megabytes(i18n, p.maxBytes) } } : null;
    default:
      return null;
  }
}

/** A refusal's words in the reader's language, from its code and `params` (not its English message). */
export function wordRefusal(i18n: I18n, code: unknown, params?: unknown): string {
  if (!isErrorCode(code)) return i18n._(GENERAL_ERROR);
  const worded = isObject(params) ? withParams(i18n, code, params) : null;
  if (worded) return say(i18n, worded.message, worded.values);
  return i18n._(ERROR_WORDS[code]);
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
  return english === null ? null : i18n._(GENERAL_ERROR);
}

/** One field's problem: a server body's `errors[]` entry, or the client's own schema check. */
export interface FieldProblem {
  message: string;
  /** The rule broken (the server's `rule`, or zod's issue code). */
  rule?: string;
  params?: { minimum?: unknown; maximum?: unknown; format?: unknown; origin?: unknown };
}

const FORM_BY_ENGLISH = new Map<string, SharedMessage>(
  [...Object.values(FORM_WORDS), ...Object.values(ERROR_WORDS)].map((m) => [m.message, m]),
);

/**
 * A field's problem in the reader's language: English readers get the schema's own
 * words; others get the words of a check the catalog knows (FORM_WORDS), else words
 * made from its rule and bounds; a rule the catalog does not word keeps the message.
 */
export function fieldProblemWords(i18n: I18n, problem: FieldProblem): string {
  if (readsEnglish(i18n)) return problem.message;
  const known = FORM_BY_ENGLISH.get(problem.message);
  if (known) return i18n._(known);
  const p = problem.params ?? {};
  const text = p.origin === undefined || p.origin === 'string';
  const items = p.origin === 'array' || p.origin === 'set';
  const F = FIELD_WORDS;
  const word = (m: SharedMessage, values?: Record<string, unknown>) => say(i18n, m, values);
  switch (problem.rule) {
    case 'required':
      return word(F.required);
    case 'invalid_type':
      return word(F.invalid_type);
    case 'too_small':
      if (typeof p.minimum !== 'number') return word(F.invalid);
      if (p.minimum === 1 && text) return word(F.required);
      return word(items ? F.too_small_items : text ? F.too_small_text : F.too_small, {
        minimum: text || items ? p.minimum : i18n.number(p.minimum),
      });
    case 'too_big':
      if (typeof p.maximum !== 'number') return word(F.invalid);
      return word(items ? F.too_big_items : text ? F.too_big_text : F.too_big, {
        maximum: text || items ? p.maximum : i18n.number(p.maximum),
      });
    case 'invalid_format':
      return word(
        p.format === 'email' ? F.invalid_email : p.format === 'url' ? F.invalid_url : F.invalid_format,
      );
    case 'invalid_value':
      return word(F.invalid_value);
    case 'unknown_field':
    case 'unrecognized_keys':
      return word(F.unknown_field);
    default:
      return problem.message;
  }
}
