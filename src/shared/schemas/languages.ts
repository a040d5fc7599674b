import { z } from 'zod';
import { MAX_DESCRIPTION, MAX_NAME, MAX_SHARE_TEXT } from '../constants.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../locales.ts';
import { trimmedText } from './common.ts';

// The language fields of campaigns, assets, settings and profiles (docs/api.md
// "Languages"): a locale is spelled exactly as in LOCALES; a campaign's languages are
// its menu, the default always among them; an asset's translations are keyed by locale.

export const LOCALE_MESSAGE = `Language must be one of ${LOCALES.join(', ')}`;

export const localeField = z.enum(LOCALES, { error: LOCALE_MESSAGE });

export const DEFAULT_NOT_OFFERED = "The default language must be one of the campaign's languages";
export const LANGUAGES_REPEATED = 'Each language may be listed once';

/** The languages a campaign offers: 1 to 6 locales, each once, in menu order. */
export const languagesField = z
  .array(localeField, { error: 'languages must be a list of locales' })
  .min(1, 'A campaign offers at least one language')
  .max(LOCALES.length, `A campaign offers at most ${LOCALES.length} languages`)
  .refine((list) => new Set(list).size === list.length, LANGUAGES_REPEATED);

/**
 * The stored `languages` column (a JSON array) as locales: anything unreadable or not a
 * locale is left out, and an empty result is the default locale alone, so a read never fails.
 */
export function storedLanguages(raw: unknown): Locale[] {
  if (Array.isArray(raw)) return raw.filter(isLocale);
  if (typeof raw !== 'string') return [DEFAULT_LOCALE];
  try {
    const list = (JSON.parse(raw) as unknown[]).filter(isLocale);
    return list.length > 0 ? [...new Set(list)] : [DEFAULT_LOCALE];
  } catch {
    return [DEFAULT_LOCALE];
  }
}

/** A stored language column read as a locale (the default for anything else). */
export const storedLocale = (raw: unknown): Locale => (isLocale(raw) ? raw : DEFAULT_LOCALE);

/** The words of an asset that may be given per language. */
export const TRANSLATED_FIELDS = ['title', 'shareText', 'description', 'altText'] as const;
export type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

/** An image's alt text: what the picture shows, for screen readers and link previews. */
export const altTextField = trimmedText('Alt text', MAX_DESCRIPTION);

/**
 * One language's words of an asset: each optional, with its default field's limit; a
 * blank field is no translation (left out), and a language with none is left out too.
 */
export const assetTranslationSchema = z
  .strictObject({
    title: trimmedText('Title', MAX_NAME).optional(),
    shareText: trimmedText('Share text', MAX_SHARE_TEXT).optional(),
    description: trimmedText('Description', MAX_DESCRIPTION).optional(),
    altText: altTextField.optional(),
  })
  .transform((t) => {
    const kept: Partial<Record<TranslatedField, string>> = {};
    for (const field of TRANSLATED_FIELDS) if (t[field]) kept[field] = t[field];
    return kept;
  });
export type AssetTranslation = Partial<Record<TranslatedField, string>>;
export type AssetTranslations = Partial<Record<Locale, AssetTranslation>>;

export const NOT_A_LOCALE = `Translations are keyed by language: one of ${LOCALES.join(', ')}`;

/**
 * `translations` in an asset write: keyed by locale (any other key is 400 on
 * `translations.{key}`); a language with only blank fields is kept empty (no words).
 * Whether the campaign offers each language is the server's check.
 */
export const translationsField = z
  .record(z.string(), assetTranslationSchema, { error: 'translations must be an object keyed by language' })
  .superRefine((record, ctx) => {
    for (const key of Object.keys(record))
      if (!isLocale(key)) ctx.addIssue({ code: 'custom', message: NOT_A_LOCALE, path: [key] });
  })
  .transform((record) => {
    // A language whose fields are all blank stays, empty: an edit then removes its words.
    const kept: AssetTranslations = {};
    for (const [key, words] of Object.entries(record)) if (isLocale(key)) kept[key] = words;
    return kept;
  });

/** The stored `translations` column read back: only locales and known non-blank fields. */
export function storedTranslations(raw: unknown): AssetTranslations {
  if (typeof raw !== 'string' || raw === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  const out: AssetTranslations = {};
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [key, words] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isLocale(key) || !words || typeof words !== 'object') continue;
    const kept: AssetTranslation = {};
    for (const field of TRANSLATED_FIELDS) {
      const v = (words as Record<string, unknown>)[field];
      if (typeof v === 'string' && v.trim()) kept[field] = v;
    }
    if (Object.keys(kept).length > 0) out[key] = kept;
  }
  return out;
}

/** The response shape of an asset's translations. */
export const translationsSchema = z.record(
  z.string(),
  z.object({
    title: z.string().optional(),
    shareText: z.string().optional(),
    description: z.string().optional(),
    altText: z.string().optional(),
  }),
);
