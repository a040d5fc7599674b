import { useTweetParser } from '../hooks/use-tweet-parser.ts';
import { X_LIMIT, xLength } from '../lib/platform-length.ts';

/** The length X will count for the text and the tracked link (links 23, emoji 2, CJK 2), with a warning past 280. */
export function TweetLength({ text }: { text: string }) {
  const parse = useTweetParser();
  if (!parse) return null;
  const weightedLength = xLength(text, parse);
  const over = weightedLength - X_LIMIT;
  return (
    <p
      className={over > 0 ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
      aria-live="polite"
      data-testid="tweet-length"
    >
      {weightedLength}/{X_LIMIT} characters on X
      {over > 0 && ` - ${over} over the limit; X will not post it until it is shorter.`}
    </p>
  );
}
