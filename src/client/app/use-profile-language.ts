import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale, matchLocale } from '#shared/locales.ts';
import { activateLocale, rememberLocale, STAFF_AREAS } from '#client/i18n/catalogs.ts';

// The member's profile language (docs/api.md "Languages"): the workspace speaks it once
// the signed-in member is known, without a reload, and the next page the server sends
// does too (the remembered choice). `language` is optional on the user: a server that
// does not keep it yet sends none, and the page keeps the language it was served in.

/** The profile language of a user as the API sends it: a locale, null ("Browser default") or absent. */
export function profileLanguage(user: unknown): Locale | null | undefined {
  if (!user || typeof user !== 'object' || !('language' in user)) return undefined;
  const { language } = user as { language: unknown };
  return isLocale(language) ? language : null;
}

/** Switches the workspace to the signed-in member's profile language when it differs from the page's. */
export function useProfileLanguage(user: unknown): void {
  const { i18n } = useLingui();
  const language = profileLanguage(user);
  const current = i18n.locale;
  useEffect(() => {
    if (!language || language === current) return;
    rememberLocale(language);
    void activateLocale(language, STAFF_AREAS);
  }, [language, current]);
}

/**
 * Applies a profile language just saved: a language is remembered and shown; "Browser
 * default" forgets the remembered choice and shows the browser's own language (the one
 * the server would negotiate from it).
 */
export async function applyProfileLanguage(language: Locale | null): Promise<void> {
  if (language) {
    rememberLocale(language);
    return activateLocale(language, STAFF_AREAS);
  }
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const browser = navigator.languages.map((tag) => matchLocale(tag)).find((l) => l !== null);
  return activateLocale(browser ?? DEFAULT_LOCALE, STAFF_AREAS);
}
