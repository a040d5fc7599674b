import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, localeDirection } from '#shared/locales.ts';
import {
  MAX_ACCEPT_LANGUAGE_LENGTH,
  matchAcceptLanguage,
  negotiateLanguage,
  parseAcceptLanguage,
} from './language.ts';

const campaign: Locale[] = ['en', 'es', 'ar'];

describe('parseAcceptLanguage (RFC 9110 §12.5.4)', () => {
  it('orders ranges by weight, then by their place in the header', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.9, *;q=0.5')).toEqual([
      { range: 'fr-CH', q: 1 },
      { range: 'fr', q: 0.9 },
      { range: 'de', q: 0.9 },
      { range: 'en', q: 0.8 },
      { range: '*', q: 0.5 },
    ]);
  });

  it('reads the weight in any case, with spaces around the semicolon, up to three decimals', () => {
    expect(parseAcceptLanguage('es ; Q=0.123 ,en;q=1.000,de;q=0.')).toEqual([
      { range: 'en', q: 1 },
      { range: 'es', q: 0.123 },
      { range: 'de', q: 0 },
    ]);
  });

  it('skips malformed ranges and keeps reading', () => {
    const header =
      'en;q=2, fr;q=0.1234, de;x=1, es;q=0.5;q=0.4, pt-, , ;q=1, ar;q=0.3, x y, 1e;q=.5, es-MX;q=0.2';
    expect(parseAcceptLanguage(header)).toEqual([
      { range: 'ar', q: 0.3 },
      { range: 'es-MX', q: 0.2 },
    ]);
  });

  it('gives nothing for what is not a header, or one over the length cap', () => {
    for (const v of [undefined, null, '', ',,,', 42, ['en']]) expect(parseAcceptLanguage(v)).toEqual([]);
    const long = `es,${'en;q=0.1,'.repeat(Math.ceil(MAX_ACCEPT_LANGUAGE_LENGTH / 9))}`;
    expect(long.length).toBeGreaterThan(MAX_ACCEPT_LANGUAGE_LENGTH);
    expect(parseAcceptLanguage(long)).toEqual([]);
  });

  it('reads the first 32 ranges only', () => {
    const header = [...Array.from({ length: 32 }, () => 'it'), 'es'].join(',');
    expect(parseAcceptLanguage(header)).toHaveLength(32);
    expect(matchAcceptLanguage(header, campaign)).toBeNull();
  });
});

describe('matchAcceptLanguage', () => {
  it('takes the best weighted range the campaign offers', () => {
    expect(matchAcceptLanguage('de, es-MX;q=0.8, en;q=0.5', campaign)).toBe('es');
    expect(matchAcceptLanguage('en;q=0.5, ar;q=0.9', campaign)).toBe('ar');
    expect(matchAcceptLanguage('pt, en;q=0.1', ['en', 'pt-BR'])).toBe('pt-BR');
  });

  it('`*` gives the campaign default, else the first offered, never a refused one', () => {
    expect(matchAcceptLanguage('de, *;q=0.5', campaign, 'es')).toBe('es');
    expect(matchAcceptLanguage('*', campaign)).toBe('en');
    expect(matchAcceptLanguage('*, en;q=0', campaign)).toBe('es');
    expect(matchAcceptLanguage('*, es;q=0', campaign, 'es')).toBe('en');
    expect(matchAcceptLanguage('*', campaign, 'fr')).toBe('en');
  });

  it('a range with q=0 refuses what it covers', () => {
    expect(matchAcceptLanguage('es-MX, es;q=0, en;q=0.2', campaign)).toBe('en');
    expect(matchAcceptLanguage('pt;q=0, pt-BR', ['en', 'pt-BR'])).toBeNull();
    expect(matchAcceptLanguage('es-MX;q=0, es', campaign)).toBe('es');
    expect(matchAcceptLanguage('en;q=0, es;q=0, ar;q=0, *;q=0.1', campaign)).toBeNull();
    expect(matchAcceptLanguage('*;q=0', campaign)).toBeNull();
  });
});

describe('negotiateLanguage', () => {
  const all = {
    explicit: 'fr',
    query: 'de',
    acceptLanguage: 'es-MX,es;q=0.9',
    offered: ['en', 'fr', 'de', 'es', 'ar'] as Locale[],
    campaignDefault: 'ar',
    organizationDefault: 'en',
  };

  it('takes the rules in order: explicit, query, Accept-Language, campaign, organisation, English', () => {
    expect(negotiateLanguage(all)).toEqual({ locale: 'fr', source: 'explicit' });
    expect(negotiateLanguage({ ...all, explicit: null })).toEqual({ locale: 'de', source: 'query' });
    expect(negotiateLanguage({ ...all, explicit: null, query: null })).toEqual({
      locale: 'es',
      source: 'accept-language',
    });
    expect(negotiateLanguage({ ...all, explicit: null, query: null, acceptLanguage: null })).toEqual({
      locale: 'ar',
      source: 'campaign-default',
    });
    expect(
      negotiateLanguage({ ...all, explicit: null, query: null, acceptLanguage: null, campaignDefault: null }),
    ).toEqual({ locale: 'en', source: 'organization-default' });
    expect(negotiateLanguage({})).toEqual({ locale: 'en', source: 'fallback' });
  });

  it('a rule naming a language the campaign does not offer passes to the next', () => {
    const offered: Locale[] = ['es', 'ar'];
    expect(negotiateLanguage({ ...all, offered })).toEqual({ locale: 'es', source: 'accept-language' });
    expect(
      negotiateLanguage({
        offered,
        explicit: 'fr',
        query: 'de',
        acceptLanguage: 'en',
        campaignDefault: 'ar',
      }),
    ).toEqual({
      locale: 'ar',
      source: 'campaign-default',
    });
    expect(negotiateLanguage({ offered, organizationDefault: 'en' })).toEqual({
      locale: 'es',
      source: 'fallback',
    });
    expect(negotiateLanguage({ offered, organizationDefault: 'ar' })).toEqual({
      locale: 'ar',
      source: 'organization-default',
    });
  });

  it('matches the cookie and the query as tags', () => {
    expect(negotiateLanguage({ explicit: 'pt_br' })).toEqual({ locale: 'pt-BR', source: 'explicit' });
    expect(negotiateLanguage({ query: 'ES-mx' })).toEqual({ locale: 'es', source: 'query' });
    expect(negotiateLanguage({ query: ['ar', 'fr'] })).toEqual({ locale: 'ar', source: 'query' });
  });

  it('ignores malformed input and never throws', () => {
    const junk = ['', '*', 'e n', 'x'.repeat(5000), '<script>', 'en;q=9', '\u0000', 'toString', '__proto__'];
    for (const v of junk) {
      const negotiated = negotiateLanguage({
        explicit: v,
        query: v,
        acceptLanguage: v === '*' ? 'xx' : v,
        campaignDefault: v,
        organizationDefault: v,
      });
      expect(negotiated, JSON.stringify(v).slice(0, 20)).toEqual({ locale: 'en', source: 'fallback' });
    }
    const notStrings = { explicit: 7, query: {}, acceptLanguage: ['es'] } as unknown as Parameters<
      typeof negotiateLanguage
    >[0];
    expect(negotiateLanguage(notStrings)).toEqual({ locale: 'en', source: 'fallback' });
  });

  it('stored defaults count only when spelled as a locale', () => {
    expect(negotiateLanguage({ campaignDefault: 'pt-br', organizationDefault: 'pt-BR' })).toEqual({
      locale: 'pt-BR',
      source: 'organization-default',
    });
  });

  it('offers all six when the offer is empty or absent', () => {
    for (const offered of [undefined, null, []])
      for (const l of LOCALES) expect(negotiateLanguage({ offered, query: l }).locale).toBe(l);
  });

  it('an Arabic browser gets Arabic, right to left', () => {
    const { locale } = negotiateLanguage({ acceptLanguage: 'ar-SA,ar;q=0.9,en;q=0.8', offered: campaign });
    expect(locale).toBe('ar');
    expect(localeDirection(locale)).toBe('rtl');
  });
});
