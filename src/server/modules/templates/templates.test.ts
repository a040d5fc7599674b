import { describe, expect, it } from 'vitest';
import { bearer, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { BUILT_IN_TEMPLATE_WORDS } from './built-in-templates.ts';

const { t, a, b, get } = twoOrganizationsPerFile();
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });
const put = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const countCampaigns = async (token: string) => (await get('/api/campaigns', token)).json().length;

describe('GET /api/templates', () => {
  it('lists the nine built-in templates in their categories', async () => {
    const res = await get('/api/templates', a.token);
    expect(res.statusCode).toBe(200);
    const byCategory: Record<string, string[]> = {};
    for (const tpl of res.json()) byCategory[tpl.category] = [...(byCategory[tpl.category] ?? []), tpl.name];
    expect(byCategory).toEqual({
      'Social Media': ['Follower Growth', 'Content Series', 'Viral Challenge'],
      Awareness: ['Issue Spotlight', 'Educational Series'],
      Fundraising: ['Donation Drive', 'Matching Campaign'],
      Advocacy: ['Legislative Action', 'Volunteer Recruitment'],
    });
    for (const tpl of res.json()) {
      expect(tpl.builtIn).toBe(true);
      expect(tpl.assets.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/templates/:id/use', () => {
  it('creates an active campaign with starter assets in order (Donation Drive asks for a donation)', async () => {
    const res = await post('/api/templates/donation-drive/use', a.token);
    expect(res.statusCode).toBe(201);
    const { campaign, assets } = res.json();
    expect(campaign).toMatchObject({ name: 'Donation Drive', status: 'active', organizationId: a.orgId });
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.some((s: any) => s.type === 'text' && /donat/i.test(s.content))).toBe(true);
    expect(assets.map((s: any) => s.position)).toEqual(assets.map((_: unknown, i: number) => i));

    const stored = (await get(`/api/campaigns/${campaign.id}`, a.token)).json();
    expect(stored.assets.map((s: any) => s.id)).toEqual(assets.map((s: any) => s.id));
    // Written like any new campaign, by the caller, with an audit entry naming the template.
    expect((await get('/api/organization/activity', a.token)).json()[0]).toMatchObject({
      action: 'template.used',
      target: `Donation Drive from template Donation Drive (${assets.length} assets)`,
      actor: { id: a.userId },
    });
  });

  it('every built-in template creates its assets', async () => {
    for (const tpl of BUILT_IN_TEMPLATE_WORDS) {
      const res = await post(`/api/templates/${tpl.id}/use`, a.token, { name: `From ${tpl.name.message}` });
      expect(res.statusCode, tpl.id).toBe(201);
      expect(res.json().campaign.name).toBe(`From ${tpl.name.message}`);
      expect(res.json().assets).toHaveLength(tpl.assets.length);
    }
  });

  it('creates a draft when asked, named as given', async () => {
    const res = await post('/api/templates/donation-drive/use', a.token, {
      name: 'Winter drive',
      status: 'draft',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().campaign).toMatchObject({ name: 'Winter drive', status: 'draft' });
    expect(res.json().assets.length).toBeGreaterThan(0);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/supporter/campaigns/${res.json().campaign.id}`,
    });
    expect(page.statusCode).toBe(404);
  });

  it('validates the name and refuses unknown templates, creating nothing', async () => {
    const before = await countCampaigns(a.token);
    const paused = await post('/api/templates/donation-drive/use', a.token, { status: 'paused' });
    expect(paused.statusCode).toBe(400);
    expect(paused.json().message).toBe('A new campaign must be draft or active');
    const short = await post('/api/templates/donation-drive/use', a.token, { name: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Campaign name must be at least 3 characters');
    const long = await post('/api/templates/donation-drive/use', a.token, { name: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect((await post('/api/templates/no-such-template/use', a.token)).statusCode).toBe(404);
    expect((await post('/api/templates/custom-999999/use', a.token)).statusCode).toBe(404);
    expect((await post('/api/templates/..%2Fetc/use', a.token)).statusCode).toBe(400);
    expect(await countCampaigns(a.token)).toBe(before);
  });

  it('needs an organisation', async () => {
    const lone = await signUp(t.app, { org: false });
    expect((await post('/api/templates/donation-drive/use', lone.token)).statusCode).toBe(403);
  });
});

describe('POST /api/templates (custom templates)', () => {
  it("saves a campaign's assets as the organisation's own template, listed under My Templates", async () => {
    const c = await createCampaign(t.app, a.token, { name: 'Spring appeal 🌸' });
    await createAsset(t.app, a.token, c.id, { title: 'Spring text', content: 'Give this spring' });
    await createAsset(t.app, a.token, c.id, {
      title: 'Spring image',
      type: 'image',
      content: 'https://example.org/spring.jpg',
      description: 'Blossom along the river',
    });
    const res = await post('/api/templates', a.token, { campaignId: c.id, name: 'Seasonal appeal' });
    expect(res.statusCode).toBe(201);
    const tpl = res.json();
    expect(tpl).toMatchObject({ name: 'Seasonal appeal', category: 'My Templates', builtIn: false });
    expect(tpl.id).toMatch(/^custom-\d+$/);
    expect(tpl.assets.map((s: any) => s.title)).toEqual(['Spring text', 'Spring image']);

    const list = (await get('/api/templates', a.token)).json();
    expect(list.find((x: any) => x.id === tpl.id)).toEqual(tpl);
    expect((await get('/api/templates', b.token)).json().some((x: any) => x.id === tpl.id)).toBe(false);

    const used = await post(`/api/templates/${tpl.id}/use`, a.token, { name: 'Autumn appeal' });
    expect(used.statusCode).toBe(201);
    expect(used.json().campaign).toMatchObject({ name: 'Autumn appeal', status: 'active' });
    expect(used.json().assets.map((s: any) => [s.title, s.type, s.content])).toEqual([
      ['Spring text', 'text', 'Give this spring'],
      ['Spring image', 'image', 'https://example.org/spring.jpg'],
    ]);
  });

  it('is used live only when its assets could be published: none, or an image without words, make a draft only', async () => {
    const empty = await createCampaign(t.app, a.token, { name: 'Nothing yet', status: 'draft' });
    const wordless = await createCampaign(t.app, a.token, { name: 'Bare image', status: 'draft' });
    await createAsset(t.app, a.token, wordless.id, {
      title: 'hero_v3_final banner',
      type: 'image',
      content: 'https://example.org/banner.jpg',
    });
    const refusals = [
      [empty, 'PUBLISH_NEEDS_ASSET'],
      [wordless, 'PUBLISH_NEEDS_SHARE_WORDS'],
    ] as const;
    for (const [source, code] of refusals) {
      const tpl = (
        await post('/api/templates', a.token, { campaignId: source.id, name: `From ${source.name}` })
      ).json();
      const before = await countCampaigns(a.token);
      const live = await post(`/api/templates/${tpl.id}/use`, a.token);
      expect(live.statusCode, code).toBe(409);
      expect(live.json().code).toBe(code);
      expect(await countCampaigns(a.token)).toBe(before);
      const draft = await post(`/api/templates/${tpl.id}/use`, a.token, { status: 'draft' });
      expect(draft.statusCode).toBe(201);
      expect(draft.json().campaign.status).toBe('draft');
    }
  });

  it("refuses another organisation's campaign (404) and template (404)", async () => {
    const theirs = await createCampaign(t.app, b.token);
    const res = await post('/api/templates', a.token, { campaignId: theirs.id, name: 'Stolen template' });
    expect(res.statusCode).toBe(404);
    const theirTpl = (
      await post('/api/templates', b.token, { campaignId: theirs.id, name: 'Their template' })
    ).json();
    const before = await countCampaigns(a.token);
    expect((await post(`/api/templates/${theirTpl.id}/use`, a.token)).statusCode).toBe(404);
    expect(await countCampaigns(a.token)).toBe(before);
  });

  it('validates the name', async () => {
    const c = await createCampaign(t.app, a.token);
    const res = await post('/api/templates', a.token, { campaignId: c.id, name: 'ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Template name must be at least 3 characters');
  });
});

describe("built-in templates in the member's language", () => {
  /** A member of a new organisation, with a profile language when given. */
  const member = async (language?: string) => {
    const m = await signUp(t.app);
    if (language) expect((await put('/api/user/profile', m.token, { language })).statusCode).toBe(200);
    return m;
  };
  const english = (tpl: (typeof BUILT_IN_TEMPLATE_WORDS)[number]) => ({
    id: tpl.id,
    name: tpl.name.message,
    description: tpl.description.message,
    category: tpl.category,
    builtIn: true,
    assets: tpl.assets.map((s) => ({
      title: s.title.message,
      description: s.description?.message ?? null,
      type: 'text',
      content: s.content.message,
    })),
  });

  it('an English member gets every word exactly as written, in the nine templates', async () => {
    const list = (await get('/api/templates', a.token)).json().filter((x: any) => x.builtIn);
    expect(list).toEqual(BUILT_IN_TEMPLATE_WORDS.map(english));
    expect(list.find((x: any) => x.id === 'follower-growth').assets[0].content).toBe(
      "I follow this organisation because they turn good intentions into real change. Follow them too and see what they're building.",
    );
  });

  it('a Spanish member gets Spanish names, descriptions and starter assets; categories stay keys', async () => {
    const es = await member('es');
    const list = (await get('/api/templates', es.token)).json();
    expect(list.every((x: any) => x.builtIn)).toBe(true);
    expect(list.map((x: any) => x.id)).toEqual(BUILT_IN_TEMPLATE_WORDS.map((x) => x.id));
    const drive = list.find((x: any) => x.id === 'donation-drive');
    expect(drive).toMatchObject({
      name: 'Campaña de donaciones',
      description: 'Recaude fondos con una petición clara y una meta que sus simpatizantes puedan apoyar.',
      category: 'Fundraising',
      builtIn: true,
    });
    expect(drive.assets[0]).toEqual({
      title: 'Dona hoy',
      description: 'La petición de donación que comparten los simpatizantes.',
      type: 'text',
      content:
        'Cada aporte cuenta. Acabo de donar para ayudar a alcanzar nuestra meta: ¿darás hoy lo que puedas? Hasta una pequeña donación marca una diferencia real.',
    });
    // Every word is translated: none is left in English.
    list.forEach((tpl: any, i: number) => {
      const en = english(BUILT_IN_TEMPLATE_WORDS[i]);
      expect(tpl.category).toBe(en.category);
      expect(tpl.name).not.toBe(en.name);
      expect(tpl.description).not.toBe(en.description);
      tpl.assets.forEach((s: any, j: number) => {
        expect(s.title, `${tpl.id} ${j}`).not.toBe(en.assets[j].title);
        expect(s.content, `${tpl.id} ${j}`).not.toBe(en.assets[j].content);
        expect(s.description === null).toBe(en.assets[j].description === null);
      });
    });
  });

  it('using one as a Spanish member creates Spanish assets, in a campaign whose default language is Spanish', async () => {
    const es = await member('es');
    const res = await post('/api/templates/donation-drive/use', es.token);
    expect(res.statusCode).toBe(201);
    const { campaign, assets } = res.json();
    expect(campaign).toMatchObject({
      name: 'Campaña de donaciones',
      defaultLanguage: 'es',
      languages: ['es'],
    });
    expect(assets.map((s: any) => s.title)).toEqual(['Dona hoy', 'Lo que logra tu aporte']);
    expect(assets[1].content).toBe(
      'Tu donación va directamente al trabajo: cada aporte nos acerca a nuestra meta. Dona y comparte, por favor.',
    );
    // Its supporter page is Spanish by default.
    const page = await t.app.inject({ method: 'GET', url: `/api/supporter/campaigns/${campaign.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ language: 'es' });
    // A name given is kept as given; the assets are still the member's language.
    const named = (
      await post('/api/templates/volunteer-recruitment/use', es.token, { name: 'Otoño' })
    ).json();
    expect(named.campaign).toMatchObject({ name: 'Otoño', defaultLanguage: 'es' });
    expect(named.assets[0].title).toBe('Se buscan voluntarios');
  });

  it("without a profile language: the request's language, else the organisation's default", async () => {
    const m = await member();
    expect(
      (await put('/api/organization/settings', m.token, { general: { defaultLanguage: 'fr' } })).statusCode,
    ).toBe(200);
    const names = async (headers: Record<string, string> = {}) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/templates',
          headers: { ...bearer(m.token), ...headers },
        })
      )
        .json()
        .map((x: any) => x.name);
    expect((await names())[0]).toBe('Croissance de l’audience');
    expect((await names({ 'accept-language': 'de-DE,de;q=0.9' }))[0]).toBe('Mehr Follower');
    expect((await names({ 'accept-language': 'zh-CN' }))[0]).toBe('Croissance de l’audience');
    const used = await post('/api/templates/follower-growth/use', m.token);
    expect(used.json().campaign).toMatchObject({ name: 'Croissance de l’audience', defaultLanguage: 'fr' });
    // The profile language wins over the browser's.
    await put('/api/user/profile', m.token, { language: 'ar' });
    expect((await names({ 'accept-language': 'de' }))[0]).toBe('زيادة المتابعين');
  });

  it("leaves an organisation's own templates as written, and their campaigns in the organisation's default", async () => {
    const es = await member('es');
    const c = await createCampaign(t.app, es.token, { name: 'Spring appeal' });
    await createAsset(t.app, es.token, c.id, { title: 'Spring text', content: 'Give this spring' });
    const tpl = (
      await post('/api/templates', es.token, { campaignId: c.id, name: 'Seasonal appeal' })
    ).json();
    const listed = (await get('/api/templates', es.token)).json().find((x: any) => x.id === tpl.id);
    expect(listed).toEqual(tpl);
    expect(listed).toMatchObject({ name: 'Seasonal appeal', category: 'My Templates' });
    const used = (await post(`/api/templates/${tpl.id}/use`, es.token)).json();
    expect(used.campaign).toMatchObject({ name: 'Seasonal appeal', defaultLanguage: 'en' });
    expect(used.assets.map((s: any) => [s.title, s.content])).toEqual([['Spring text', 'Give this spring']]);
  });
});
