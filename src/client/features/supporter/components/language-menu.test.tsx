import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LanguageMenu, type SupporterLanguages, withoutLanguageQuery } from './language-menu.tsx';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const render = (props: SupporterLanguages) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <LanguageMenu {...props} />
    </I18nProvider>,
  );

describe('the supporter page language menu', () => {
  it('shows nothing without a choice: no languages (an older server), one, or none Rally speaks', () => {
    expect(render({})).toBe('');
    expect(render({ languages: ['es'], language: 'es' })).toBe('');
    expect(render({ languages: ['es', 'xx'], language: 'es' })).toBe('');
  });

  it('lists each offered language by its own name, in its own language, the served one chosen', () => {
    const html = render({ languages: ['en', 'es', 'ar', 'xx'], language: 'es' });
    expect(html).toContain('>Language</label>');
    const options = [...html.matchAll(/<option ([^>]*)>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['value="en" lang="en"', 'English'],
      ['value="es" lang="es" selected=""', 'Español'],
      ['value="ar" lang="ar"', 'العربية'],
    ]);
    // The label names the select (its id is the label's `for`).
    const id = /<label for="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<select id="${id}"`);
  });

  it('reloads without ?lang=, keeping the rest of the address', () => {
    expect(withoutLanguageQuery('https://rally.example/supporter/7?lang=es&ref=abc#x')).toBe(
      'https://rally.example/supporter/7?ref=abc#x',
    );
    expect(withoutLanguageQuery('https://rally.example/supporter/7')).toBe(
      'https://rally.example/supporter/7',
    );
  });
});
