import { Trans, useLingui } from '@lingui/react/macro';
import { useTweetParser } from '../hooks/use-tweet-parser.ts';
import { X_LIMIT, xLength } from '../lib/platform-length.ts';

/** The length X will count for the text and the tracked link (links 23, emoji 2, CJK 2), with a warning past 280. */
export function TweetLength({ text }: { text: string }) {
  const { i18n } = useLingui();
  const parse = useTweetParser();
  if (!parse) return null;
  const weightedLength = xLength(text, parse);
  const excess = weightedLength - X_LIMIT;
  const length = i18n.number(weightedLength);
  const limit = i18n.number(X_LIMIT);
  const over = i18n.number(excess);
  return (
    <p
      className={excess > 0 ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
      aria-live="polite"
      data-testid="tweet-length"
    >
      <Trans>
        <bdi>
          {length}/{limit}
        </bdi>{' '}
        characters on X
      </Trans>
      {excess > 0 && (
        <>
          {' '}
          <Trans>- {over} over the limit; X will not post it until it is shorter.</Trans>
        </>
      )}
    </p>
  );
}
