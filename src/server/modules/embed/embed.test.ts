import { describe, expect, it } from 'vitest';
import { MAX_EMBED_ORIGINS } from '#shared/schemas/settings.ts';
import { storedShare } from '../../test/db-rows.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { supporterCookie } from '../../test/visitor.ts';
import { renderEmbedCard } from './embed-page.ts';

const { t, a, b, get } = twoOrganizationsPerFile();

const setOrigins = (allowedOrigins: unknown, token = a.token) =>
  sendJson(t.app, 'PUT', '/api/organization/settings', { embed: { allowedOrigins } }, token);

/** A published campaign of `org` with one text asset. */
async function campaignOf(org: { token: string }, body: Record<string, unknown> = {}) {
  const campaign = await createCampaign(t.app, org.token, body);
  const asset = await createAsset(t.app, org.token, campaign.id, { content: 'Rivers matter to us all' });
  return { campaign, asset };
}

const embed = (id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/embed/${id}`, headers });

/** The JSON the card's page hands its script. */
const cardData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="embed-card-data">(.*?)<\/script>/.exec(html)![1]);

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

describe('GET /embed/{campaignId}', () => {
  it('renders the campaign, its organisation, its first asset and one-tap share links, without the app', async () => {
    const { campaign } = await campaignOf(a, { name: 'Clean <Rivers>' });
    await createAsset(t.app, a.token, campaign.id, { title: 'Second', content: 'Not on the card' });
    const res = await embed(campaign.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Clean &lt;Rivers&gt;</h1>');
    expect(res.body).toContain(`Org of ${a.username}`);
    expect(res.body).toContain('Rivers matter to us all');
    expect(res.body).not.toContain('Not on the card');
    for (const platform of ['twitter', 'facebook', 'linkedin', 'whatsapp', 'bluesky', 'email'])
      expect(res.body).toContain(`data-platform="${platform}"`);
    // A way to the full supporter page.
    expect(res.body).toMatch(new RegExp(`class="more" href="[^"]*/supporter/${campaign.id}"`));
    // The React app's shell and entry are not part of the card.
    expect(res.body).not.toContain('id="root"');
  });

  it("lets only the organisation's listed origins frame it, and says none when the list is empty", async () => {
    const { campaign } = await campaignOf(a);
    const before = await embed(campaign.id);
    expect(frameAncestors(before.headers['content-security-policy'])).toBe("'none'");

    expect((await setOrigins(['https://www.river.example', 'https://blog.river.example'])).statusCode).toBe(
      200,
    );
    const after = await embed(campaign.id);
    expect(frameAncestors(after.headers['content-security-policy'])).toBe(
      'https://www.river.example https://blog.river.example',
    );
    // Nothing else of the policy changes, and no X-Frame-Options contradicts the list.
    expect(String(after.headers['content-security-policy']).replace(/frame-ancestors [^;]+/, '')).toBe(
      String(before.headers['content-security-policy']).replace(/frame-ancestors [^;]+/, ''),
    );
    expect(after.headers['x-frame-options']).toBeUndefined();

    // Another organisation's campaign keeps its own (empty) list.
    const other = await campaignOf(b);
    expect(frameAncestors((await embed(other.campaign.id)).headers['content-security-policy'])).toBe(
      "'none'",
    );

    expect((await setOrigins([])).statusCode).toBe(200);
    expect(frameAncestors((await embed(campaign.id)).headers['content-security-policy'])).toBe("'none'");
  });

  it('keeps every other route unframable', async () => {
    await setOrigins(['https://www.river.example']);
    const { campaign } = await campaignOf(a);
    for (const url of [
      `/supporter/${campaign.id}`,
      `/api/supporter/campaigns/${campaign.id}`,
      '/login',
      '/api/auth-status',
    ]) {
      const res = await t.app.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const settings = await get('/api/organization/settings', a.token);
    expect(frameAncestors(settings.headers['content-security-policy'])).toBe("'none'");
    await setOrigins([]);
  });

  it('is 404 for draft, archived, unknown and malformed ids, and no site may frame that', async () => {
    await setOrigins(['https://www.river.example']);
    const draft = await createCampaign(t.app, a.token, { status: 'draft' });
    const { campaign: archived } = await campaignOf(a);
    expect(
      (await sendJson(t.app, 'DELETE', `/api/campaigns/${archived.id}`, undefined, a.token)).statusCode,
    ).toBe(204);
    for (const id of [draft.id, archived.id, 999999, 'abc', '0', '99999999999']) {
      const res = await embed(id, bearer(a.token));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.body).toContain('Campaign not available');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'none'");
    }
    await setOrigins([]);
  });

  it('shows an image and a video by their public words, never their internal titles', async () => {
    /**
     * The card of a live campaign described `description` whose one asset is `asset`
     * (written straight to the database: an image without words is data from before
     * publishing asked for them, which the API no longer publishes).
     */
    const cardOf = async (
      description: string,
      asset: NonNullable<Parameters<typeof seedCampaign>[1]['assets']>[number],
    ) => {
      const { campaignId } = await seedCampaign(t.database.db, {
        organizationId: a.orgId,
        description,
        assets: [asset],
      });
      return embed(campaignId);
    };
    const image = await cardOf('Save the old oaks', {
      title: 'hero_v3_final oaks banner',
      type: 'image',
      content: 'https://cdn.example.org/oaks.png',
    });
    expect(image.body).toContain('alt="Save the old oaks"');
    expect(image.body).not.toContain('hero_v3');
    const video = await cardOf('Watch the oaks', {
      title: 'oak_cut_final2.mp4',
      type: 'video',
      content: 'https://cdn.example.org/oaks.mp4',
      description: 'Oaks through the seasons',
    });
    expect(video.body).toContain('Video: Oaks through the seasons');
    expect(video.body).not.toContain('oak_cut_final2');
  });

  it('says so instead of showing buttons when sharing is paused or ended', async () => {
    const { campaign } = await campaignOf(a);
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { status: 'paused' }, a.token);
    const paused = await embed(campaign.id);
    expect(paused.statusCode).toBe(200);
    expect(paused.body).toContain('Sharing is paused for now');
    expect(paused.body).not.toContain('data-platform');
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { status: 'ended' }, a.token);
    const ended = await embed(campaign.id);
    expect(ended.body).toContain('This campaign has ended');
    expect(ended.body).not.toContain('data-platform');
  });

  it("hands its script the campaign and asset, and a share logged the way it does counts like the supporter page's", async () => {
    const { campaign, asset } = await campaignOf(a);
    const page = await embed(campaign.id);
    const data = cardData(page.body);
    expect(data).toEqual({
      campaign: {
        id: campaign.id,
        name: campaign.name,
        description: campaign.description,
        organizationId: a.orgId,
        disclosure: null,
      },
      // Never the asset's title: that is internal.
      asset: { id: asset.id, type: 'text', content: asset.content, shareText: null, description: null },
    });
    const cookie = supporterCookie(page.headers)!;
    expect(cookie).toBeTruthy();
    // What the card's script sends, with the cookie the card set.
    const share = (platform: string, ref: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: { cookie: `rally_sid=${cookie}` },
        payload: {
          assetId: data.asset.id,
          platform,
          campaignId: data.campaign.id,
          organizationId: data.campaign.organizationId,
          ref,
        },
      });
    expect((await share('twitter', 'embedRef0001')).statusCode).toBe(201);
    expect((await share('whatsapp', 'embedRef0002')).statusCode).toBe(201);
    const stats = (await get(`/api/campaigns/${campaign.id}/stats`, a.token)).json();
    expect(stats).toMatchObject({
      totalShares: 2,
      uniqueSupporters: 1,
      platformBreakdown: { twitter: 1, whatsapp: 1 },
    });

    // Same rules as the supporter page: a paused campaign's share is refused.
    await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { status: 'paused' }, a.token);
    expect((await share('twitter', 'embedRef0003')).statusCode).toBe(409);
  });

  it("shows the visitor's share-text variant and its shares name it, with the card as their source", async () => {
    const campaign = await createCampaign(t.app, a.token);
    const asset = await createAsset(t.app, a.token, campaign.id, {
      content: 'Rivers matter to us all',
      variants: [{ text: 'Rivers need you today' }, { text: 'Clean water is a right' }],
    });
    const framings: Record<string, string>[] = [
      {},
      { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of framings) {
      const page = await embed(campaign.id, headers);
      const cookie = supporterCookie(page.headers)!;
      const data = cardData(page.body);
      // The same choice the supporter page makes for this cookie.
      const supporterView = await t.app.inject({
        url: `/api/supporter/campaigns/${campaign.id}`,
        headers: { cookie: `rally_sid=${cookie}` },
      });
      const shown = supporterView.json().assets[0].variant;
      expect(data.asset.variant).toEqual(shown);
      expect(page.body).toContain(`<p>${shown.text}</p>`);
      expect(page.body).not.toContain('Rivers matter to us all</p>');
      const other = asset.variants.find((v: { id: number }) => v.id !== shown.id);
      const share = async (variantId: number) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/shares',
          headers: { cookie: `rally_sid=${cookie}` },
          payload: {
            assetId: data.asset.id,
            platform: 'twitter',
            campaignId: campaign.id,
            organizationId: a.orgId,
            variantId,
            source: 'embed',
          },
        });
        expect(res.statusCode).toBe(201);
        const { variantId: kept, source } = await storedShare(t.database.db, res.json().id);
        return { variantId: kept, source };
      };
      expect(await share(shown.id)).toEqual({ variantId: shown.id, source: 'embed' });
      expect(await share(other.id)).toEqual({ variantId: null, source: 'embed' });
    }
  });

  it("gives a card framed by another site a partitioned visitor cookie, and the page's own cookie otherwise", async () => {
    const { campaign } = await campaignOf(a);
    const setCookie = (headers: Record<string, string>) =>
      embed(campaign.id, headers).then((r) => String(r.headers['set-cookie']));
    const framed = await setCookie({ 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' });
    expect(framed).toMatch(/^rally_sid=[^;]+/);
    expect(framed).toMatch(/SameSite=None/);
    expect(framed).toMatch(/Secure/);
    expect(framed).toMatch(/Partitioned/);
    const topLevel = await setCookie({ 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' });
    expect(topLevel).toMatch(/SameSite=Lax/);
    expect(topLevel).not.toMatch(/Partitioned/);
  });
});

describe('settings.embed.allowedOrigins', () => {
  it('is stored in canonical form, once each', async () => {
    const res = await setOrigins([
      'HTTPS://WWW.River.Example/',
      'https://www.river.example:443',
      'https://shop.river.example:8443',
      ' http://localhost:5173 ',
      'http://127.0.0.1:8080/',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().embed.allowedOrigins).toEqual([
      'https://www.river.example',
      'https://shop.river.example:8443',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
    ]);
    expect((await get('/api/organization/settings', a.token)).json().embed.allowedOrigins).toHaveLength(4);
    await setOrigins([]);
  });

  it.each([
    ['http://www.river.example'],
    ['https://www.river.example/page'],
    ['https://www.river.example?x=1'],
    ['https://www.river.example#top'],
    ['https://*.river.example'],
    ['*'],
    ["'self'"],
    ['https://user:pw@river.example'],
    ['https://river.example; script-src *'],
    ['river.example'],
    ['javascript:alert(1)'],
    ['https://exa mple.org'],
  ])('refuses %s with a clear 400', async (origin) => {
    const res = await setOrigins(['https://ok.example', origin]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/https:\/\/ origin/);
    expect((await get('/api/organization/settings', a.token)).json().embed.allowedOrigins).toEqual([]);
  });

  it('refuses more than the maximum, and anything but a list of strings', async () => {
    const many = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, i) => `https://site${i}.example`);
    const res = await setOrigins(many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`At most ${MAX_EMBED_ORIGINS} sites`);
    expect((await setOrigins(many.slice(0, MAX_EMBED_ORIGINS))).statusCode).toBe(200);
    expect((await setOrigins('https://a.example')).statusCode).toBe(400);
    expect((await setOrigins([42])).statusCode).toBe(400);
    await setOrigins([]);
  });

  it('is changed by admins only', async () => {
    const editor = await addMember(t.app, a, 'editor');
    const res = await setOrigins(['https://www.river.example'], editor.token);
    expect(res.statusCode).toBe(403);
    expect((await get('/api/organization/settings', editor.token)).json().embed.allowedOrigins).toEqual([]);
  });
});

describe("the card's privacy notice", () => {
  it('offers the choice about the visitor cookie where its script runs, in the partition it is framed in, and none under GPC', async () => {
    const { campaign } = await campaignOf(a);
    const view = (await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` })).json();
    const card = (
      state: 'cookie' | 'choice' | 'gpc',
      framed = false,
      script: string | null = 'assets/embed-x.js',
    ) =>
      renderEmbedCard(view, {
        origin: 'https://rally.example',
        script: script ?? undefined,
        cookie: { state, framed },
      });
    expect(card('cookie')).toContain(
      '<button type="button" class="choice" id="embed-cookie-choice" data-visitor-cookie="false" data-framed="false">Share without a cookie</button>',
    );
    expect(card('choice', true)).toContain(
      'data-visitor-cookie="true" data-framed="true">Use the cookie again</button>',
    );
    expect(card('gpc')).not.toContain('embed-cookie-choice');
    // Without the script a button would do nothing: the notice only.
    expect(card('cookie', false, null)).not.toContain('embed-cookie-choice');
    expect(card('cookie', false, null)).toContain('id="embed-privacy"');
  });
});
