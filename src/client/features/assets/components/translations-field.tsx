import { useLingui } from '@lingui/react/macro';
import type { FieldError, FieldErrors, UseFormRegister } from 'react-hook-form';
import { get } from 'react-hook-form';
import { type Locale, localeDirection } from '#shared/locales.ts';
import type { AssetFormInput } from '#shared/schemas/assets.ts';
import {
  type AssetTranslation,
  type AssetTranslations,
  TRANSLATED_FIELDS,
  type TranslatedField,
} from '#shared/schemas/languages.ts';
import { FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Input, Textarea } from '#client/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { languageName } from '#client/lib/language-name.ts';

/** The languages of an asset's campaign: its default, and all it offers (the default among them). */
export interface AssetLanguages {
  defaultLanguage: Locale;
  languages: Locale[];
  /** Its disclosure line: the form's length counters count it, as every post carries it. */
  disclosure?: string | null;
}

/** The languages an asset may have words in besides its own: the campaign's others, in menu order. */
export const otherLanguages = (campaign: AssetLanguages | undefined): Locale[] =>
  campaign ? campaign.languages.filter((l) => l !== campaign.defaultLanguage) : [];

/**
 * The fields an asset of this type shows supporters: only an image has alt text; a text
 * asset's `shareText` in another language is its content (what it posts) there.
 */
export const fieldsOfType = (type: AssetFormInput['type']): TranslatedField[] =>
  TRANSLATED_FIELDS.filter((f) => !(f === 'altText' && type !== 'image'));

/** One language's words as the form holds them: every field, blank for none. */
export const formWords = (words: AssetTranslation | undefined): Record<TranslatedField, string> => ({
  title: words?.title ?? '',
  shareText: words?.shareText ?? '',
  description: words?.description ?? '',
  altText: words?.altText ?? '',
});

/** The words of one language kept for this type, blank fields left out. */
export function keptWords(
  words: AssetTranslation | undefined,
  type: AssetFormInput['type'],
): AssetTranslation {
  const kept: AssetTranslation = {};
  for (const field of fieldsOfType(type)) {
    const text = words?.[field]?.trim();
    if (text) kept[field] = text;
  }
  return kept;
}

/** The first of `locales` whose words have a field error, for the tab to show. */
export function firstWithError(errors: FieldErrors<AssetFormInput>, locales: Locale[]): Locale | undefined {
  return locales.find((l) => get(errors, `translations.${l}`));
}

/**
 * The asset's words in the campaign's other languages: one tab per language, each with
 * the title, description, share text and (for an image) alt text. A blank field shows
 * the default language's text; Arabic fields are written right to left.
 */
export function TranslationsField({
  uid,
  type,
  campaign,
  tab,
  onTab,
  register,
  errors,
}: {
  uid: string;
  type: AssetFormInput['type'];
  campaign: AssetLanguages;
  tab: Locale;
  onTab: (locale: Locale) => void;
  register: UseFormRegister<AssetFormInput>;
  errors: FieldErrors<AssetFormInput>;
}) {
  const { t, i18n } = useLingui();
  const others = otherLanguages(campaign);
  const defaultName = languageName(i18n, campaign.defaultLanguage);
  const headingId = `${uid}-translations`;
  const fields = fieldsOfType(type);
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-md border border-border p-3">
      <h3 id={headingId} className="text-sm font-medium">
        {t`Other languages`}
      </h3>
      <p className="text-xs text-muted-foreground">
        {t`The fields above are in ${defaultName}. A field left blank here shows the ${defaultName} text.`}
      </p>
      <Tabs value={tab} onValueChange={(v) => onTab(v as Locale)}>
        <TabsList aria-label={t`Languages`} className="h-auto flex-wrap">
          {others.map((locale) => (
            <TabsTrigger key={locale} value={locale}>
              {languageName(i18n, locale)}
            </TabsTrigger>
          ))}
        </TabsList>
        {others.map((locale) => (
          // Every language stays mounted (hidden when not chosen): its words are kept while another is edited.
          <TabsContent
            key={locale}
            value={locale}
            forceMount
            className="space-y-3 data-[state=inactive]:hidden"
          >
            {fields.map((field) => (
              <WordsInput
                key={field}
                id={`${uid}-${locale}-${field}`}
                locale={locale}
                field={field}
                type={type}
                register={register}
                error={(get(errors, `translations.${locale}.${field}`) as FieldError | undefined)?.message}
              />
            ))}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function WordsInput({
  id,
  locale,
  field,
  type,
  register,
  error,
}: {
  id: string;
  locale: Locale;
  field: TranslatedField;
  type: AssetFormInput['type'];
  register: UseFormRegister<AssetFormInput>;
  error?: string;
}) {
  const { t, i18n } = useLingui();
  const language = languageName(i18n, locale);
  const label = {
    title: t`Title in ${language}`,
    description: t`Description in ${language}`,
    shareText: type === 'text' ? t`Content in ${language}` : t`Share text in ${language}`,
    altText: t`Alt text in ${language}`,
  }[field];
  // Arabic is written right to left whatever its first character; the others follow their text.
  const text = {
    lang: locale,
    dir: localeDirection(locale) === 'rtl' ? 'rtl' : 'auto',
    ...fieldAria(id, error),
    ...register(`translations.${locale}.${field}`),
  };
  return (
    <FormField id={id} label={label} error={error}>
      {field === 'title' ? (
        <Input {...text} />
      ) : (
        <Textarea rows={field === 'shareText' ? (type === 'text' ? 5 : 3) : 2} {...text} />
      )}
    </FormField>
  );
}

/** The translations of a new asset: each offered language with words, for this type. */
export function newTranslations(
  values: AssetTranslations | undefined,
  campaign: AssetLanguages | undefined,
  type: AssetFormInput['type'],
): AssetTranslations | undefined {
  const out: AssetTranslations = {};
  for (const locale of otherLanguages(campaign)) {
    const kept = keptWords(values?.[locale], type);
    if (Object.keys(kept).length > 0) out[locale] = kept;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The translations an edit sends: each offered language whose words changed, whole (the
 * server replaces a named language's words; an empty one removes them). Undefined: none changed.
 */
export function changedTranslations(
  values: AssetTranslations | undefined,
  stored: AssetTranslations | undefined,
  campaign: AssetLanguages | undefined,
  type: AssetFormInput['type'],
): AssetTranslations | undefined {
  const out: AssetTranslations = {};
  for (const locale of otherLanguages(campaign)) {
    const next = keptWords(values?.[locale], type);
    // Fields this type does not show are kept as stored (a type change does not erase them).
    const before = stored?.[locale] ?? {};
    const merged: AssetTranslation = { ...before };
    for (const field of fieldsOfType(type)) {
      if (next[field]) merged[field] = next[field];
      else delete merged[field];
    }
    if (JSON.stringify(sorted(merged)) !== JSON.stringify(sorted(before))) out[locale] = merged;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const sorted = (words: AssetTranslation) =>
  Object.fromEntries(TRANSLATED_FIELDS.filter((f) => words[f]).map((f) => [f, words[f]]));
