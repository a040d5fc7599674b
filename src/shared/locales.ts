// The languages Rally speaks (docs/api.md "Languages"): their locale codes, names and
// direction, and how a BCP 47 tag a client sends is matched to one of them. Shared by the
// server's negotiation (src/server/lib/language.ts) and, later, the client's language menu.

/** Every locale, the default first. Spelled as here everywhere (JSON, cookie, `?lang=`). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export type TextDirection = 'ltr' | 'rtl';

export interface LocaleInfo {
  /** The language's name in English (staff settings, logs). */
  englishName: string;
  /** The language's name in itself (the language menu). */
  nativeName: string;
  dir: TextDirection;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { englishName: 'English', nativeName: 'English', dir: 'ltr' },
  es: { englishName: 'Spanish', nativeName: 'Español', dir: 'ltr' },
  fr: { englishName: 'French', nativeName: 'Français', dir: 'ltr' },
  de: { englishName: 'German', nativeName: 'Deutsch', dir: 'ltr' },
  'pt-BR': { englishName: 'Brazilian Portuguese', nativeName: 'Português (Brasil)', dir: 'ltr' },
  ar: { englishName: 'Arabic', nativeName: 'العربية', dir: 'rtl' },
};

/** The rules that may choose a request's language, in the order they are tried (src/server/lib/language.ts). */
export const LANGUAGE_SOURCES = [
  'explicit',
  'query',
  'accept-language',
  'campaign-default',
  'organization-default',
  'fallback',
] as const;

/** The cookie that remembers a supporter's explicit choice of language. */
export const LANGUAGE_COOKIE = 'rally_lang';
/** The query parameter of a link in a given language (`?lang=es`). */
export const LANGUAGE_QUERY = 'lang';

/** The longest tag read: longer is no language tag a browser sends (BCP 47 practice). */
export const MAX_TAG_LENGTH = 35;

/** True for a locale spelled exactly as in LOCALES. */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const localeDirection = (locale: Locale): TextDirection => LOCALE_INFO[locale].dir;

/** A BCP 47 language tag's shape: a 2-3 letter language, then subtags of 1-8 letters or digits. */
const TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/;

/** The tag in lower case with `_` read as `-`, or null when it is no language tag. */
function normalizeTag(tag: string): string | null {
  const t = tag.trim().replaceAll('_', '-').toLowerCase();
  return t.length <= MAX_TAG_LENGTH && TAG.test(t) ? t : null;
}

const primaryOf = (tag: string) => tag.split('-')[0];

/**
 * The offered locale a tag names, or null: the locale itself in any case (`PT-br` ->
 * `pt-BR`), else the offered locale of the same language (`pt` and `pt-PT` -> `pt-BR`,
 * `es-MX` -> `es`). `*`, another language or anything that is not a tag gives null.
 */
export function matchLocale(tag: string, offered: readonly Locale[] = LOCALES): Locale | null {
  const t = normalizeTag(tag);
  if (!t) return null;
  const exact = offered.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const language = primaryOf(t);
  return offered.find((l) => primaryOf(l.toLowerCase()) === language) ?? null;
}
