import { describe, expect, it } from 'vitest';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { bearer, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { BROWSER_UA, supporterCookie } from '../../test/visitor.ts';

// Which language a supporter gets, over HTTP (docs/api.md "Languages"): each rule of the
// negotiation in its order, the assets' words resolved for it, the link preview's head,
// the cache kept per language, and A/B variants in the default language only.

const { t, a, b } = twoOrganizationsPerFile();

const getUrl = (app: typeof t.app, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** A live campaign in `languages` with an image whose words are given in Spanish (and French when offered). */
async function campaignIn(languages: string[], defaultLanguage = languages[0]) {
  const campaign = await createCampaign(t.app, a.token, {
    name: 'Clean Rivers',
    description: 'Keep them clean',
    defaultLanguage,
    languages,
  });
  const translations: Record<string, Record<string, string>> = {};
  if (languages.includes('es') && defaultLanguage !== 'es')
    translations.es = { shareText: 'Ríos limpios ya', altText: 'Niños en un río limpio' };
  if (languages.includes('fr') && defaultLanguage !== 'fr')
    translations.fr = { shareText: 'Rivières propres maintenant' };
  const asset = await createAsset(t.app, a.token, campaign.id, {
    title: 'River poster',
    type: 'image',
    content: 'https://cdn.example.org/river.png',
    shareText: 'Clean rivers now',
    description: 'A river at dawn',
    altText: 'Children wading in a clear river',
    translations,
  });
  return { campaign, asset };
}

const json = (id: number, opts: { query?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ url: `/api/supporter/campaigns/${id}${opts.query ?? ''}`, headers: opts.headers });
const page = (id: number, opts: { query?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    url: `/supporter/${id}${opts.query ?? ''}`,
    headers: { 'user-agent': BROWSER_UA, ...opts.headers },
  });

const served = (res: { json: () => any }) => {
  const body = res.json();
  return { language: body.language, source: body.languageSource, shareText: body.assets[0].shareText };
};

/** `<meta property="{name}" content="...">` values of a page, in order. */
const metaOf = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('the rules, in order', () => {
  it('the rally_lang cookie beats ?lang=, which beats Accept-Language', async () => {
    const { campaign } = await campaignIn(['en', 'es', 'fr']);
    const all = {
      query: '?lang=es',
      headers: { cookie: 'rally_lang=fr', 'accept-language': 'es, en;q=0.5' },
    };
    expect(served(await json(campaign.id, all))).toEqual({
      language: 'fr',
      source: 'explicit',
      shareText: 'Rivières propres maintenant',
    });
    expect(
      served(await json(campaign.id, { query: '?lang=es', headers: { 'accept-language': 'fr' } })),
    ).toEqual({ language: 'es', source: 'query', shareText: 'Ríos limpios ya' });
    expect(served(await json(campaign.id, { headers: { 'accept-language': 'de, fr-CA;q=0.8' } }))).toEqual({
      language: 'fr',
      source: 'accept-language',
      shareText: 'Rivières propres maintenant',
    });
  });

  it('a cookie or link naming a language the campaign does not offer leaves it to the next rule', async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    const res = await json(campaign.id, {
      query: '?lang=de',
      headers: { cookie: 'rally_lang=ar', 'accept-language': 'es-MX' },
    });
    expect(served(res)).toEqual({ language: 'es', source: 'accept-language', shareText: 'Ríos limpios ya' });
    // Nothing of a malformed header is an error.
    const odd = await json(campaign.id, { query: '?lang=%00', headers: { 'accept-language': 'en;q=2,,;;' } });
    expect(odd.statusCode).toBe(200);
    expect(served(odd).source).toBe('campaign-default');
  });

  it("falls back to the campaign's default language", async () => {
    const { campaign } = await campaignIn(['fr', 'en', 'es'], 'fr');
    const res = await json(campaign.id, { headers: { 'accept-language': 'de, it;q=0.5' } });
    // The asset's own fields are the default language's words (here: fr).
    expect(served(res)).toEqual({
      language: 'fr',
      source: 'campaign-default',
      shareText: 'Clean rivers now',
    });
    expect(res.json().languages).toEqual(['fr', 'en', 'es']);
    // `*` is the campaign's default, when the header refuses nothing else.
    expect(served(await json(campaign.id, { headers: { 'accept-language': 'de, *;q=0.1' } })).language).toBe(
      'fr',
    );
  });

  it('serves a campaign in one language to everyone alike, whatever they ask for', async () => {
    const campaign = await createCampaign(t.app, a.token, { defaultLanguage: 'es', languages: ['es'] });
    await createAsset(t.app, a.token, campaign.id, { content: 'Ríos limpios' });
    const res = await json(campaign.id, { query: '?lang=en', headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({
      language: 'es',
      languageSource: 'campaign-default',
      languages: ['es'],
    });
    expect(res.headers.vary ?? '').not.toMatch(/accept-language/i);
    const html = (await page(campaign.id, { headers: { 'accept-language': 'en' } })).body;
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).not.toContain('hreflang');
  });
});

describe('a campaign with Spanish words, to a Spanish browser', () => {
  it('serves the Spanish share text and alt text, the default’s where one is missing, and varies on the language', async () => {
    const { campaign } = await campaignIn(['en', 'es', 'fr']);
    const res = await json(campaign.id, { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers.vary).toMatch(/Cookie/);
    const asset = res.json().assets[0];
    expect(asset).toMatchObject({
      shareText: 'Ríos limpios ya',
      altText: 'Niños en un río limpio',
      // Not translated: the English description serves.
      description: 'A river at dawn',
    });
    // The supporter view resolves; it never carries the other languages' words or the title.
    expect(asset).not.toHaveProperty('translations');
    expect(asset).not.toHaveProperty('title');
    expect(JSON.stringify(res.json())).not.toContain('Rivières');
  });

  it("serves a text asset's post in Spanish: its Spanish share text is its content there, and staff see it missing until given", async () => {
    const campaign = await createCampaign(t.app, a.token, {
      name: 'Text post',
      defaultLanguage: 'en',
      languages: ['en', 'es'],
    });
    const asset = await createAsset(t.app, a.token, campaign.id, {
      title: 'Call',
      type: 'text',
      content: 'Write to your council today',
    });
    const missing = async () =>
      (await getUrl(t.app, `/api/campaigns/${campaign.id}`, a.token)).json().assets[0].missingTranslations;
    expect(await missing()).toEqual({ es: ['title', 'shareText'] });

    const edited = await sendJson(
      t.app,
      'PUT',
      `/api/assets/${asset.id}`,
      { translations: { es: { title: 'Llamada', shareText: 'Escriba hoy a su ayuntamiento' } } },
      a.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await missing()).toEqual({});
    const spanish = (await json(campaign.id, { headers: { 'accept-language': 'es' } })).json().assets[0];
    expect(spanish.content).toBe('Escriba hoy a su ayuntamiento');
    const english = (await json(campaign.id, { headers: { 'accept-language': 'en' } })).json().assets[0];
    expect(english.content).toBe('Write to your council today');
  });

  it("gives the page's head the language served: lang, og:locale, alternates, hreflang and the resolved texts", async () => {
    const { campaign, asset } = await campaignIn(['en', 'es', 'fr']);
    const res = await page(campaign.id, { query: `?a=${asset.id}`, headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const html = res.body;
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(metaOf(html, 'og:locale')).toEqual(['es_ES']);
    expect(metaOf(html, 'og:locale:alternate')).toEqual(['en_US', 'fr_FR']);
    expect(metaOf(html, 'og:description')).toEqual(['Ríos limpios ya']);
    expect(metaOf(html, 'og:image:alt')).toEqual(['Niños en un río limpio']);
    const origin = metaOf(html, 'og:url')[0].split('/supporter/')[0];
    const href = (lang?: string) =>
      `${origin}/supporter/${campaign.id}?a=${asset.id}${lang ? `&amp;lang=${lang}` : ''}`;
    for (const lang of ['en', 'es', 'fr'])
      expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="${href(lang)}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${href()}" />`);
    // A platform re-reading og:url gets the Spanish page back.
    expect(metaOf(html, 'og:url')).toEqual([href('es')]);
    // The page's own copy of the campaign is the Spanish one.
    expect(html).toContain('"language":"es"');
  });

  it('gives a crawler, with no header, the language of the link', async () => {
    const { campaign } = await campaignIn(['en', 'es', 'ar']);
    const html = (
      await page(campaign.id, { query: '?lang=ar', headers: { 'user-agent': 'facebookexternalhit/1.1' } })
    ).body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(metaOf(html, 'og:locale')).toEqual(['ar_AR']);
  });
});

describe('the cache', () => {
  it('keeps each language apart: English, then Spanish, then English again', async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    t.deps.supporterCache.clear();
    const en = { headers: { 'accept-language': 'en' } };
    const es = { headers: { 'accept-language': 'es' } };
    expect(served(await json(campaign.id, en)).shareText).toBe('Clean rivers now');
    expect(served(await json(campaign.id, es)).shareText).toBe('Ríos limpios ya');
    expect(served(await json(campaign.id, en)).shareText).toBe('Clean rivers now');
    const pages = [en, es, en].map(
      async (opts) => metaOf((await page(campaign.id, opts)).body, 'og:locale')[0],
    );
    expect(await Promise.all(pages)).toEqual(['en_US', 'es_ES', 'en_US']);
    // A write reaches every language at once.
    const asset = (await json(campaign.id)).json().assets[0];
    await sendJson(
      t.app,
      'PUT',
      `/api/assets/${asset.id}`,
      { translations: { es: { shareText: 'Ríos vivos' } } },
      a.token,
    );
    expect(served(await json(campaign.id, es)).shareText).toBe('Ríos vivos');
    expect(served(await json(campaign.id, en)).shareText).toBe('Clean rivers now');
  });

  it('stops serving a dropped language, and serves its words again once re-added', async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    const es = { headers: { 'accept-language': 'es' } };
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { languages: ['en'] }, a.token);
    expect(served(await json(campaign.id, es))).toMatchObject({
      language: 'en',
      shareText: 'Clean rivers now',
    });
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { languages: ['en', 'es'] }, a.token);
    expect(served(await json(campaign.id, es))).toMatchObject({
      language: 'es',
      shareText: 'Ríos limpios ya',
    });
  });
});

describe('A/B share texts stay in the default language', () => {
  it('shows a variant and counts its view only to a supporter served the default language', async () => {
    const { campaign, asset } = await campaignIn(['en', 'es']);
    await sendJson(
      t.app,
      'PUT',
      `/api/assets/${asset.id}`,
      { variants: [{ text: 'Rivers first' }, { text: 'Rivers always' }] },
      a.token,
    );
    const first = await page(campaign.id, { headers: { 'accept-language': 'en' } });
    const cookie = `rally_sid=${supporterCookie(first.headers)}`;
    const inEnglish = await json(campaign.id, { headers: { cookie, 'accept-language': 'en' } });
    expect(inEnglish.json().assets[0].variant?.text).toMatch(/^Rivers (first|always)$/);
    const inSpanish = await json(campaign.id, { headers: { cookie, 'accept-language': 'es' } });
    expect(inSpanish.json().assets[0].variant).toBeUndefined();
    expect(inSpanish.json().assets[0].shareText).toBe('Ríos limpios ya');

    const views = async () =>
      (
        await t.database.db
          .selectFrom('variantViews')
          .select('variantId')
          .where('campaignId', '=', campaign.id)
          .execute()
      ).length;
    const visit = (headers: Record<string, string>, lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/supporter/campaigns/${campaign.id}/visits`,
        headers: { cookie, 'user-agent': BROWSER_UA, origin: 'http://localhost:80', ...headers },
        payload: lang ? { lang } : {},
      });
    expect((await visit({ 'accept-language': 'en' }, 'es')).statusCode).toBe(204);
    expect(await views()).toBe(0);
    expect((await visit({ 'accept-language': 'es' })).statusCode).toBe(204);
    expect(await views()).toBe(0);
    expect((await visit({ 'accept-language': 'es' }, 'en')).statusCode).toBe(204);
    expect(await views()).toBe(1);
  });
});

describe('the embed card and the QR code', () => {
  it('words the card in the negotiated language', async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    const res = await t.app.inject({ url: `/embed/${campaign.id}?lang=es` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es" dir="ltr">');
    expect(res.body).toContain('alt="Niños en un río limpio"');
    expect(res.body).toContain(`/supporter/${campaign.id}?lang=es`);
    // The card's script shares the Spanish words.
    expect(res.body).toContain('"shareText":"Ríos limpios ya"');
  });

  it("carries the language in the code's link, for one of the campaign's languages only", async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    const svg = await getUrl(t.app, `/api/campaigns/${campaign.id}/qr.svg?lang=es`, a.token);
    const plain = await getUrl(t.app, `/api/campaigns/${campaign.id}/qr.svg`, a.token);
    expect(svg.statusCode).toBe(200);
    // Another link, another drawing.
    expect(svg.headers.etag).not.toBe(plain.headers.etag);
    const refused = await getUrl(t.app, `/api/campaigns/${campaign.id}/qr.svg?lang=de`, a.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      path: 'lang',
      message: "de is not one of the campaign's languages: add it to the campaign first",
    });
    expect((await getUrl(t.app, `/api/campaigns/${campaign.id}/qr.svg?lang=es`, b.token)).statusCode).toBe(
      404,
    );
  });
});

describe('across organisations', () => {
  it("never serves one organisation's campaign words through another's", async () => {
    const { campaign } = await campaignIn(['en', 'es']);
    const res = await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { languages: ['en'] }, b.token);
    expect(res.statusCode).toBe(404);
    expect(served(await json(campaign.id, { headers: { 'accept-language': 'es' } })).language).toBe('es');
  });
});
