import { Trans } from '@lingui/react/macro';
import { LanguagesIcon } from 'lucide-react';
import { useId } from 'react';
import { isLocale, LANGUAGE_QUERY, LOCALE_INFO, type Locale } from '#shared/locales.ts';
import { documentLocale, rememberLocale } from '#client/i18n/catalogs.ts';

/** What the supporter JSON says of languages (docs/api.md "Languages"); absent from older servers. */
export interface SupporterLanguages {
  /** The languages the campaign offers. */
  languages?: readonly string[];
  /** The one this page is served in. */
  language?: string;
}

/** The page's address without `?lang=`: a link's language gives way to the supporter's choice. */
export function withoutLanguageQuery(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(LANGUAGE_QUERY);
  return url.toString();
}

/**
 * The supporter page's language menu: a native select (keyboard and screen readers as
 * the platform gives them), shown only when the campaign offers more than one language.
 * A choice is remembered (the cookie) and the page is asked for again without `?lang=`,
 * so the server paints it in the chosen language (an explicit choice wins over the link's).
 */
export function LanguageMenu({ languages, language }: SupporterLanguages) {
  const id = useId();
  const offered = (languages ?? []).filter(isLocale);
  if (offered.length < 2) return null;
  const current = language && isLocale(language) ? language : documentLocale();
  const choose = (locale: Locale) => {
    rememberLocale(locale);
    location.assign(withoutLanguageQuery(location.href));
  };
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="language-menu">
      <LanguagesIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <label htmlFor={id} className="font-medium">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        value={offered.includes(current as Locale) ? current : offered[0]}
        onChange={(e) => {
          if (isLocale(e.target.value)) choose(e.target.value);
        }}
        className="h-10 min-w-0 rounded-md border border-border bg-white px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {offered.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_INFO[locale].nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
