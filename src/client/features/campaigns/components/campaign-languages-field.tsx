import { useLingui } from '@lingui/react/macro';
import type { FieldError, Merge } from 'react-hook-form';
import { LOCALES, type Locale } from '#shared/locales.ts';
import { fieldErrorsOf } from '#client/lib/api-client.ts';
import { languageName } from '#client/lib/language-name.ts';
import { FieldMessage, FormField, fieldAria } from '#client/components/ui/form-field.tsx';
import { Checkbox, Select } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Options } from '#client/components/ui/options.tsx';

export interface CampaignLanguages {
  defaultLanguage: Locale;
  languages: Locale[];
}

type ListError = Merge<FieldError, (FieldError | undefined)[]> & { root?: FieldError };

/** The message of a list field's error: the list's own, else its first item's. */
function listMessage(error: ListError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  if (error.root?.message) return error.root.message;
  if (Array.isArray(error)) return error.find((e) => e?.message)?.message;
  return undefined;
}

/**
 * The form's values once the default is changed: the new default is always offered (the
 * server refuses a default outside the list), added at the front when it was not there.
 */
export function withDefault(value: CampaignLanguages, next: Locale): CampaignLanguages {
  const languages = value.languages.includes(next) ? value.languages : [next, ...value.languages];
  return { defaultLanguage: next, languages };
}

/** The list with one language ticked or unticked; the default cannot be unticked. */
export function withLanguage(value: CampaignLanguages, locale: Locale, on: boolean): CampaignLanguages {
  if (locale === value.defaultLanguage) return value;
  const languages = on
    ? [...value.languages.filter((l) => l !== locale), locale]
    : value.languages.filter((l) => l !== locale);
  return { ...value, languages };
}

/**
 * 'Languages' of the campaign create and edit forms: the default language, and which of
 * the others supporters may read it in. The default's box stays ticked, so a default
 * outside the list cannot be sent; a refusal from the server shows under its control.
 */
export function CampaignLanguagesField({
  uid,
  value,
  onChange,
  errors,
}: {
  uid: string;
  value: CampaignLanguages;
  onChange: (value: CampaignLanguages) => void;
  errors: { defaultLanguage?: FieldError; languages?: ListError };
}) {
  const { t, i18n } = useLingui();
  const ids = { default: `${uid}-default-language`, offered: `${uid}-languages` };
  const defaultError = errors.defaultLanguage?.message;
  const languagesError = listMessage(errors.languages);
  const help = t`Supporters read the campaign in their browser's language when it is offered, else in the default language.`;
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t`Languages`}</legend>
      <FormField id={ids.default} label={t`Default language`} error={defaultError} help={help}>
        <Select
          {...fieldAria(ids.default, defaultError, help)}
          value={value.defaultLanguage}
          onChange={(e) => onChange(withDefault(value, e.target.value as Locale))}
        >
          <Options items={LOCALES} value={(l) => l} label={(l) => languageName(i18n, l)} />
        </Select>
      </FormField>
      <fieldset
        className="space-y-2"
        aria-describedby={languagesError ? `${ids.offered}-error` : undefined}
        aria-invalid={languagesError ? true : undefined}
      >
        <legend className="text-sm font-medium">{t`Offered languages`}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {LOCALES.map((locale) => {
            const id = `${ids.offered}-${locale}`;
            const isDefault = locale === value.defaultLanguage;
            return (
              <div key={locale} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={value.languages.includes(locale)}
                  disabled={isDefault}
                  onCheckedChange={(on) => onChange(withLanguage(value, locale, on))}
                />
                <Label htmlFor={id} className="text-sm font-normal">
                  {languageName(i18n, locale)}
                </Label>
              </div>
            );
          })}
        </div>
        <FieldMessage id={`${ids.offered}-error`} message={languagesError} />
      </fieldset>
    </fieldset>
  );
}

/**
 * A refusal's field errors on `defaultLanguage` and `languages` (an item's, `languages.1`,
 * on the list) put on the form's fields. Returns whether any landed.
 */
export function applyLanguageErrors(
  err: unknown,
  setError: (field: 'defaultLanguage' | 'languages', error: { type: string; message: string }) => void,
): boolean {
  let applied = false;
  for (const e of fieldErrorsOf(err)) {
    const field =
      e.path === 'defaultLanguage'
        ? 'defaultLanguage'
        : e.path === 'languages' || e.path.startsWith('languages.')
          ? 'languages'
          : null;
    if (field && e.message) {
      setError(field, { type: 'server', message: e.message });
      applied = true;
    }
  }
  return applied;
}
