// The supporter notice (docs/api.md "Privacy"): what the campaign page and the share card
// keep, in the same plain words on the server's first paint, the page and the card.

/**
 * Whether this browser carries the visitor cookie: `cookie` it does; `choice` the
 * supporter chose to share without it; `gpc` its browser sends Global Privacy Control
 * (which wins over any choice: the cookie cannot be turned back on).
 */
export type VisitorCookieState = 'cookie' | 'choice' | 'gpc';

export const PRIVACY_POLICY_LINK = 'Privacy policy';
export const COOKIE_OFF_BUTTON = 'Share without a cookie';
export const COOKIE_ON_BUTTON = 'Use the cookie again';

/** The body of `PUT /api/supporter/cookie-choice`, and the path. */
export const COOKIE_CHOICE_PATH = '/api/supporter/cookie-choice';

const ANONYMOUS = 'your shares, visits and clicks still count, as anonymous ones';

/** What the page keeps about this browser, in one or two sentences. */
export function visitorCookieSentence(state: VisitorCookieState): string {
  if (state === 'gpc')
    return `Your browser asks sites not to track you (Global Privacy Control), so this page keeps no id on this device: ${ANONYMOUS}.`;
  if (state === 'choice')
    return `You share without a cookie: this page keeps no id on this device, and ${ANONYMOUS}.`;
  return 'This page keeps a random id in a cookie on this device for a year, to count your shares without knowing who you are.';
}

/** What becomes of what a supporter types (a name, a message, a reminder address). */
export const typedSentence = (organization: string): string =>
  `What you type is kept only as long as ${organization}'s privacy settings say.`;
