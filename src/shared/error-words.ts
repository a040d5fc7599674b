import type { ErrorCode } from './errors.ts';

// The words of every refusal, in the `shared` catalog (docs/api.md "Errors the client
// words", docs/decisions/0030-languages.md "Errors and form messages"). Each code has
// fixed words; a code whose body carries `params` also has words made of them. Plain
// descriptors marked /*i18n*/ (this folder runs on the server too: no macros); the
// msgid is the id. The server's English `message` is its own and does not change; the
// English here is what the code says when nothing more precise is known.

/** A message of the `shared` catalog: its id and its English (ICU MessageFormat). */
export interface SharedMessage {
  id: string;
  message: string;
}

/** Each code's fixed words, worded from the code alone. */
export const ERROR_WORDS = {
  // The request itself
  VALIDATION_FAILED: /*i18n*/ { id: 'error.VALIDATION_FAILED', message: 'Some of the values are not valid.' },
  MALFORMED_REQUEST: /*i18n*/ {
    id: 'error.MALFORMED_REQUEST',
    message: 'The request could not be read. Please try again.',
  },
  BODY_TOO_LARGE: /*i18n*/ { id: 'error.BODY_TOO_LARGE', message: 'What you sent is too large.' },
  UNSUPPORTED_MEDIA_TYPE: /*i18n*/ {
    id: 'error.UNSUPPORTED_MEDIA_TYPE',
    message: 'What you sent is not in a form the server takes.',
  },
  REFERENCE_NOT_FOUND: /*i18n*/ {
    id: 'error.REFERENCE_NOT_FOUND',
    message: 'Something this refers to does not exist any more.',
  },
  ALREADY_EXISTS: /*i18n*/ { id: 'error.ALREADY_EXISTS', message: 'This already exists.' },
  NOT_FOUND: /*i18n*/ { id: 'error.NOT_FOUND', message: 'Not found: it may have been deleted.' },
  RATE_LIMITED: /*i18n*/ { id: 'error.RATE_LIMITED', message: 'Too many attempts. Please try again later.' },
  REQUEST_REFUSED: /*i18n*/ { id: 'error.REQUEST_REFUSED', message: 'The request was refused.' },
  SERVER_BUSY: /*i18n*/ {
    id: 'error.SERVER_BUSY',
    message: 'The server is busy. Please try again in a moment.',
  },
  INTERNAL: /*i18n*/ {
    id: 'error.INTERNAL',
    message: 'Something went wrong on our side. Please try again in a moment.',
  },
  // Who is calling
  NOT_AUTHENTICATED: /*i18n*/ { id: 'error.NOT_AUTHENTICATED', message: 'Please log in.' },
  TOKEN_EXPIRED: /*i18n*/ {
    id: 'error.TOKEN_EXPIRED',
    message: 'Your session has expired. Please log in again.',
  },
  INVALID_CREDENTIALS: /*i18n*/ { id: 'error.INVALID_CREDENTIALS', message: 'Invalid username or password' },
  INVALID_API_KEY: /*i18n*/ { id: 'error.INVALID_API_KEY', message: 'The API key is unknown or revoked.' },
  FORBIDDEN: /*i18n*/ { id: 'error.FORBIDDEN', message: 'You may not do this.' },
  ROLE_REQUIRED: /*i18n*/ { id: 'error.ROLE_REQUIRED', message: 'Your role does not allow this.' },
  NO_ORGANIZATION: /*i18n*/ {
    id: 'error.NO_ORGANIZATION',
    message: 'Missing organization information. Please try logging out and back in.',
  },
  API_KEY_NOT_ALLOWED: /*i18n*/ {
    id: 'error.API_KEY_NOT_ALLOWED',
    message: 'Only a signed-in member may do this, not an API key.',
  },
  CROSS_SITE_REFUSED: /*i18n*/ {
    id: 'error.CROSS_SITE_REFUSED',
    message: 'This request came from another site and was refused.',
  },
  // Accounts and teams
  USERNAME_TAKEN: /*i18n*/ { id: 'error.USERNAME_TAKEN', message: 'Username already exists' },
  ORGANIZATION_USERNAME_TAKEN: /*i18n*/ {
    id: 'error.ORGANIZATION_USERNAME_TAKEN',
    message: 'This organization username is already taken.',
  },
  ALREADY_IN_ORGANIZATION: /*i18n*/ {
    id: 'error.ALREADY_IN_ORGANIZATION',
    message: 'This account already belongs to an organization.',
  },
  CURRENT_PASSWORD_INCORRECT: /*i18n*/ {
    id: 'error.CURRENT_PASSWORD_INCORRECT',
    message: 'The current password is incorrect.',
  },
  CURRENT_PASSWORD_REQUIRED: /*i18n*/ {
    id: 'error.CURRENT_PASSWORD_REQUIRED',
    message: 'Enter your current password to change your email address.',
  },
  PASSWORD_RESET_INVALID: /*i18n*/ {
    id: 'error.PASSWORD_RESET_INVALID',
    message: 'This password reset link is not valid any more: it was used or has expired.',
  },
  EMAIL_CHANGE_INVALID: /*i18n*/ {
    id: 'error.EMAIL_CHANGE_INVALID',
    message: 'This email confirmation link is not valid any more: it was used or has expired.',
  },
  INVITATION_NOT_FOUND: /*i18n*/ {
    id: 'error.INVITATION_NOT_FOUND',
    message: 'This invitation link is not valid: it was withdrawn or already used.',
  },
  INVITATION_EXPIRED: /*i18n*/ { id: 'error.INVITATION_EXPIRED', message: 'This invitation has expired' },
  LAST_ADMIN: /*i18n*/ { id: 'error.LAST_ADMIN', message: 'An organization needs at least one admin' },
  LAST_OPERATOR: /*i18n*/ {
    id: 'error.LAST_OPERATOR',
    message: 'You are the only operator of this server: make someone else an operator first.',
  },
  // The instance and its operators
  OPERATOR_REQUIRED: /*i18n*/ {
    id: 'error.OPERATOR_REQUIRED',
    message: 'Only an operator of this instance may do this',
  },
  REGISTRATION_CLOSED: /*i18n*/ {
    id: 'error.REGISTRATION_CLOSED',
    message: 'Sign-up is closed on this server: its operators create accounts. Ask them for one.',
  },
  REGISTRATION_INVITE_ONLY: /*i18n*/ {
    id: 'error.REGISTRATION_INVITE_ONLY',
    message: 'Sign-up on this server is by invitation only: use the invitation link you were sent.',
  },
  EMAIL_DOMAIN_NOT_ALLOWED: /*i18n*/ {
    id: 'error.EMAIL_DOMAIN_NOT_ALLOWED',
    message: 'Sign-up on this server is open to some email domains only',
  },
  SIGNUP_INVITATION_INVALID: /*i18n*/ {
    id: 'error.SIGNUP_INVITATION_INVALID',
    message: 'This sign-up link is not valid any more: it was used, withdrawn or has expired',
  },
  ORGANIZATION_SUSPENDED: /*i18n*/ {
    id: 'error.ORGANIZATION_SUSPENDED',
    message:
      'This organization is suspended by the operators of this server. Its members can read but not change anything.',
  },
  CAMPAIGN_UNAVAILABLE: /*i18n*/ {
    id: 'error.CAMPAIGN_UNAVAILABLE',
    message: 'This campaign is not available',
  },
  MAIL_NOT_HELD: /*i18n*/ { id: 'error.MAIL_NOT_HELD', message: 'This mail is not held any more' },
  // Campaigns and assets
  CAMPAIGN_NOT_EDITABLE: /*i18n*/ {
    id: 'error.CAMPAIGN_NOT_EDITABLE',
    message: 'This campaign is archived: duplicate it to change it.',
  },
  STATUS_CHANGE_NOT_ALLOWED: /*i18n*/ {
    id: 'error.STATUS_CHANGE_NOT_ALLOWED',
    message: 'The campaign cannot change to that status now.',
  },
  REOPEN_NEEDS_FUTURE_END: /*i18n*/ {
    id: 'error.REOPEN_NEEDS_FUTURE_END',
    message: 'To re-open the campaign, give it an end date in the future.',
  },
  END_BEFORE_START: /*i18n*/ {
    id: 'error.END_BEFORE_START',
    message: 'End date must be on or after the start date',
  },
  PUBLISH_NEEDS_ASSET: /*i18n*/ {
    id: 'error.PUBLISH_NEEDS_ASSET',
    message: 'Add an asset before publishing',
  },
  PUBLISH_NEEDS_SHARE_WORDS: /*i18n*/ {
    id: 'error.PUBLISH_NEEDS_SHARE_WORDS',
    message: 'Give every image and video a share text or a description before publishing',
  },
  LAST_ASSET_OF_LIVE_CAMPAIGN: /*i18n*/ {
    id: 'error.LAST_ASSET_OF_LIVE_CAMPAIGN',
    message: 'A live campaign keeps at least one asset: add another one first, or end the campaign',
  },
  ASSET_NOT_IN_CAMPAIGN: /*i18n*/ {
    id: 'error.ASSET_NOT_IN_CAMPAIGN',
    message: 'That asset is not one of this campaign.',
  },
  ASSET_ORDER_INCOMPLETE: /*i18n*/ {
    id: 'error.ASSET_ORDER_INCOMPLETE',
    message: 'The new order must list every asset of the campaign once.',
  },
  ASSET_CONTENT_INVALID: /*i18n*/ {
    id: 'error.ASSET_CONTENT_INVALID',
    message: 'An image or video needs a link to the file itself or an uploaded file.',
  },
  UPLOAD_MISSING: /*i18n*/ {
    id: 'error.UPLOAD_MISSING',
    message: 'The uploaded file was not found: upload it again',
  },
  PUBLIC_URL_MISSING: /*i18n*/ {
    id: 'error.PUBLIC_URL_MISSING',
    message: 'This server does not know its public address (PUBLIC_URL), so it cannot make links.',
  },
  LOGO_INVALID: /*i18n*/ {
    id: 'error.LOGO_INVALID',
    message: 'Upload the logo again: this server does not hold it.',
  },
  LOGO_TOO_LARGE: /*i18n*/ {
    id: 'error.LOGO_TOO_LARGE',
    message: 'The logo is too large. Pick a smaller image.',
  },
  // Review before publishing
  OWN_SUBMISSION: /*i18n*/ {
    id: 'error.OWN_SUBMISSION',
    message: 'You cannot approve or reject your own submission',
  },
  REVIEW_NOT_PENDING: /*i18n*/ {
    id: 'error.REVIEW_NOT_PENDING',
    message: 'This change no longer waits for a decision.',
  },
  // Sharing and reminders
  CAMPAIGN_NOT_OPEN: /*i18n*/ {
    id: 'error.CAMPAIGN_NOT_OPEN',
    message: 'This campaign is not taking shares right now.',
  },
  ASSET_DELETED: /*i18n*/ { id: 'error.ASSET_DELETED', message: 'This item was removed from the campaign.' },
  SHARE_CODE_TAKEN: /*i18n*/ {
    id: 'error.SHARE_CODE_TAKEN',
    message: 'This share link code is already in use.',
  },
  SCHEDULE_NOT_IN_FUTURE: /*i18n*/ {
    id: 'error.SCHEDULE_NOT_IN_FUTURE',
    message: 'Pick a time in the future.',
  },
  SCHEDULE_AFTER_CAMPAIGN_END: /*i18n*/ {
    id: 'error.SCHEDULE_AFTER_CAMPAIGN_END',
    message: 'Pick a time before the campaign ends.',
  },
  VISITOR_REQUIRED: /*i18n*/ {
    id: 'error.VISITOR_REQUIRED',
    message: 'Allow the supporter cookie on this page to join this moment, then try again.',
  },
  SUPPORTER_INFO_NOT_COLLECTED: /*i18n*/ {
    id: 'error.SUPPORTER_INFO_NOT_COLLECTED',
    message: 'This organization does not collect supporter information, so it cannot email you a reminder',
  },
  MAIL_NOT_CONFIGURED: /*i18n*/ {
    id: 'error.MAIL_NOT_CONFIGURED',
    message: 'Email reminders are not available on this server',
  },
  REMINDER_UNSUBSCRIBED: /*i18n*/ {
    id: 'error.REMINDER_UNSUBSCRIBED',
    message: "This address has unsubscribed from this organization's reminders.",
  },
  REMINDER_LIMIT_REACHED: /*i18n*/ {
    id: 'error.REMINDER_LIMIT_REACHED',
    message: 'This address already has the most reminders it can have waiting.',
  },
  BLOCKED_WORD: /*i18n*/ {
    id: 'error.BLOCKED_WORD',
    message: 'Your message contains a word this organization does not allow. Please edit it.',
  },
  PUSH_ENDPOINT_REFUSED: /*i18n*/ {
    id: 'error.PUSH_ENDPOINT_REFUSED',
    message: 'This browser’s notification service cannot be used for reminders.',
  },
  NO_DATA_HELD: /*i18n*/ { id: 'error.NO_DATA_HELD', message: 'We hold no data for this browser.' },
  SUPPORTER_COOKIE_REQUIRED: /*i18n*/ {
    id: 'error.SUPPORTER_COOKIE_REQUIRED',
    message: 'Allow the supporter cookie to appear on the board.',
  },
  // Uploads
  FILE_TOO_LARGE: /*i18n*/ { id: 'error.FILE_TOO_LARGE', message: 'File too large' },
  QUOTA_EXCEEDED: /*i18n*/ {
    id: 'error.QUOTA_EXCEEDED',
    message: "Your organization's storage is full: delete files you no longer need.",
  },
  FILE_TYPE_UNSUPPORTED: /*i18n*/ {
    id: 'error.FILE_TYPE_UNSUPPORTED',
    message: 'This type of file is not supported: upload an image or a video.',
  },
  FILE_EMPTY: /*i18n*/ { id: 'error.FILE_EMPTY', message: 'The file is empty' },
  UPLOAD_MALFORMED: /*i18n*/ { id: 'error.UPLOAD_MALFORMED', message: 'No file uploaded' },
  URL_FETCH_FAILED: /*i18n*/ {
    id: 'error.URL_FETCH_FAILED',
    message: 'The file at that address could not be downloaded.',
  },
  WEBHOOK_ENDPOINT_LIMIT: /*i18n*/ {
    id: 'error.WEBHOOK_ENDPOINT_LIMIT',
    message: 'This organization has as many webhook endpoints as it may: delete one first.',
  },
} as const satisfies Record<ErrorCode, SharedMessage>;

/**
 * The words made of a body's `params` (docs/api.md's table), keyed by code; NOT_FOUND
 * has one per kind of params. A client words a refusal with these when its params are
 * there, else with ERROR_WORDS.
 */
export const ERROR_WORDS_WITH_PARAMS = {
  RATE_LIMITED: /*i18n*/ {
    id: 'error.RATE_LIMITED.params',
    message: 'Too many attempts. Try again in {retryAfterSeconds, plural, one {# second} other {# seconds}}.',
  },
  SERVER_BUSY: /*i18n*/ {
    id: 'error.SERVER_BUSY.params',
    message:
      'The server is busy. Try again in {retryAfterSeconds, plural, one {# second} other {# seconds}}.',
  },
  NOT_FOUND_USERNAME: /*i18n*/ { id: 'error.NOT_FOUND.username', message: 'No account named {username}' },
  NOT_FOUND_ROUTE: /*i18n*/ { id: 'error.NOT_FOUND.route', message: 'There is no {method} {path} here.' },
  ORGANIZATION_SUSPENDED: /*i18n*/ {
    id: 'error.ORGANIZATION_SUSPENDED.params',
    message:
      'This organization is suspended by the operators of this server: {reason}. Its members can read but not change anything.',
  },
  LAST_ADMIN: /*i18n*/ {
    id: 'error.LAST_ADMIN.params',
    message:
      'You are the last admin of {organization}: make another member an admin, or ask them to, before deleting your account',
  },
  MAIL_NOT_HELD: /*i18n*/ {
    id: 'error.MAIL_NOT_HELD.params',
    message:
      'This mail is not held any more: it is {status, select, queued {waiting to be sent} sending {being sent} sent {sent} failed {failed} expired {expired} dropped {dropped} held {held because its organization is suspended} other {{status}}}',
  },
  STATUS_CHANGE_NOT_ALLOWED: /*i18n*/ {
    id: 'error.STATUS_CHANGE_NOT_ALLOWED.params',
    message: 'A campaign cannot go from {from} to {to}.',
  },
  PUBLISH_NEEDS_SHARE_WORDS: /*i18n*/ {
    id: 'error.PUBLISH_NEEDS_SHARE_WORDS.params',
    message: 'Give every image and video a share text or a description before publishing: {assets}',
  },
  ASSET_NOT_IN_CAMPAIGN: /*i18n*/ {
    id: 'error.ASSET_NOT_IN_CAMPAIGN.params',
    message: 'Asset {assetId} is not one of this campaign.',
  },
  UPLOAD_MALFORMED: /*i18n*/ {
    id: 'error.UPLOAD_MALFORMED.params',
    message: 'Send the file in a field named {field}',
  },
  REMINDER_LIMIT_REACHED: /*i18n*/ {
    id: 'error.REMINDER_LIMIT_REACHED.params',
    message:
      'This address already has {limit, plural, one {# reminder} other {# reminders}} waiting: the most it can have.',
  },
  BLOCKED_WORD: /*i18n*/ {
    id: 'error.BLOCKED_WORD.params',
    message: 'Your message contains a word this organization does not allow: "{word}". Please edit it.',
  },
  LOGO_TOO_LARGE: /*i18n*/ {
    id: 'error.LOGO_TOO_LARGE.params',
    message: 'The logo is too large: a logo can be at most {size}. Pick a smaller image.',
  },
  FILE_TOO_LARGE: /*i18n*/ {
    id: 'error.FILE_TOO_LARGE.params',
    message: 'File too large: a file can be at most {size}.',
  },
  QUOTA_EXCEEDED: /*i18n*/ {
    id: 'error.QUOTA_EXCEEDED.params',
    message: "Your organization's storage is full ({size}): delete files you no longer need.",
  },
} as const satisfies Record<string, SharedMessage>;

/** The campaign statuses as people read them (STATUS_CHANGE_NOT_ALLOWED's `from` and `to`). */
export const CAMPAIGN_STATUS_WORDS = {
  draft: /*i18n*/ { id: 'campaignStatus.draft', message: 'draft' },
  active: /*i18n*/ { id: 'campaignStatus.active', message: 'active' },
  paused: /*i18n*/ { id: 'campaignStatus.paused', message: 'paused' },
  ended: /*i18n*/ { id: 'campaignStatus.ended', message: 'ended' },
  archived: /*i18n*/ { id: 'campaignStatus.archived', message: 'archived' },
} as const satisfies Record<string, SharedMessage>;

/** Said of a refusal whose code the catalog does not know. */
export const GENERAL_ERROR: SharedMessage = /*i18n*/ {
  id: 'error.general',
  message: 'Something went wrong. Please try again.',
};

/**
 * A field's problem, worded from its rule and bounds (a VALIDATION_FAILED body's
 * `errors[].rule` and `params`, or the client's own check of the same schema) for a
 * reader of another language than English; English readers see the schema's words.
 */
export const FIELD_WORDS = {
  required: /*i18n*/ { id: 'field.required', message: 'This field is required.' },
  invalid_type: /*i18n*/ { id: 'field.invalid_type', message: 'This value is not of the right kind.' },
  too_small_text: /*i18n*/ {
    id: 'field.too_small.text',
    message: 'Enter at least {minimum, plural, one {# character} other {# characters}}.',
  },
  too_big_text: /*i18n*/ {
    id: 'field.too_big.text',
    message: 'Enter at most {maximum, plural, one {# character} other {# characters}}.',
  },
  too_small_items: /*i18n*/ {
    id: 'field.too_small.items',
    message: 'Choose at least {minimum, plural, one {# item} other {# items}}.',
  },
  too_big_items: /*i18n*/ {
    id: 'field.too_big.items',
    message: 'Choose at most {maximum, plural, one {# item} other {# items}}.',
  },
  too_small: /*i18n*/ { id: 'field.too_small', message: 'Must be at least {minimum}.' },
  too_big: /*i18n*/ { id: 'field.too_big', message: 'Must be at most {maximum}.' },
  invalid_email: /*i18n*/ { id: 'field.invalid_format.email', message: 'Enter a valid email address.' },
  invalid_url: /*i18n*/ {
    id: 'field.invalid_format.url',
    message: 'Enter a valid web address (https://...).',
  },
  invalid_format: /*i18n*/ { id: 'field.invalid_format', message: 'This value is not in the right form.' },
  invalid_value: /*i18n*/ { id: 'field.invalid_value', message: 'Choose one of the values offered.' },
  unknown_field: /*i18n*/ { id: 'field.unknown_field', message: 'This field is not expected here.' },
  invalid: /*i18n*/ { id: 'field.invalid', message: 'This value is not valid.' },
} as const satisfies Record<string, SharedMessage>;

/**
 * The words of the shared schemas' own checks (a rule of the form, not a bound),
 * used as the schemas' messages so the client can word them in the reader's language.
 */
export const FORM_WORDS = {
  passwordsDiffer: /*i18n*/ { id: 'form.passwordsDiffer', message: 'Passwords do not match' },
  newPasswordsDiffer: /*i18n*/ {
    id: 'form.newPasswordsDiffer',
    message: 'New password and confirmation must match',
  },
} as const satisfies Record<string, SharedMessage>;
