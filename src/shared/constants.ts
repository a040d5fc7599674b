// Business constants (limits, lifetimes, storage keys), in one place for client and server.

// Lengths of time in milliseconds, defined here once; durations.ts re-exports them for
// code that wants only these. (Defined here rather than imported from durations.ts: one
// more module under constants.ts makes the bundler split the supporter page's shared
// chunk again, 0.8 KB heavier; bench/supporter-bundle.ts.)
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_COOKIE_NAME = 'token';
export const SESSION_LIFETIME_SECONDS = 2_592_000; // 30 days
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_SECONDS * 1000;
/** Expired sessions are remembered this long so their token gets `tokenExpired: true`. */
export const EXPIRED_SESSION_MEMORY_MS = 30 * DAY_MS;

export const SUPPORTER_COOKIE_NAME = 'rally_sid';
/**
 * A supporter's choice to share without the visitor cookie: this cookie holds only the
 * value `1`, the same for everybody who chose it (no id), and the server then sets no
 * `rally_sid` for that browser (docs/api.md "Privacy"). Readable by the page's script.
 */
export const NO_VISITOR_COOKIE_NAME = 'rally_nosid';

export const USER_QUERY_STALE_MS = 60_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const MIN_USERNAME = 3;
export const MIN_PASSWORD = 6;
export const MIN_ORG_NAME = 3;
export const MIN_CAMPAIGN_NAME = 3;
export const MIN_ASSET_TITLE = 3;

// Upper bounds the spec leaves open: generous, but they keep rows and pages sane.
export const MAX_USERNAME = 50;
export const MAX_PASSWORD = 200;
export const MAX_NAME = 200;
export const MAX_EMAIL = 254;
export const MAX_DESCRIPTION = 5000;
export const MAX_TEXT_CONTENT = 10_000;
export const MAX_URL = 2048;
/** An asset's share text (caption): LinkedIn's post limit, the longest the counter warns about. */
export const MAX_SHARE_TEXT = 3000;
/** A supporter's personal message: the share dialog's field stops here, and the API refuses longer. */
export const MAX_PERSONAL_MESSAGE = 1000;
/**
 * The blocked words one message-check answer names at most: enough for a message a
 * person writes, few for a list sent to read the organisation's (docs/decisions/0033).
 */
export const MAX_BLOCKED_NAMED = 3;
/**
 * Shares of one asset carrying the same personal message (normalised) from which the
 * share dialog suggests rewording it: that many identical posts look copied.
 */
export const REPEATED_MESSAGE_THRESHOLD = 5;

export const UPLOAD_MAX_BYTES_DEFAULT = 5 * 1024 * 1024;
/** An organisation's logo: at most this many bytes (the settings save refuses a bigger upload). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_PROGRESS_STEP_MAX = 15;
export const UPLOAD_PROGRESS_INTERVAL_MS = 300;
export const UPLOAD_PROGRESS_CAP = 90;

export const ASSET_TYPES = ['image', 'video', 'text'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_DESKTOP = 1024;

export const DEFAULT_ORG_ID_READ = 1;
export const DEFAULT_ORG_ID_CREATE = 2;

export const SCHEDULE_FIRST_SLOT_MINUTES = 7 * 60; // 7:00 AM
export const SCHEDULE_LAST_SLOT_MINUTES = 20 * 60 + 30; // 8:30 PM
export const SCHEDULE_SLOT_STEP_MINUTES = 30;
export const SCHEDULE_DEFAULT_TIME = '9:00 AM';

export const COPIED_CONFIRMATION_MS = 2000;
export const DEEP_LINK_WAIT_MS = 300;
export const MOBILE_URL_UPDATE_MS = 300;
export const POST_CREATION_REDIRECT_MS = 300;
export const DELAYED_REFRESH_MS = 500;
export const TEMPLATE_REDIRECT_MS = 1500;
export const TEMPLATE_REDIRECT_EXTRA_MS = 100;
export const LOGOUT_REDIRECT_MS = 2000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const SHARE_POPUP_WIDTH = 520;
export const SHARE_POPUP_HEIGHT = 570;
export const DIALOG_TITLE_TRUNCATE = 30;
export const MOBILE_PREVIEW_TRUNCATE = 100;
export const MOBILE_TEXT_PREVIEW_TRUNCATE = 120;
export const PERSONALIZE_LIST_TRUNCATE = 80;
export const DATE_FORMAT = 'MMM d, yyyy';
export const CALENDAR_CELL_MAX_ENTRIES = 2;
export const DEFAULT_IMAGE_DOWNLOAD_NAME = 'rally-share-image.png';
export const TEST_CAMPAIGN_DAYS = 30;

/** Tracked-link codes (API.md): random, URL-safe, at least 10 characters. */
export const REF_CODE_LENGTH = 12;
export const REF_CODE_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;
/** One click-through per visitor and share within this window. */
export const CLICK_DEDUP_WINDOW_MS = DAY_MS;
/** At most this many click-throughs per share from one client network within the window below. */
export const CLICKS_PER_SHARE_PER_NETWORK = 10;
export const CLICK_NETWORK_WINDOW_MS = DAY_MS;
/**
 * A click-through counts only with the visit token its page view carried (API.md
 * "Honest click-throughs", docs/security.md): issued at least this long before the
 * confirmation (a person looking at the page, not a script firing both at once)...
 */
export const VISIT_TOKEN_MIN_AGE_MS = SECOND_MS;
/** ...and at most this long before it. */
export const VISIT_TOKEN_MAX_AGE_MS = HOUR_MS;
/** The page confirms this long after it starts: past the minimum, with room for clock skew between instances. */
export const CLICK_CONFIRM_DELAY_MS = 1.5 * SECOND_MS;
/** `<meta name>` of the visit token in the supporter page's HTML. */
export const VISIT_TOKEN_META = 'rally-visit';
/** Share-text variants (A/B texts) an asset may carry at most. */
export const MAX_VARIANTS = 4;
/** A variant is named the winner only with at least this many views for every variant... */
export const WINNER_MIN_VIEWS = 100;
/** ...and a two-proportion z-test on share rate below this p-value. */
export const WINNER_MAX_P = 0.05;
/** A visit's source tag (`?src=` on the supporter link, e.g. `qr`); anything else is no source. */
export const SOURCE_PATTERN = /^[a-z0-9_-]{1,32}$/;
/** A supporter is "active" with a share in this many days. */
export const ACTIVE_SUPPORTER_DAYS = 30;

/** Every API key starts with this, so a key is told apart from a session token at a glance. */
export const API_KEY_PREFIX = 'rk_';
/** Characters of a key kept (and listed) so people can tell their keys apart. */
export const API_KEY_SHOWN_CHARS = 10;
export const MAX_API_KEY_NAME = 100;
/** Requests one API key may make per minute, across every instance (API_KEY_REQUESTS_PER_MINUTE). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** How often the supporter page asks a shared moment's count again while it is visible (docs/api.md "Momentum"). */
export const MOMENT_POLL_MS = 5_000;
