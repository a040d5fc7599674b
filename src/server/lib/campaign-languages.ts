// A campaign's languages and its assets' words per language (docs/api.md "Languages"):
// the checks every write makes, what a staff read says is missing, and the asset as a
// supporter served one language sees it. Below the modules: campaigns, assets, the
// supporter view and the embed card all use it.
import type { Locale } from '#shared/locales.ts';
import type { Asset } from '#shared/schemas/assets.ts';
import {
  type AssetTranslation,
  type AssetTranslations,
  DEFAULT_NOT_OFFERED,
  storedTranslations,
  TRANSLATED_FIELDS,
  type TranslatedField,
} from '#shared/schemas/languages.ts';
import { HttpError } from './errors.ts';

/** 400 VALIDATION_FAILED naming one field, as a schema refusal would. */
export const invalidField = (path: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', message, { errors: [{ path, message }] });

export interface CampaignLanguages {
  defaultLanguage: Locale;
  languages: Locale[];
}

/**
 * The languages after an edit: what was sent over what is stored. The default must be
 * among the languages (400 on whichever field the edit sent, `defaultLanguage` when both).
 */
export function plannedLanguages(
  current: CampaignLanguages,
  input: { defaultLanguage?: Locale; languages?: Locale[] },
): CampaignLanguages {
  const defaultLanguage = input.defaultLanguage ?? current.defaultLanguage;
  const languages = input.languages ?? current.languages;
  if (!languages.includes(defaultLanguage))
    throw invalidField(input.defaultLanguage ? 'defaultLanguage' : 'languages', DEFAULT_NOT_OFFERED);
  return { defaultLanguage, languages };
}

export const notOffered = (locale: string) =>
  `${locale} is not one of the campaign's languages: add it to the campaign first`;

/**
 * Translations may only be written for the campaign's languages other than its default
 * (whose words are the asset's own fields): 400 on `translations.{key}` otherwise.
 */
export function assertTranslationsOffered(
  translations: AssetTranslations | undefined,
  campaign: CampaignLanguages,
): void {
  for (const key of Object.keys(translations ?? {})) {
    if (key === campaign.defaultLanguage)
      throw invalidField(
        `translations.${key}`,
        `${key} is the campaign's default language: its words are the asset's own fields`,
      );
    if (!(campaign.languages as string[]).includes(key))
      throw invalidField(`translations.${key}`, notOffered(key));
  }
}

/**
 * The stored translations with an edit's applied: each language the edit names is
 * replaced (by nothing when all its fields are blank); the others, a dropped
 * language's included, are kept.
 */
export function mergedTranslations(stored: AssetTranslations, edit: AssetTranslations): AssetTranslations {
  const out: AssetTranslations = { ...stored };
  for (const [locale, words] of Object.entries(edit) as [Locale, AssetTranslation][]) {
    if (Object.keys(words).length > 0) out[locale] = words;
    else delete out[locale];
  }
  return out;
}

/** The JSON column's value, languages without words left out: null for none. */
export function translationsColumn(t: AssetTranslations): string | null {
  const kept = Object.entries(t).filter(([, words]) => words && Object.keys(words).length > 0);
  return kept.length > 0 ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/**
 * The fields an asset shows supporters in its own (default-language) words. A text
 * asset posts its `content`, whose translation is its `shareText` in that language.
 */
function givenFields(
  asset: Pick<Asset, 'type' | 'title' | 'shareText' | 'description' | 'altText'> & {
    content?: string | null;
  },
) {
  const given: TranslatedField[] = [];
  for (const field of TRANSLATED_FIELDS) {
    if (field === 'altText' && asset.type !== 'image') continue;
    const own = field === 'shareText' && asset.type === 'text' ? asset.content : asset[field];
    if (own?.trim()) given.push(field);
  }
  return given;
}

/**
 * Per language the campaign offers besides its default, the fields the asset has in the
 * default language that have no translation; a language with nothing missing is left out.
 */
export function missingTranslations(
  asset: Pick<Asset, 'type' | 'title' | 'shareText' | 'description' | 'altText' | 'translations'> & {
    content?: string | null;
  },
  campaign: CampaignLanguages,
): Record<string, TranslatedField[]> {
  const given = givenFields(asset);
  const missing: Record<string, TranslatedField[]> = {};
  for (const locale of campaign.languages) {
    if (locale === campaign.defaultLanguage) continue;
    const words = asset.translations?.[locale];
    const lacking = given.filter((f) => !words?.[f]);
    if (lacking.length > 0) missing[locale] = lacking;
  }
  return missing;
}

/** An asset row's JSON columns read: what staff reads and the supporter view start from. */
export function withTranslations<T extends { translations: string | null }>(
  row: T,
): Omit<T, 'translations'> & { translations: AssetTranslations } {
  return { ...row, translations: storedTranslations(row.translations) };
}

/**
 * The asset's words in `locale`: each translated field in place of the default's, the
 * default's where a field has none; a text asset's translated `shareText` is its
 * `content` (what it posts) in that language. The default language (or a language the
 * campaign does not offer) gives the asset as it is.
 */
export function resolvedWords<
  T extends Partial<Record<TranslatedField, string | null>> & { type?: string; content?: string | null },
>(asset: T, translations: AssetTranslations | undefined, locale: Locale): T {
  const words = translations?.[locale];
  if (!words) return asset;
  const out = { ...asset };
  for (const field of TRANSLATED_FIELDS) {
    const text = words[field];
    if (text && field in out) (out as Record<string, unknown>)[field] = text;
  }
  if (asset.type === 'text' && words.shareText && 'content' in out) out.content = words.shareText;
  return out;
}
