import { describe, expect, it } from 'vitest';
import { withDefault, withLanguage } from './campaign-languages-field.tsx';

// The campaign dialogs' Languages field keeps the default among the offered languages,
// which the server would otherwise refuse (docs/api.md "Languages").

describe('the campaign languages field', () => {
  it('offers a new default at once, in front, and keeps the others', () => {
    expect(withDefault({ defaultLanguage: 'en', languages: ['en'] }, 'es')).toEqual({
      defaultLanguage: 'es',
      languages: ['es', 'en'],
    });
    expect(withDefault({ defaultLanguage: 'en', languages: ['en', 'fr'] }, 'fr')).toEqual({
      defaultLanguage: 'fr',
      languages: ['en', 'fr'],
    });
  });

  it('ticks and unticks the other languages, never the default', () => {
    const value = { defaultLanguage: 'en' as const, languages: ['en' as const] };
    expect(withLanguage(value, 'ar', true).languages).toEqual(['en', 'ar']);
    expect(withLanguage({ ...value, languages: ['en', 'ar'] }, 'ar', false).languages).toEqual(['en']);
    expect(withLanguage(value, 'en', false)).toBe(value);
  });
});
