// The supporter notice (docs/api.md "Privacy"): what the campaign page and the share card
// keep, in the same plain words on the server's first paint, the page and the card.
// The words are message descriptors of the `shared` catalog (src/shared/locales): the
// client renders them with `i18n._(descriptor, values)`, the server with `translate()`.

/**
 * Whether this browser carries the visitor cookie: `cookie` it does; `choice` the
 * supporter chose to share without it; `gpc` its browser sends Global Privacy Control
 * (which wins over any choice: the cookie cannot be turned back on).
 */
export type VisitorCookieState = 'cookie' | 'choice' | 'gpc';

export const PRIVACY_POLICY_LINK = /*i18n*/ { id: 'privacy.policyLink', message: 'Privacy policy' };
export const COOKIE_OFF_BUTTON = /*i18n*/ { id: 'privacy.cookieOff', message: 'Share without a cookie' };
export const COOKIE_ON_BUTTON = /*i18n*/ { id: 'privacy.cookieOn', message: 'Use the cookie again' };

/** The body of `PUT /api/supporter/cookie-choice`, and the path. */
export const COOKIE_CHOICE_PATH = '/api/supporter/cookie-choice';

/** What the page keeps about this browser, in one or two sentences. */
const COOKIE_SENTENCES = {
  gpc: /*i18n*/ {
    id: 'privacy.cookie.gpc',
    message:
      'Your browser asks sites not to track you (Global Privacy Control), so this page keeps no id on this device: your shares, visits and clicks still count, as anonymous ones.',
  },
  choice: /*i18n*/ {
    id: 'privacy.cookie.choice',
    message:
      'You share without a cookie: this page keeps no id on this device, and your shares, visits and clicks still count, as anonymous ones.',
  },
  cookie: /*i18n*/ {
    id: 'privacy.cookie.kept',
    message:
      'This page keeps a random id in a cookie on this device for a year, to count your shares without knowing who you are.',
  },
};

/** What the page keeps about this browser, in one or two sentences. */
export const visitorCookieSentence = (state: VisitorCookieState) => COOKIE_SENTENCES[state];

/** What becomes of what a supporter types (a name, a message, a reminder address); value `organization`. */
export const TYPED_SENTENCE = /*i18n*/ {
  id: 'privacy.typed',
  message: "What you type is kept only as long as {organization}'s privacy settings say.",
};
