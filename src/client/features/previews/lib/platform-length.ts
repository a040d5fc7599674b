// How long a post is on each platform, by that platform's own counting rules, so staff
// see while they write whether the share text fits. A post carries the text, then
// the tracked link.

export type ParseTweet = typeof import('twitter-text').parseTweet;
let parser: Promise<ParseTweet> | undefined;

/** twitter-text's parseTweet on its own (the lazy chunk leaves out the rest of the package). */
export const loadTweetParser = (): Promise<ParseTweet> => {
  parser ??= import('twitter-text/dist/esm/parseTweet.js').then((m) => m.default);
  return parser;
};

export const X_LIMIT = 280;
/** X counts every link as 23, whatever its length. */
const X_LINK_WEIGHT = 23;

/**
 * A post's length on X: the text weighed by X's rules (CJK and emoji 2, links in it
 * 23), then a space and the tracked link, which the intent always adds.
 */
export const xLength = (text: string, parseTweet: ParseTweet): number =>
  parseTweet(text).weightedLength + 1 + X_LINK_WEIGHT;

export interface LengthRule {
  id: string;
  name: string;
  limit: number;
  /** The post's length as the platform counts it. */
  count: (text: string, url: string, parseTweet: ParseTweet) => number;
}

const graphemes = (s: string): number => {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    let n = 0;
    for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)) n++;
    return n;
  }
  return Array.from(s).length;
};

/** Characters as most platforms count them: code points, not UTF-16 units. */
const codePoints = (s: string): number => Array.from(s).length;

export const LENGTH_RULES: LengthRule[] = [
  { id: 'twitter', name: 'X', limit: X_LIMIT, count: (t, _u, p) => xLength(t, p) },
  { id: 'linkedin', name: 'LinkedIn', limit: 3000, count: (t, u) => codePoints(`${t}\n\n${u}`) },
  { id: 'whatsapp', name: 'WhatsApp', limit: 65_536, count: (t, u) => codePoints(`${t}\n\n${u}`) },
  { id: 'bluesky', name: 'Bluesky', limit: 300, count: (t, u) => graphemes(`${t}\n\n${u}`) },
  { id: 'threads', name: 'Threads', limit: 500, count: (t, u) => codePoints(`${t}\n\n${u}`) },
  // Mastodon, like X, counts a link as 23 whatever its length.
  { id: 'mastodon', name: 'Mastodon', limit: 500, count: (t) => codePoints(t) + 2 + 23 },
];
