import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES } from '#shared/templates.ts';
import { bearer, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

const { t, a, b, get } = twoOrganizationsPerFile();
const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload && { payload }) });
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
    for (const tpl of BUILT_IN_TEMPLATES) {
      const res = await post(`/api/templates/${tpl.id}/use`, a.token, { name: `From ${tpl.name}` });
      expect(res.statusCode, tpl.id).toBe(201);
      expect(res.json().campaign.name).toBe(`From ${tpl.name}`);
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
