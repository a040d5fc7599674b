import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOT_OFFERED,
  LANGUAGES_REPEATED,
  LOCALE_MESSAGE,
  NOT_A_LOCALE,
} from '#shared/schemas/languages.ts';
import { notOffered } from '../../lib/campaign-languages.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { addMember } from '../../test/teams.ts';
import { sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';

// Campaigns in several languages, staff side (docs/api.md "Languages"): the campaign's
// languages, its assets' words per language, what is missing, and the refusals.

const { t, a, b, get } = twoOrganizationsPerFile();

const put = (url: string, payload: unknown, token = a.token) => sendJson(t.app, 'PUT', url, payload, token);
const post = (url: string, payload: unknown, token = a.token) => sendJson(t.app, 'POST', url, payload, token);

/** The one field a 400 names, and its message. */
function refusal(res: { statusCode: number; json: () => any }) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  return { path: body.errors?.[0]?.path, message: body.errors?.[0]?.message };
}

/** A draft in English and Spanish (and more when asked) with one image asset. */
async function bilingual(languages = ['en', 'es']) {
  const campaign = await createCampaign(t.app, a.token, { status: 'draft', languages });
  const asset = await createAsset(t.app, a.token, campaign.id, {
    title: 'River poster',
    type: 'image',
    content: 'https://cdn.example.org/river.png',
    shareText: 'Clean rivers now',
    description: 'A river at dawn',
    altText: 'Children wading in a clear river',
    translations: { es: { shareText: 'Ríos limpios ya', title: '  ' } },
  });
  return { campaign, asset };
}

describe('a campaign’s languages', () => {
  it('is English only unless told otherwise, and says so on every read', async () => {
    const campaign = await createCampaign(t.app, a.token, { status: 'draft' });
    expect(campaign).toMatchObject({ defaultLanguage: 'en', languages: ['en'] });
    const read = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(read).toMatchObject({ defaultLanguage: 'en', languages: ['en'] });
    const list = (await get('/api/campaigns?status=all', a.token)).json();
    expect(list.find((c: { id: number }) => c.id === campaign.id).languages).toEqual(['en']);
  });

  it('takes a default and the languages it offers, in menu order, on create and edit', async () => {
    const created = await post('/api/campaigns', {
      name: 'Ríos limpios',
      defaultLanguage: 'es',
      languages: ['es', 'en', 'ar'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ defaultLanguage: 'es', languages: ['es', 'en', 'ar'] });
    const edited = await put(`/api/campaigns/${created.json().id}`, {
      defaultLanguage: 'en',
      languages: ['en', 'pt-BR', 'es'],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ defaultLanguage: 'en', languages: ['en', 'pt-BR', 'es'] });
    // The edit is audited like any other campaign edit.
    const log = (await get('/api/organization/activity?action=campaign.updated', a.token)).json();
    expect(log.items?.[0]?.target ?? log[0]?.target).toBe('Ríos limpios');
  });

  it("starts a new campaign in the organisation's default language", async () => {
    expect((await put('/api/organization/settings', { general: { defaultLanguage: 'fr' } })).statusCode).toBe(
      200,
    );
    try {
      const campaign = await createCampaign(t.app, a.token, { status: 'draft' });
      expect(campaign).toMatchObject({ defaultLanguage: 'fr', languages: ['fr'] });
      // Languages given without the organisation's: the first listed is the default.
      const other = await createCampaign(t.app, a.token, { status: 'draft', languages: ['de', 'es'] });
      expect(other).toMatchObject({ defaultLanguage: 'de', languages: ['de', 'es'] });
    } finally {
      await put('/api/organization/settings', { general: { defaultLanguage: 'en' } });
    }
  });

  it('refuses what is not a language menu, naming the field', async () => {
    const campaign = await createCampaign(t.app, a.token, { status: 'draft' });
    const url = `/api/campaigns/${campaign.id}`;
    expect(refusal(await put(url, { languages: ['en', 'xx'] }))).toEqual({
      path: 'languages.1',
      message: LOCALE_MESSAGE,
    });
    expect(refusal(await put(url, { languages: ['en', 'pt-br'] })).path).toBe('languages.1');
    expect(refusal(await put(url, { languages: ['en', 'es', 'en'] }))).toEqual({
      path: 'languages',
      message: LANGUAGES_REPEATED,
    });
    expect(refusal(await put(url, { languages: [] })).path).toBe('languages');
    expect(refusal(await put(url, { defaultLanguage: 'fr', languages: ['en'] }))).toEqual({
      path: 'defaultLanguage',
      message: DEFAULT_NOT_OFFERED,
    });
    // One field alone is checked against the stored other.
    expect(refusal(await put(url, { defaultLanguage: 'fr' }))).toEqual({
      path: 'defaultLanguage',
      message: DEFAULT_NOT_OFFERED,
    });
    expect(refusal(await put(url, { languages: ['es'] }))).toEqual({
      path: 'languages',
      message: DEFAULT_NOT_OFFERED,
    });
    expect(refusal(await post('/api/campaigns', { name: 'Bad', defaultLanguage: 'klingon' })).path).toBe(
      'defaultLanguage',
    );
    // Nothing was written.
    expect((await get(url, a.token)).json()).toMatchObject({ defaultLanguage: 'en', languages: ['en'] });
  });

  it("is another organisation's 404, and a viewer's 403", async () => {
    const { campaign } = await bilingual();
    const res = await put(`/api/campaigns/${campaign.id}`, { languages: ['en', 'fr'] }, b.token);
    expect(res.statusCode).toBe(404);
    const viewer = await addMember(t.app, a, 'viewer');
    expect((await put(`/api/campaigns/${campaign.id}`, { languages: ['en'] }, viewer.token)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/campaigns/${campaign.id}`, a.token)).json().languages).toEqual(['en', 'es']);
  });
});

describe('an asset’s words per language', () => {
  it('keeps alt text and translations, a blank field being no translation', async () => {
    const { asset } = await bilingual();
    expect(asset.altText).toBe('Children wading in a clear river');
    expect(asset.translations).toEqual({ es: { shareText: 'Ríos limpios ya' } });
  });

  it('says per offered language which of the default’s fields have no translation', async () => {
    const { campaign, asset } = await bilingual(['en', 'es', 'fr']);
    const read = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    const shown = read.assets.find((x: { id: number }) => x.id === asset.id);
    expect(shown.missingTranslations).toEqual({
      es: ['title', 'description', 'altText'],
      fr: ['title', 'shareText', 'description', 'altText'],
    });
    // Filled in, a language leaves the list.
    const edit = await put(`/api/assets/${asset.id}`, {
      translations: {
        es: {
          title: 'Cartel del río',
          shareText: 'Ríos limpios ya',
          description: 'Un río al amanecer',
          altText: 'Niños en un río limpio',
        },
      },
    });
    expect(edit.statusCode).toBe(200);
    const again = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(again.assets[0].missingTranslations).toEqual({
      fr: ['title', 'shareText', 'description', 'altText'],
    });
  });

  it('replaces the languages an edit names and keeps the others', async () => {
    const { asset } = await bilingual(['en', 'es', 'fr']);
    const first = await put(`/api/assets/${asset.id}`, {
      translations: { fr: { shareText: 'Rivières propres' } },
    });
    expect(first.json().translations).toEqual({
      es: { shareText: 'Ríos limpios ya' },
      fr: { shareText: 'Rivières propres' },
    });
    // All blank: that language's translation goes.
    const second = await put(`/api/assets/${asset.id}`, { translations: { es: { shareText: ' ' } } });
    expect(second.json().translations).toEqual({ fr: { shareText: 'Rivières propres' } });
  });

  it('refuses a key that is no locale, or a language the campaign does not offer, on translations.{key}', async () => {
    const { campaign, asset } = await bilingual();
    const base = { title: 'Words asset', type: 'text', content: 'Words', campaignId: campaign.id };
    expect(refusal(await post('/api/assets', { ...base, translations: { xx: { title: 'Y' } } }))).toEqual({
      path: 'translations.xx',
      message: NOT_A_LOCALE,
    });
    expect(refusal(await post('/api/assets', { ...base, translations: { fr: { title: 'Y' } } }))).toEqual({
      path: 'translations.fr',
      message: notOffered('fr'),
    });
    expect(refusal(await put(`/api/assets/${asset.id}`, { translations: { de: { title: 'Y' } } })).path).toBe(
      'translations.de',
    );
    expect(refusal(await put(`/api/assets/${asset.id}`, { translations: { en: { title: 'Y' } } })).path).toBe(
      'translations.en',
    );
    const long = 'x'.repeat(3001);
    expect(
      refusal(await put(`/api/assets/${asset.id}`, { translations: { es: { shareText: long } } })),
    ).toEqual({
      path: 'translations.es.shareText',
      message: 'Share text must be at most 3000 characters',
    });
    expect(
      refusal(await put(`/api/assets/${asset.id}`, { translations: { es: { caption: 'Y' } } })).path,
    ).toBe('translations.es');
    expect(refusal(await put(`/api/assets/${asset.id}`, { translations: ['es'] })).path).toBe('translations');
  });

  it("is another organisation's 404", async () => {
    const { asset } = await bilingual();
    const res = await put(`/api/assets/${asset.id}`, { translations: { es: { shareText: 'Mío' } } }, b.token);
    expect(res.statusCode).toBe(404);
  });

  it('keeps a dropped language’s words, unlisted as missing, and has them back when it is re-added', async () => {
    const { campaign, asset } = await bilingual();
    expect((await put(`/api/campaigns/${campaign.id}`, { languages: ['en'] })).statusCode).toBe(200);
    const dropped = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(dropped.assets[0].translations).toEqual({ es: { shareText: 'Ríos limpios ya' } });
    expect(dropped.assets[0].missingTranslations).toEqual({});
    // Not offered, it cannot be edited either.
    expect(refusal(await put(`/api/assets/${asset.id}`, { translations: { es: { title: 'Y' } } })).path).toBe(
      'translations.es',
    );
    expect((await put(`/api/campaigns/${campaign.id}`, { languages: ['en', 'es'] })).statusCode).toBe(200);
    const back = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(back.assets[0].translations).toEqual({ es: { shareText: 'Ríos limpios ya' } });
  });

  it('is copied with its campaign’s languages by a duplicate', async () => {
    const { campaign } = await bilingual(['en', 'es', 'ar']);
    const res = await post(`/api/campaigns/${campaign.id}/duplicate`, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ defaultLanguage: 'en', languages: ['en', 'es', 'ar'] });
    expect(copy.assets[0]).toMatchObject({
      altText: 'Children wading in a clear river',
      translations: { es: { shareText: 'Ríos limpios ya' } },
    });
  });
});

describe('languages of the organisation and of a member', () => {
  it('keeps the organisation’s default language, an admin’s to set', async () => {
    expect(refusal(await put('/api/organization/settings', { general: { defaultLanguage: 'xx' } }))).toEqual({
      path: 'general.defaultLanguage',
      message: LOCALE_MESSAGE,
    });
    const editor = await addMember(t.app, a, 'editor');
    const byEditor = await put(
      '/api/organization/settings',
      { general: { defaultLanguage: 'de' } },
      editor.token,
    );
    expect(byEditor.statusCode).toBe(403);
    const res = await put('/api/organization/settings', { general: { defaultLanguage: 'ar' } });
    expect(res.json().general.defaultLanguage).toBe('ar');
    expect((await get('/api/organization/settings', b.token)).json().general.defaultLanguage).toBe('en');
    await put('/api/organization/settings', { general: { defaultLanguage: 'en' } });
  });

  it("keeps a member's profile language, null for none", async () => {
    const member = await addMember(t.app, a, 'viewer');
    const set = await put('/api/user/profile', { language: 'pt-BR' }, member.token);
    expect(set.statusCode).toBe(200);
    expect(set.json().language).toBe('pt-BR');
    expect((await get('/api/user', member.token)).json().language).toBe('pt-BR');
    expect(refusal(await put('/api/user/profile', { language: 'pt_BR' }, member.token)).path).toBe(
      'language',
    );
    const cleared = await put('/api/user/profile', { language: null }, member.token);
    expect(cleared.json().language).toBeNull();
  });
});
