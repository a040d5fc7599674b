import type { I18n } from '@lingui/core';
import { LOCALE_INFO, type Locale } from '#shared/locales.ts';

// A language's name in the reader's language ("Spanish", "espagnol", "Spanisch"), from
// the browser's own data (Intl.DisplayNames); its English name where the browser has none.
export function languageName(i18n: I18n, locale: Locale): string {
  try {
    return (
      new Intl.DisplayNames([i18n.locale || 'en'], { type: 'language' }).of(locale) ??
      LOCALE_INFO[locale].englishName
    );
  } catch {
    return LOCALE_INFO[locale].englishName;
  }
}
