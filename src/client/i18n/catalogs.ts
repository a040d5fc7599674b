import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale, localeDirection } from '#shared/locales.ts';

// Which catalogs a page loads, in which language (docs/decisions/0030-languages.md).
// Each locale's catalog of each area is a chunk of its own (lingui.config.ts): the
// supporter page loads `supporter` alone, the staff workspace every area.

/** A locale the client can show: the six, and the pseudo-locale of the translation checks. */
export type ClientLocale = Locale | 'pseudo';
export type CatalogArea =
  | 'shared'
  | 'errors'
  | 'supporter'
  | 'dialogs'
  | 'campaigns'
  | 'organization'
  | 'stats'
  | 'app';
export const SUPPORTER_AREAS: readonly CatalogArea[] = ['shared', 'supporter'];
export const STAFF_AREAS: readonly CatalogArea[] = [
  'shared',
  'errors',
  'supporter',
  'dialogs',
  'campaigns',
  'organization',
  'stats',
  'app',
];

// The words both sides show live beside the shared code (src/shared/locales, and the
// refusals' in src/shared/locales/errors).
const sharedLoaders = (
  files: Record<string, () => Promise<{ messages: Messages }>>,
  from: string,
  to: string,
) => Object.fromEntries(Object.entries(files).map(([k, load]) => [k.replace(from, to), load]));
const loaders: Record<string, () => Promise<{ messages: Messages }>> = {
  ...import.meta.glob<{ messages: Messages }>('../locales/*/*.po'),
  ...sharedLoaders(
    import.meta.glob<{ messages: Messages }>('../../shared/locales/*.po'),
    '../../shared/locales/',
    '../locales/shared/',
  ),
  ...sharedLoaders(
    import.meta.glob<{ messages: Messages }>('../../shared/locales/errors/*.po'),
    '../../shared/locales/errors/',
    '../locales/errors/',
  ),
};

const isClientLocale = (value: unknown): value is ClientLocale => value === 'pseudo' || isLocale(value);

/** The language the server chose for this page: `<html lang>` (src/server/html/app-shell.ts). */
export function documentLocale(): ClientLocale {
  const lang = document.documentElement.lang;
  return isClientLocale(lang) ? lang : DEFAULT_LOCALE;
}

const loaded = new Set<string>();

/** Loads the areas' catalogs of `locale` (each once) and makes it the active language. */
export async function activateLocale(locale: ClientLocale, areas: readonly CatalogArea[]): Promise<void> {
  const wanted = areas.filter((area) => !loaded.has(`${area}/${locale}`));
  const catalogs = await Promise.all(wanted.map((area) => loaders[`../locales/${area}/${locale}.po`]()));
  wanted.forEach((area, i) => {
    i18n.load(locale, catalogs[i].messages);
    loaded.add(`${area}/${locale}`);
  });
  i18n.activate(locale);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = locale === 'pseudo' ? 'ltr' : localeDirection(locale);
}

/** Loads an area's catalog in the page's language, once (the refusals' words on a first refusal). */
export const loadArea = (area: CatalogArea): Promise<void> =>
  activateLocale((i18n.locale || DEFAULT_LOCALE) as ClientLocale, [area]);

/**
 * A lazy module loaded with an area's catalog in the page's language: the supporter
 * page's dialogs bring their own words (lingui.config.ts `dialogs`).
 */
export function withCatalog<T>(area: CatalogArea, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadArea(area)]).then(([module]) => module);
}

/**
 * Remembers a supporter's or member's choice for the next page the server sends (the
 * cookie has no identifier in it: its value is the same for everyone who chose that
 * language; docs/api.md "Languages").
 */
export function rememberLocale(locale: ClientLocale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export { isClientLocale };
