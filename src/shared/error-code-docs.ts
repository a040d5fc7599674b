import type { ErrorCode } from './errors.ts';

/**
 * When each refusal code comes: the explanation docs/api.md lists beside it (a test
 * holds them equal) and the OpenAPI document describes. Kept apart from errors.ts, which
 * the pages load: these words are for readers of the documentation, not for a browser.
 */
export const ERROR_CODES = {
  // The request itself
  VALIDATION_FAILED: 'A body, query or path value fails its schema; `errors` names each field (400)',
  MALFORMED_REQUEST:
    'The request cannot be read: malformed or empty JSON, a broken multipart body, a bad or over-long URL (400, 414)',
  BODY_TOO_LARGE: 'The request body is over the size limit (413)',
  UNSUPPORTED_MEDIA_TYPE: 'A body that is not JSON on a JSON route, or not multipart on an upload (415)',
  REFERENCE_NOT_FOUND: 'A body names a record that does not exist (400)',
  ALREADY_EXISTS: 'The record would duplicate one that exists (409)',
  NOT_FOUND:
    'No such route, record or file, or a record of another organisation that the caller may not know of (404)',
  RATE_LIMITED: 'Too many requests, logins, uploads, downloads or mails for now; see `Retry-After` (429)',
  REQUEST_REFUSED: 'Any other refusal of the request by the HTTP layer (4xx)',
  SERVER_BUSY: 'The server is busy (password checks queued to their limit); see `Retry-After` (503)',
  INTERNAL: 'The server failed; the message says nothing more (500)',
  // Who is calling
  NOT_AUTHENTICATED: 'No valid session token or API key (401)',
  TOKEN_EXPIRED: 'The session existed but has expired; the body also has `tokenExpired: true` (401)',
  INVALID_CREDENTIALS: 'Wrong username or password at login (401)',
  INVALID_API_KEY: 'The API key is unknown or revoked (401)',
  FORBIDDEN: "Another organisation's id, or a route the caller may not use (403)",
  ROLE_REQUIRED: "The caller's role is below the one the route needs (403)",
  NO_ORGANIZATION: 'The caller belongs to no organisation yet (403; 404 on GET /api/organization)',
  API_KEY_NOT_ALLOWED: 'An API key on a route only a signed-in member may use (403)',
  CROSS_SITE_REFUSED: 'A cookie-authenticated write from another site (403)',
  // Accounts and teams
  USERNAME_TAKEN: 'The username is already registered (409)',
  ORGANIZATION_USERNAME_TAKEN: "The organisation's username is already taken (409)",
  ALREADY_IN_ORGANIZATION: 'The account already belongs to an organisation (409)',
  CURRENT_PASSWORD_INCORRECT: 'A password or email change with the wrong current password (400)',
  CURRENT_PASSWORD_REQUIRED: 'An email change without the current password (400)',
  PASSWORD_RESET_INVALID: 'The password reset link is unknown, used or expired (400)',
  EMAIL_CHANGE_INVALID: 'The email confirmation or undo link is unknown, used or expired (400)',
  INVITATION_NOT_FOUND: 'The invitation link is unknown, revoked or already used (404)',
  INVITATION_EXPIRED: 'The invitation link has expired (410)',
  LAST_ADMIN: 'The change would leave the organisation without an admin (409)',
  LAST_OPERATOR:
    'Deleting the account would leave the instance without an operator: only the command line may (409)',
  // The instance and its operators
  OPERATOR_REQUIRED: 'A route only an operator of the instance may use: organisation admins included (403)',
  REGISTRATION_CLOSED: 'Sign-up is closed on this instance: only operators create accounts (403)',
  REGISTRATION_INVITE_ONLY:
    "Sign-up on this instance needs an organisation's invitation or an operator's sign-up link (403)",
  EMAIL_DOMAIN_NOT_ALLOWED: "The address's domain is not one the instance lets sign up (403)",
  SIGNUP_INVITATION_INVALID: 'The sign-up link is unknown, withdrawn, used or expired (403)',
  ORGANIZATION_SUSPENDED:
    "The organisation is suspended by the instance's operators: its members may read but not change anything, its API keys are refused; the message gives the reason (403)",
  CAMPAIGN_UNAVAILABLE:
    "The campaign's (or the file's) organisation is suspended: its public pages and media are gone for now (410)",
  MAIL_NOT_HELD:
    'The mail is no longer held (sent, dropped or expired meanwhile), or its organisation is suspended (409)',
  // Campaigns and assets
  CAMPAIGN_NOT_EDITABLE: 'The campaign is archived: duplicate it instead (400)',
  STATUS_CHANGE_NOT_ALLOWED: 'The campaign cannot move from its status to the one asked (400)',
  REOPEN_NEEDS_FUTURE_END: 'Re-opening an ended campaign needs an end date in the future (400)',
  END_BEFORE_START: 'The end date is before the start date (400)',
  PUBLISH_NEEDS_ASSET:
    'Publishing a draft, creating a campaign live, or re-opening or resuming one, when it has no asset (409)',
  PUBLISH_NEEDS_SHARE_WORDS:
    'Publishing a draft with an image or video that has neither a share text nor a description: supporters never see its title (409)',
  LAST_ASSET_OF_LIVE_CAMPAIGN:
    'Deleting the only asset of an active or paused campaign: a live campaign always has something to share (409)',
  ASSET_NOT_IN_CAMPAIGN: 'An asset id that is not one of the campaign (400)',
  ASSET_ORDER_INCOMPLETE: 'A new asset order that does not list every asset once (400)',
  ASSET_CONTENT_INVALID:
    "An image or video asset whose content is not a URL or an uploaded file, or is a video site's page (400)",
  UPLOAD_MISSING: 'The uploaded file an asset names is gone: upload it again (400)',
  PUBLIC_URL_MISSING: 'The server does not know its public address (PUBLIC_URL) for links (409, 400)',
  LOGO_INVALID: 'The logo names an uploaded image this server does not hold (400)',
  LOGO_TOO_LARGE: 'The uploaded logo is over the logo limit of 2 MB (400)',
  // Review before publishing
  OWN_SUBMISSION: 'A reviewer deciding on their own submission, an admin too (403)',
  REVIEW_NOT_PENDING:
    'The revision does not wait for a decision: decided already, or changes were asked for (409)',
  // Sharing and reminders
  CAMPAIGN_NOT_OPEN: 'The campaign takes no shares now: draft, archived, paused, ended or not started (409)',
  ASSET_DELETED: 'The asset was deleted (409)',
  SHARE_CODE_TAKEN: 'The share link code is already in use (409)',
  SCHEDULE_NOT_IN_FUTURE: 'A scheduled time that is not in the future (400)',
  SCHEDULE_AFTER_CAMPAIGN_END: 'A scheduled time at or after the campaign ends (400)',
  SUPPORTER_INFO_NOT_COLLECTED:
    'An email reminder where the organisation collects no supporter details (400)',
  MAIL_NOT_CONFIGURED: 'An email reminder on a server that sends no mail (400)',
  REMINDER_UNSUBSCRIBED: "The address has unsubscribed from the organisation's reminders (400)",
  REMINDER_LIMIT_REACHED: 'The address already has the most reminders waiting (400)',
  PUSH_ENDPOINT_REFUSED: 'A push endpoint that is not a public https address (400)',
  VISITOR_REQUIRED: 'A commitment without the signed visitor cookie of a browser (400)',
  BLOCKED_WORD: "A supporter's words hold a word the organisation blocks (400)",
  NO_DATA_HELD: 'A supporter asks to erase their data and the server holds none for their browser (404)',
  // Recognition
  SUPPORTER_COOKIE_REQUIRED: 'A display name from a browser without the signed supporter cookie (400)',
  // Integrations
  WEBHOOK_ENDPOINT_LIMIT: 'The organisation already has the most webhook endpoints it may (409)',
  // Uploads
  FILE_TOO_LARGE: 'The file is over the upload limit (413)',
  QUOTA_EXCEEDED: "The organisation's storage quota is used up (413)",
  FILE_TYPE_UNSUPPORTED: 'The file is not an allowed image or video type (415)',
  FILE_EMPTY: 'The file has no bytes (400)',
  UPLOAD_MALFORMED: 'The upload is not one file in the field named `file` (400, 413)',
  URL_FETCH_FAILED:
    'The URL could not be downloaded, whatever the reason (not a public http(s) address, no such host, an error answer, too slow): one answer, so hosts cannot be probed through the server (400)',
} as const satisfies Record<ErrorCode, string>;
