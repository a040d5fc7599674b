import { useEffect, useState } from 'react';

type ParseTweet = typeof import('twitter-text').parseTweet;
let parser: Promise<ParseTweet> | undefined;
const loadParser = () => {
  parser ??= import('twitter-text/dist/esm/parseTweet.js').then((m) => m.default);
  return parser;
};

const LIMIT = 280;

/** The length X will count (URLs 23, emoji 2, CJK 2), with a warning past 280. */
export function TweetLength({ text }: { text: string }) {
  const [parse, setParse] = useState<ParseTweet | null>(null);
  useEffect(() => {
    let alive = true;
    void loadParser().then((p) => alive && setParse(() => p));
    return () => {
      alive = false;
    };
  }, []);
  if (!parse) return null;
  const { weightedLength } = parse(text);
  const over = weightedLength - LIMIT;
  return (
    <p
      className={over > 0 ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
      aria-live="polite"
      data-testid="tweet-length"
    >
      {weightedLength}/{LIMIT} characters on X
      {over > 0 && ` - ${over} over the limit; X will not post it until it is shorter.`}
    </p>
  );
}
