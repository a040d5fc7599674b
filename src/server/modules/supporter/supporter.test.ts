import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clicksOfRef } from '../../test/db-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { nowIso } from '../../lib/time.ts';
import { agedTokenOfPage, BROWSER_UA, supporterCookie, supporterIdOf } from '../../test/visitor.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';

let t: TestApp;
let orgId: number;
let campaignId: number;
let assetIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  orgId = await seedOrganization(t.database.db, 'Secret Org Name');
  ({ campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [
      { title: 'Second', type: 'text', content: 'Share this', position: 2 },
      { title: 'First', type: 'image', content: '/uploads/river.png', position: 1 },
      { title: 'Third', type: 'video', content: 'https://cdn.example.org/v.mp4', position: 2 },
    ],
  }));
});
afterAll(() => t.close());
beforeEach(() => t.deps.supporterCache.clear());

const getJson = (id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/supporter/campaigns/${id}`, headers });

describe('GET /api/supporter/campaigns/:id', () => {
  it('returns the campaign, its assets in display order, and only the public face of the organisation', async () => {
    const res = await getJson(campaignId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'assets',
      'availability',
      'campaign',
      'language',
      'languageSource',
      'languages',
      'organization',
    ]);
    // An English-only campaign: nothing negotiated, the same answer for every browser.
    expect(body).toMatchObject({ language: 'en', languageSource: 'campaign-default', languages: ['en'] });
    expect(res.headers.vary ?? '').not.toMatch(/accept-language/i);
    expect(body.availability).toEqual({ state: 'open' });
    // The name and branding are public (the page shows them); nothing else of the organisation is.
    expect(body.organization).toEqual({
      name: 'Secret Org Name',
      logoUrl: '',
      primaryColor: '#1d4ed8',
      accentColor: '#f59e0b',
      collectInfo: true,
      privacyPolicyUrl: '',
    });
    expect(body.campaign).toEqual({
      id: campaignId,
      name: 'Clean Rivers',
      description: 'Keep our rivers clean',
      organizationId: orgId,
      utm: { medium: 'social', campaign: 'clean-rivers' },
      disclosure: null,
      goal: null,
    });
    // position, then id
    expect(body.assets.map((a: { id: number }) => a.id)).toEqual([assetIds[1], assetIds[0], assetIds[2]]);
    // The title is internal: the public view does not carry it.
    for (const asset of body.assets) expect(asset).not.toHaveProperty('title');
    expect(res.body).not.toMatch(/"title"|First|Second|Third/);
    expect(body.assets[0]).toMatchObject({
      id: assetIds[1],
      type: 'image',
      content: '/uploads/river.png',
      campaignId,
      organizationId: orgId,
      position: 1,
      textEditable: false,
    });
    expect(res.body).not.toContain('Private notes');
    expect(res.body).not.toMatch(/password|status|startDate/i);
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '1e3'])('answers 404 JSON for id %s', async (id) => {
    // Twice: the second answer comes from the cache (a remembered miss).
    for (let i = 0; i < 2; i++) {
      const res = await getJson(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('issues the supporter cookie only when absent', async () => {
    const first = await getJson(campaignId);
    const setCookie = String(first.headers['set-cookie']);
    const sid = supporterCookie(first.headers);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{22}$/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(setCookie).not.toMatch(/Secure/);
    const again = await getJson(campaignId, { cookie: `rally_sid=${sid}` });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    // A value that is not one of ours is replaced.
    const bogus = await getJson(campaignId, { cookie: 'rally_sid=x' });
    expect(supporterCookie(bogus.headers)).toMatch(/^[A-Za-z0-9_-]{24}\./);
  });

  it('serves from the cache until the campaign is invalidated', async () => {
    const before = await getJson(campaignId);
    expect(before.json().assets).toHaveLength(3);
    const extra = await t.database.db
      .insertInto('assets')
      .values({
        title: 'Fourth',
        description: null,
        type: 'text',
        content: 'More',
        campaignId,
        organizationId: orgId,
        position: 9,
        createdAt: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      // No database query on a hit: the write behind the cache's back is not seen yet.
      expect((await getJson(campaignId)).json().assets).toHaveLength(3);
      t.deps.supporterCache.invalidate(campaignId);
      const after = (await getJson(campaignId)).json();
      expect(after.assets.map((a: { content: string }) => a.content)).toEqual([
        '/uploads/river.png',
        'Share this',
        'https://cdn.example.org/v.mp4',
        'More',
      ]);
    } finally {
      await t.database.db.deleteFrom('assets').where('id', '=', extra.id).execute();
      t.deps.supporterCache.invalidate(campaignId);
    }
  });

  it('lets concurrent misses share one load', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => getJson(campaignId)));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
  });
});

describe('supporter page HTML', () => {
  it('renders escaped title and link-preview tags with absolute URLs', async () => {
    const { campaignId: id } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: `<script>alert("x")</script> & 'Rivers'`,
      description: 'Clean & "safe" <water>',
      assets: [
        { title: 'Words', type: 'text', content: 'Text first' },
        { title: 'Photo "1"', type: 'image', content: '/uploads/photo.png' },
      ],
    });
    for (const path of [`/supporter/${id}`, `/supporter/campaign/${id}`]) {
      const res = await t.app.inject({ url: path, headers: { host: 'localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      const name = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Rivers&#39;';
      expect(html).not.toContain('<script>alert');
      expect(html).toContain(`<title>${name}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${name}" />`);
      expect(html).toContain(
        '<meta property="og:description" content="Clean &amp; &quot;safe&quot; &lt;water&gt;" />',
      );
      expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/supporter/${id}" />`);
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost:3000/uploads/photo.png" />',
      );
      expect(html).toContain('<meta property="og:type" content="website" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain(`<meta name="twitter:title" content="${name}" />`);
      expect(html).toContain(
        '<meta name="twitter:image" content="http://localhost:3000/uploads/photo.png" />',
      );
    }
  });

  it('never puts an internal title in the page: the image alt is its description, else its share words', async () => {
    const { campaignId: id } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: 'Oaks',
      description: 'Save the old oaks',
      assets: [{ title: 'hero_v3_final oaks banner', type: 'image', content: '/uploads/oaks.png' }],
    });
    const res = await t.app.inject({ url: `/supporter/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('hero_v3');
    expect(res.body).toContain('<meta property="og:image:alt" content="Save the old oaks" />');
    const json = await getJson(id);
    expect(json.body).not.toContain('hero_v3');
  });

  it('uses a plain summary card and a fallback description without an image', async () => {
    const { campaignId: id } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: 'Words Only',
      description: null,
      assets: [{ title: 'Words', type: 'text', content: 'Text' }],
    });
    const res = await t.app.inject({ url: `/supporter/${id}` });
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.body).not.toContain('og:image');
    expect(res.body).toContain('<meta property="og:description" content="Support Words Only');
  });

  it('names the organisation (og:site_name) and uses its logo when the campaign has no image', async () => {
    const brandOrg = await seedOrganization(t.database.db, 'River & Sons Trust');
    await t.database.db
      .insertInto('organizationSettings')
      .values({
        organizationId: brandOrg,
        data: JSON.stringify({ branding: { logoUrl: 'https://cdn.example.org/logo.png' } }),
        updatedAt: nowIso(),
      })
      .execute();
    const { campaignId: textOnly } = await seedCampaign(t.database.db, {
      organizationId: brandOrg,
      assets: [{ title: 'Words', type: 'text', content: 'Text' }],
    });
    const res = await t.app.inject({ url: `/supporter/${textOnly}` });
    expect(res.body).toContain('<meta property="og:site_name" content="River &amp; Sons Trust" />');
    expect(res.body).toContain('<meta property="og:image" content="https://cdn.example.org/logo.png" />');
    expect(res.body).toContain('<meta property="og:image:alt" content="River &amp; Sons Trust logo" />');
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');

    // The campaign's own image still comes first.
    const { campaignId: withImage } = await seedCampaign(t.database.db, {
      organizationId: brandOrg,
      assets: [{ title: 'Photo', type: 'image', content: '/uploads/photo.png' }],
    });
    const page = await t.app.inject({ url: `/supporter/${withImage}`, headers: { host: 'localhost:3000' } });
    expect(page.body).toContain(
      '<meta property="og:image" content="http://localhost:3000/uploads/photo.png" />',
    );
    expect(page.body).not.toContain('content="https://cdn.example.org/logo.png"');
  });

  it("previews the asset a link names (`?a=`): its picture and words; a text asset never another asset's picture", async () => {
    const { campaignId: id, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: 'Two Posters',
      description: 'Rivers for everyone',
      assets: [
        { title: 'one_v1', type: 'image', content: '/uploads/one.png', description: 'The first poster' },
        { title: 'two_v7', type: 'image', content: '/uploads/two.png', shareText: 'Swim with us' },
        { title: 'words_v2', type: 'text', content: 'Write to your council' },
      ],
    });
    const { assetIds: elsewhere } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'other', type: 'image', content: '/uploads/other.png', shareText: 'Not this one' }],
    });
    const meta = async (query: string) => {
      const res = await t.app.inject({
        url: `/supporter/${id}${query}`,
        headers: { host: 'localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      const tag = (name: string) =>
        new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)" />`).exec(res.body)?.[1];
      return {
        image: tag('og:image'),
        alt: tag('og:image:alt'),
        description: tag('og:description'),
        card: tag('twitter:card'),
        url: tag('og:url'),
        body: res.body,
      };
    };
    const campaign = {
      image: 'http://localhost:3000/uploads/one.png',
      alt: 'The first poster',
      description: 'Rivers for everyone',
      card: 'summary_large_image',
      url: `http://localhost:3000/supporter/${id}`,
    };
    // The campaign link, before and after the asset pages (each page is cached apart).
    expect(await meta('')).toMatchObject(campaign);
    expect(await meta(`?ref=abcdefghijkl&a=${assetIds[1]}`)).toMatchObject({
      image: 'http://localhost:3000/uploads/two.png',
      alt: 'Swim with us',
      description: 'Swim with us',
      card: 'summary_large_image',
      url: `http://localhost:3000/supporter/${id}?a=${assetIds[1]}`,
    });
    const text = await meta(`?a=${assetIds[2]}`);
    expect(text).toMatchObject({ image: undefined, description: 'Write to your council', card: 'summary' });
    expect(text.body).not.toContain('og:image');
    expect(await meta('')).toMatchObject(campaign);
    // An asset of another campaign, or no asset id at all, names nothing: the campaign's preview, no leak.
    for (const query of [`?a=${elsewhere[0]}`, '?a=abc', `?a=${assetIds[1]}&a=${assetIds[2]}`, '?a=0']) {
      const other = await meta(query);
      expect(other, query).toMatchObject(campaign);
      expect(other.body).not.toContain('other.png');
      expect(other.body).not.toContain('Not this one');
    }
  });

  it('arrives painted: the campaign and its assets in the root element, the first image fetched first', async () => {
    const { campaignId: id } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: 'Painted <Rivers>',
      description: 'Swim safe',
      assets: [
        { title: 'internal_v2', type: 'image', content: '/uploads/hero.png', shareText: 'Swim with us' },
        { title: 'Words', type: 'text', content: 'Write to your council' },
      ],
    });
    const res = await t.app.inject({ url: `/supporter/${id}` });
    expect(res.statusCode).toBe(200);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toMatch(
      /^<div id="root"><div class="min-h-screen bg-slate-50"[^>]*><a href="#main-content"[^>]*>Skip to main content<\/a><header /,
    );
    expect(root).toContain(
      '<span class="font-semibold text-slate-900">Secret Org Name</span> asks you to share',
    );
    expect(root).toContain('<h1 class="text-2xl font-bold">Painted &lt;Rivers&gt;</h1>');
    expect(root).toContain('>Swim with us</h2>');
    expect(root).toContain('>Write to your council</p></blockquote>');
    expect(root).toContain(
      'src="/uploads/hero.png" alt="Swim with us" width="640" height="360" fetchpriority="high"',
    );
    expect(res.body).not.toContain('internal_v2');
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/uploads/hero.png" fetchpriority="high" />',
    );
    // Its scripts come after that paint (main.tsx): none is preloaded with it.
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it('keeps an absolute image URL as it is', async () => {
    const { campaignId: id } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Remote', type: 'image', content: 'https://img.example.org/a.jpg?x=1&y=2' }],
    });
    const res = await t.app.inject({ url: `/supporter/${id}` });
    expect(res.body).toContain(
      '<meta property="og:image" content="https://img.example.org/a.jpg?x=1&amp;y=2" />',
    );
  });

  it('still serves the shell, with 404 and a generic title, for an unknown campaign', async () => {
    for (const path of ['/supporter/999999', '/supporter/nope', '/supporter/campaign/0']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Campaign Not Found | Rally</title>');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('og:title');
    }
  });

  it('sets the supporter cookie on the page', async () => {
    const res = await t.app.inject({ url: `/supporter/${campaignId}` });
    expect(supporterCookie(res.headers)).toMatch(/^[A-Za-z0-9_-]{24}\./);
    const again = await t.app.inject({
      url: `/supporter/${campaignId}`,
      headers: { cookie: `rally_sid=${supporterCookie(res.headers)}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('click-throughs and impact', () => {
  const logShare = async (
    cookie: string | undefined,
    ref: string,
    ids = { campaignId, assetId: assetIds[0] },
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: cookie ? { cookie: `rally_sid=${cookie}` } : {},
      payload: { ...ids, organizationId: orgId, platform: 'twitter', ref },
    });
    expect(res.statusCode).toBe(201);
    return supporterCookie(res.headers) ?? cookie;
  };
  /**
   * A visit through a tracked link as a browser makes it: the page (which sets the
   * visitor cookie when missing), then, once the page's wait is over, its confirmation
   * with that cookie and a visit token (when the page carried one).
   */
  const visit = async (
    path: string,
    opts: { cookie?: string; ua?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
  ) => {
    const headers = { 'user-agent': opts.ua ?? BROWSER_UA, ...opts.headers };
    const page = await t.app.inject({
      method: opts.method ?? 'GET',
      url: path,
      headers: { ...headers, ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}) },
    });
    const url = new URL(path, 'http://x');
    const ref = url.searchParams.get('ref');
    const cookie = supporterCookie(page.headers) ?? opts.cookie;
    // A HEAD answer has no page, so no script to confirm anything.
    if (ref && cookie && page.body) {
      const link = { campaignId: Number(url.pathname.split('/').at(-1)), ref };
      const token = agedTokenOfPage(t.app, page.body, link, supporterIdOf(cookie) as string);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/clicks',
        payload: { ...link, token },
        headers: { ...headers, cookie: `rally_sid=${cookie}` },
      });
      if (confirm.statusCode !== 204 && !ref.startsWith('%')) expect(confirm.statusCode).toBe(400);
    }
    return page;
  };
  const clicksFor = (ref: string) => clicksOfRef(t.database.db, ref);

  it('counts one click per visitor per 24 h, again for another visitor, never for crawlers', async () => {
    const sharer = await logShare(undefined, 'refClickOnce01');
    const url = `/supporter/${campaignId}?ref=refClickOnce01`;

    // A new visitor: cookie issued and the click counted with it.
    const first = await visit(url);
    expect(first.statusCode).toBe(200);
    const visitor = supporterCookie(first.headers);
    expect(visitor).toBeDefined();
    let clicks = await clicksFor('refClickOnce01');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({
      campaignId,
      organizationId: orgId,
      sharerId: supporterIdOf(sharer),
      visitorId: supporterIdOf(visitor),
    });

    // The same visitor again: not counted.
    await visit(url, { cookie: visitor });
    await visit(`/supporter/campaign/${campaignId}?ref=refClickOnce01`, { cookie: visitor });
    expect(await clicksFor('refClickOnce01')).toHaveLength(1);

    // Crawlers and speculative loads: never counted.
    for (const ua of [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'WhatsApp/2.23.20.0 A',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      '',
    ]) {
      const res = await visit(url, { ua });
      expect(res.statusCode).toBe(200);
    }
    await visit(url, { headers: { 'sec-purpose': 'prefetch;prerender' } });
    await visit(url, { method: 'HEAD' });
    expect(await clicksFor('refClickOnce01')).toHaveLength(1);

    // Another visitor (a cookie it made up: it gets one of the server's own): counted.
    const other = await visit(url, { cookie: 'AnotherVisitorCookie1234' });
    expect(supporterIdOf(supporterCookie(other.headers))).not.toBe('AnotherVisitorCookie1234');
    expect(await clicksFor('refClickOnce01')).toHaveLength(2);

    // The first visitor after the window: counted again.
    await t.database.db
      .updateTable('clicks')
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('visitorId', '=', supporterIdOf(visitor) as string)
      .execute();
    await visit(url, { cookie: visitor });
    clicks = await clicksFor('refClickOnce01');
    expect(clicks).toHaveLength(3);
  });

  it('counts a burst of simultaneous visits exactly: once per visitor', async () => {
    await logShare(undefined, 'refBurst000001');
    const url = `/supporter/${campaignId}?ref=refBurst000001`;
    // Eight visitors with cookies of the server's own (it signs no other ids).
    const cookies: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
      cookies.push(supporterCookie(res.headers) as string);
    }
    const visitors = cookies.map((c) => supporterIdOf(c) as string).sort();
    // Each visitor loads the page three times at once.
    const results = await Promise.all(
      cookies.flatMap((v) => [
        visit(url, { cookie: v }),
        visit(url, { cookie: v }),
        visit(url, { cookie: v }),
      ]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const clicks = await clicksFor('refBurst000001');
    expect(clicks.map((c) => c.visitorId).sort()).toEqual(visitors);
    expect(clicks.map((c) => c.visitorId)).toHaveLength(visitors.length);
  });

  it('counts nothing for an unknown ref or a ref of another campaign, and still serves the page', async () => {
    const { campaignId: otherCampaign, assetIds: otherAssets } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Other', type: 'text', content: 'x' }],
    });
    await logShare(undefined, 'refOtherCamp01', { campaignId: otherCampaign, assetId: otherAssets[0] });
    const before = await t.database.db.selectFrom('clicks').select('id').execute();

    const unknown = await visit(`/supporter/${campaignId}?ref=NoSuchRefCode1`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('og:title');
    const wrong = await visit(`/supporter/${campaignId}?ref=refOtherCamp01`);
    expect(wrong.statusCode).toBe(200);
    const malformed = await visit(`/supporter/${campaignId}?ref=%3Cscript%3E`);
    expect(malformed.statusCode).toBe(200);

    const after = await t.database.db.selectFrom('clicks').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('reports each supporter their own shares, clicks and score', async () => {
    const { campaignId: id, assetIds: ids } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Impact', type: 'text', content: 'x' }],
    });
    const ids2 = { campaignId: id, assetId: ids[0] };
    const alice = await logShare(undefined, 'refAliceOne001', ids2);
    await logShare(alice, 'refAliceTwo001', ids2);
    const bob = await logShare(undefined, 'refBobOne00001', ids2);
    await visit(`/supporter/${id}?ref=refAliceOne001`, { cookie: 'VisitorNumberOne0000001' });
    await visit(`/supporter/${id}?ref=refAliceTwo001`, { cookie: 'VisitorNumberOne0000001' });
    await visit(`/supporter/${id}?ref=refAliceTwo001`, { cookie: 'VisitorNumberTwo0000001' });
    // A scheduled share is not a share yet.
    await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie: `rally_sid=${alice}` },
      payload: {
        ...ids2,
        organizationId: orgId,
        platform: 'all',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });

    const impact = (cookie?: string) =>
      t.app.inject({
        url: `/api/supporter/campaigns/${id}/impact`,
        headers: cookie ? { cookie: `rally_sid=${cookie}` } : {},
      });
    const a = await impact(alice);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json()).toEqual({ shares: 2, clicks: 3, influenceScore: 35, recruits: 0, rank: null });
    expect((await impact(bob)).json()).toEqual({
      shares: 1,
      clicks: 0,
      influenceScore: 10,
      recruits: 0,
      rank: null,
    });
    const nobody = await impact();
    expect(nobody.json()).toEqual({ shares: 0, clicks: 0, influenceScore: 0, recruits: 0, rank: null });
    expect(supporterCookie(nobody.headers)).toBeDefined();
    // Alice's numbers are per campaign.
    expect(
      (
        await t.app.inject({
          url: `/api/supporter/campaigns/${campaignId}/impact`,
          headers: { cookie: `rally_sid=${alice}` },
        })
      ).json(),
    ).toEqual({ shares: 0, clicks: 0, influenceScore: 0, recruits: 0, rank: null });
    expect((await t.app.inject({ url: '/api/supporter/campaigns/999999/impact' })).statusCode).toBe(404);
  });
});
