import type { CampaignStatus } from './campaign-lifecycle.ts';

/**
 * The stable code of every refusal the server makes (when each comes: error-code-docs.ts). Every error
 * body carries one (`{ code, message, ... }`): the client decides on the code, the
 * message is for people and may change. docs/api.md lists the same codes (a test
 * checks it), and the OpenAPI document lists them as the error body's `code` enum.
 */
export const ERROR_CODE_NAMES = [
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REFERENCE_NOT_FOUND',
  'ALREADY_EXISTS',
  'NOT_FOUND',
  'RATE_LIMITED',
  'REQUEST_REFUSED',
  'SERVER_BUSY',
  'INTERNAL',
  'NOT_AUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_API_KEY',
  'FORBIDDEN',
  'ROLE_REQUIRED',
  'NO_ORGANIZATION',
  'API_KEY_NOT_ALLOWED',
  'CROSS_SITE_REFUSED',
  'USERNAME_TAKEN',
  'ORGANIZATION_USERNAME_TAKEN',
  'ALREADY_IN_ORGANIZATION',
  'CURRENT_PASSWORD_INCORRECT',
  'CURRENT_PASSWORD_REQUIRED',
  'PASSWORD_RESET_INVALID',
  'EMAIL_CHANGE_INVALID',
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'LAST_ADMIN',
  'LAST_OPERATOR',
  'OPERATOR_REQUIRED',
  'REGISTRATION_CLOSED',
  'REGISTRATION_INVITE_ONLY',
  'EMAIL_DOMAIN_NOT_ALLOWED',
  'SIGNUP_INVITATION_INVALID',
  'ORGANIZATION_SUSPENDED',
  'CAMPAIGN_UNAVAILABLE',
  'MAIL_NOT_HELD',
  'CAMPAIGN_NOT_EDITABLE',
  'STATUS_CHANGE_NOT_ALLOWED',
  'REOPEN_NEEDS_FUTURE_END',
  'END_BEFORE_START',
  'PUBLISH_NEEDS_ASSET',
  'PUBLISH_NEEDS_SHARE_WORDS',
  'LAST_ASSET_OF_LIVE_CAMPAIGN',
  'ASSET_NOT_IN_CAMPAIGN',
  'ASSET_ORDER_INCOMPLETE',
  'ASSET_CONTENT_INVALID',
  'UPLOAD_MISSING',
  'PUBLIC_URL_MISSING',
  'LOGO_INVALID',
  'LOGO_TOO_LARGE',
  'OWN_SUBMISSION',
  'REVIEW_NOT_PENDING',
  'CAMPAIGN_NOT_OPEN',
  'ASSET_DELETED',
  'SHARE_CODE_TAKEN',
  'SCHEDULE_NOT_IN_FUTURE',
  'SCHEDULE_AFTER_CAMPAIGN_END',
  'SUPPORTER_INFO_NOT_COLLECTED',
  'MAIL_NOT_CONFIGURED',
  'REMINDER_UNSUBSCRIBED',
  'REMINDER_LIMIT_REACHED',
  'PUSH_ENDPOINT_REFUSED',
  'VISITOR_REQUIRED',
  'BLOCKED_WORD',
  'NO_DATA_HELD',
  'SUPPORTER_COOKIE_REQUIRED',
  'WEBHOOK_ENDPOINT_LIMIT',
  'FILE_TOO_LARGE',
  'QUOTA_EXCEEDED',
  'FILE_TYPE_UNSUPPORTED',
  'FILE_EMPTY',
  'UPLOAD_MALFORMED',
  'URL_FETCH_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODE_NAMES)[number];

const CODES: ReadonlySet<string> = new Set(ERROR_CODE_NAMES);

/** True when `value` is one of the codes above. */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && CODES.has(value);

// Messages that the server sends and the client also shows on its own: the English of
// error-words.ts's descriptors of the same codes (its test holds them equal). Kept as
// plain strings so a page that uses one does not load every code's words.

export const PUBLISH_NEEDS_ASSET = 'Add an asset before publishing';
/** Deleting the one asset left would leave supporters of a live campaign nothing to share. */
export const LAST_ASSET_OF_LIVE_CAMPAIGN =
  'A live campaign keeps at least one asset: add another one first, or end the campaign';
export const PUBLISH_NEEDS_SHARE_WORDS =
  'Give every image and video a share text or a description before publishing';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const OWN_SUBMISSION_MESSAGE = 'You cannot approve or reject your own submission';
export const REVIEW_NOT_PENDING_MESSAGE = 'This change no longer waits for a decision.';
export const USERNAME_TAKEN = 'Username already exists';
export const OPERATOR_REQUIRED_MESSAGE = 'Only an operator of this instance may do this';
/** What the sign-up page and the server say of the instance's sign-up policy. */
export const REGISTRATION_CLOSED_MESSAGE =
  'Sign-up is closed on this server: its operators create accounts. Ask them for one.';
export const REGISTRATION_INVITE_ONLY_MESSAGE =
  'Sign-up on this server is by invitation only: use the invitation link you were sent.';
export const EMAIL_DOMAIN_NOT_ALLOWED_MESSAGE = 'Sign-up on this server is open to some email domains only';
export const SIGNUP_INVITATION_INVALID_MESSAGE =
  'This sign-up link is not valid any more: it was used, withdrawn or has expired';
export const SIGNUP_INVITATION_OTHER_EMAIL_MESSAGE =
  'This invitation was sent to another email address: sign up with the address it was sent to';
/** The neutral words of a suspended organisation's public pages: nothing of the organisation. */
export const CAMPAIGN_UNAVAILABLE = 'This campaign is not available';
/** What a suspended organisation's members are told (the banner, and a refused write). */
export const organizationSuspendedMessage = (reason: string | null) =>
  `This organization is suspended by the operators of this server${reason ? `: ${reason}` : ''}. Its members can read but not change anything.`;
export const MISSING_ORG_MESSAGE = 'Missing organization information. Please try logging out and back in.';
export const FILE_TOO_LARGE = 'File too large';
/** The logo limit, said once on the branding card and in the server's refusal. */
export const LOGO_LIMIT_TEXT = 'at most 2 MB';

// The values a refusal's words are made of (docs/api.md "Errors the client words"):
// the body's `params`, JSON values (numbers as numbers, instants as ISO 8601 strings).
// The client words a refusal from its code and these; `message` stays English.

/** What a RATE_LIMITED refusal counted: whose limit was reached. */
export const RATE_LIMIT_SCOPES = [
  'login',
  'recipient',
  'organization',
  'instance',
  'upload',
  'api-key',
  'network',
  'account',
] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

/**
 * The `params` each code sends; a code not listed sends none (its words are fixed).
 * NOT_FOUND sends them only where a value names what is missing.
 */
export interface ErrorParamsByCode {
  /** `retryAfterSeconds` is the `Retry-After` header's value. */
  RATE_LIMITED: { retryAfterSeconds: number; scope: RateLimitScope };
  SERVER_BUSY: { retryAfterSeconds: number };
  NOT_FOUND: { username: string } | { method: string; path: string } | undefined;
  /** The operators' own words, or null when they gave none. */
  ORGANIZATION_SUSPENDED: { reason: string | null };
  /** The organisation's name. */
  LAST_ADMIN: { organization: string };
  /** The mail's status now (`held` when its organisation's suspension keeps it). */
  MAIL_NOT_HELD: { status: string };
  STATUS_CHANGE_NOT_ALLOWED: { from: CampaignStatus; to: CampaignStatus };
  /** The titles of the images and videos without words, in the campaign's order. */
  PUBLISH_NEEDS_SHARE_WORDS: { assets: string[] };
  ASSET_NOT_IN_CAMPAIGN: { assetId: number };
  UPLOAD_MALFORMED: { field: 'file' };
  REMINDER_LIMIT_REACHED: { limit: number };
  /** The first blocked word of the supporter's words, as they spelled it. */
  BLOCKED_WORD: { word: string };
  LOGO_TOO_LARGE: { maxBytes: number };
  FILE_TOO_LARGE: { maxBytes: number };
  QUOTA_EXCEEDED: { maxBytes: number };
}
export type CodeWithParams = keyof ErrorParamsByCode;
/** The codes of ErrorParamsByCode, at run time (docs/api.md's table lists the same; a test checks it). */
export const CODES_WITH_PARAMS = [
  'RATE_LIMITED',
  'SERVER_BUSY',
  'NOT_FOUND',
  'ORGANIZATION_SUSPENDED',
  'LAST_ADMIN',
  'MAIL_NOT_HELD',
  'STATUS_CHANGE_NOT_ALLOWED',
  'PUBLISH_NEEDS_SHARE_WORDS',
  'ASSET_NOT_IN_CAMPAIGN',
  'UPLOAD_MALFORMED',
  'REMINDER_LIMIT_REACHED',
  'BLOCKED_WORD',
  'LOGO_TOO_LARGE',
  'FILE_TOO_LARGE',
  'QUOTA_EXCEEDED',
] as const satisfies readonly CodeWithParams[];
type Listed<T extends CodeWithParams, _Unlisted extends never> = T;
/** Fails to compile while a code of ErrorParamsByCode is missing from CODES_WITH_PARAMS. */
export type ListedCodesWithParams = Listed<
  (typeof CODES_WITH_PARAMS)[number],
  Exclude<CodeWithParams, (typeof CODES_WITH_PARAMS)[number]>
>;
/** The `params` of `C`'s body: `undefined` for a code whose words are fixed. */
export type ErrorParams<C extends ErrorCode> = C extends CodeWithParams ? ErrorParamsByCode[C] : undefined;

/**
 * The rule a field of a VALIDATION_FAILED body broke (its `errors[].rule`), one of a
 * small fixed set the client words, whatever check of the schema found it.
 */
export const FIELD_RULES = [
  /** The field is missing. */
  'required',
  /** Not the JSON type the field takes (a string for a number, an object for text). */
  'invalid_type',
  /** Shorter, fewer or smaller than `params.minimum` (excluded when `params.exclusive`). */
  'too_small',
  /** Longer, more or larger than `params.maximum` (excluded when `params.exclusive`). */
  'too_big',
  /** Text not in the form the field takes (`params.format`: `email`, `url`, `regex`, `datetime`, ...). */
  'invalid_format',
  /** Not one of the values the field takes (an enum, a literal, a union's members). */
  'invalid_value',
  /** A field the body may not have (`params.fields` names them). */
  'unknown_field',
  /** A check of the schema's own (two fields that disagree, a rule of the form): `message` says which. */
  'invalid',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

/** The `params` of one field's problem in a VALIDATION_FAILED body. */
export interface FieldRuleParams {
  minimum?: number | string;
  maximum?: number | string;
  exclusive?: true;
  format?: string;
  fields?: string[];
}
