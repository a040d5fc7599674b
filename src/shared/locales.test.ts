import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_INFO,
  LOCALES,
  type Locale,
  localeDirection,
  matchLocale,
} from './locales.ts';

describe('locales', () => {
  it('are the six of docs/api.md, English first and the default', () => {
    expect(LOCALES).toEqual(['en', 'es', 'fr', 'de', 'pt-BR', 'ar']);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(Object.keys(LOCALE_INFO)).toEqual([...LOCALES]);
    expect(LOCALE_INFO['pt-BR']).toEqual({
      englishName: 'Brazilian Portuguese',
      nativeName: 'Português (Brasil)',
      dir: 'ltr',
    });
    expect(LOCALE_INFO.ar.nativeName).toBe('العربية');
  });

  it('Arabic alone is right to left', () => {
    expect(localeDirection('ar')).toBe('rtl');
    for (const l of LOCALES.filter((l) => l !== 'ar')) expect(localeDirection(l), l).toBe('ltr');
  });

  it('isLocale takes only the exact spelling', () => {
    for (const l of LOCALES) expect(isLocale(l)).toBe(true);
    for (const v of ['pt-br', 'pt_BR', 'pt', 'EN', 'en-US', '', 'toString', null, undefined, 1, ['en']])
      expect(isLocale(v), String(v)).toBe(false);
  });
});

describe('matchLocale', () => {
  it('maps a tag to its locale: any case, `_` for `-`, then by its language alone', () => {
    const tagsOf: Record<Locale, string[]> = {
      en: ['en', 'EN', 'en-GB'],
      es: [' es ', 'es-MX', 'es-419'],
      fr: ['fr', 'fr-Latn-CA'],
      de: ['de', 'de-CH-1996'],
      'pt-BR': ['pt-BR', 'pt-br', 'PT_br', 'pt', 'pt-PT'],
      ar: ['ar', 'ar-EG'],
    };
    for (const locale of LOCALES)
      for (const tag of tagsOf[locale]) expect(matchLocale(tag), tag).toBe(locale);
  });

  it('matches nothing for another language, `*` or what is no tag', () => {
    for (const tag of [
      'zh-Hant',
      'it',
      '*',
      '',
      ' ',
      '12',
      'e n',
      'en--US',
      '-en',
      'en-',
      'e',
      'english',
      `en-${'a'.repeat(40)}`,
    ])
      expect(matchLocale(tag), JSON.stringify(tag)).toBeNull();
  });

  it('matches only the locales offered', () => {
    expect(matchLocale('es-MX', ['en', 'fr'])).toBeNull();
    expect(matchLocale('pt', ['en', 'es'])).toBeNull();
    expect(matchLocale('ar', ['ar'])).toBe('ar');
    expect(matchLocale('fr-CA', ['en', 'fr'])).toBe('fr');
    expect(matchLocale('en', [])).toBeNull();
  });
});
