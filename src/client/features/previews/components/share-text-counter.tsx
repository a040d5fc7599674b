import { useLingui } from '@lingui/react/macro';
import { useTweetParser } from '../hooks/use-tweet-parser.ts';
import { LENGTH_RULES } from '../lib/platform-length.ts';

/**
 * The share text's length on each platform as it will be posted (the text, then the
 * tracked link `url`), against that platform's limit; an over-long one is flagged.
 */
export function ShareTextCounter({ text, url, id }: { text: string; url: string; id?: string }) {
  const { t, i18n } = useLingui();
  const parse = useTweetParser();
  if (!parse) return null;
  return (
    <ul id={id} className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label={t`Length on each platform`}>
      {LENGTH_RULES.map((rule) => {
        const n = rule.count(text.trim(), url, parse);
        const over = n > rule.limit;
        return (
          <li
            key={rule.id}
            data-testid={`length-${rule.id}`}
            className={over ? 'font-semibold text-destructive' : 'text-muted-foreground'}
          >
            {rule.name}{' '}
            <bdi>
              {i18n.number(n)}/{i18n.number(rule.limit)}
            </bdi>
            {over && ` ${t`(too long)`}`}
          </li>
        );
      })}
    </ul>
  );
}
