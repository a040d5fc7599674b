import { describe, expect, it } from 'vitest';
import { changedTranslations, fieldsOfType, newTranslations, otherLanguages } from './translations-field.tsx';

// What the asset form sends as `translations` (docs/api.md "Languages"): on an edit the
// server replaces each language named, so a language is sent whole, only when it changed,
// and never erases words the form does not show.

const campaign = { defaultLanguage: 'en' as const, languages: ['en' as const, 'es' as const, 'ar' as const] };

describe("the asset form's translations", () => {
  it("asks for the campaign's other languages only, in its order", () => {
    expect(otherLanguages(campaign)).toEqual(['es', 'ar']);
    expect(otherLanguages({ defaultLanguage: 'es', languages: ['es'] })).toEqual([]);
    expect(otherLanguages(undefined)).toEqual([]);
  });

  it('shows the fields the type has: only an image has alt text; a text asset its content as share text', () => {
    expect(fieldsOfType('image')).toEqual(['title', 'shareText', 'description', 'altText']);
    expect(fieldsOfType('video')).toEqual(['title', 'shareText', 'description']);
    expect(fieldsOfType('text')).toEqual(['title', 'shareText', 'description']);
  });

  it('creates with the languages that have words, trimmed, blanks left out', () => {
    expect(
      newTranslations(
        { es: { title: ' Cartel ', shareText: '', altText: 'Un río' }, ar: { title: '  ' } },
        campaign,
        'image',
      ),
    ).toEqual({ es: { title: 'Cartel', altText: 'Un río' } });
    expect(newTranslations({ es: { shareText: 'Hola' } }, campaign, 'text')).toEqual({
      es: { shareText: 'Hola' },
    });
    expect(newTranslations({ es: { altText: 'Un río' } }, campaign, 'text')).toBeUndefined();
    // A language the campaign does not offer (or its default) is never sent.
    expect(
      newTranslations({ fr: { title: 'Affiche' }, en: { title: 'Poster' } }, campaign, 'image'),
    ).toBeUndefined();
  });

  it('edits send only the changed languages, whole; emptied ones as {} to remove them', () => {
    const stored = { es: { title: 'Cartel', shareText: 'Únase' }, ar: { title: 'ملصق' } };
    const values = {
      es: { title: 'Cartel', shareText: 'Únase hoy', description: '', altText: '' },
      ar: { title: '', shareText: '', description: '', altText: '' },
    };
    expect(changedTranslations(values, stored, campaign, 'image')).toEqual({
      es: { title: 'Cartel', shareText: 'Únase hoy' },
      ar: {},
    });
    expect(
      changedTranslations(
        { es: { title: 'Cartel', shareText: 'Únase', description: '', altText: '' }, ar: { title: 'ملصق' } },
        stored,
        campaign,
        'image',
      ),
    ).toBeUndefined();
  });

  it('keeps the words of fields the type does not show, and of languages no longer offered', () => {
    const stored = { es: { title: 'Cartel', altText: 'Un río' }, fr: { title: 'Affiche' } };
    // Now a video: its alt text is not in the form, and stays as stored.
    expect(
      changedTranslations(
        { es: { title: 'Nota', shareText: '', description: '' } },
        stored,
        campaign,
        'video',
      ),
    ).toEqual({
      es: { title: 'Nota', altText: 'Un río' },
    });
  });
});
