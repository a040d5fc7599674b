import { describe, expect, it } from 'vitest';
import { SUPPORTER_DATA_ELEMENT_ID } from '#shared/share-links.ts';
import { storedShare } from '../../test/db-rows.ts';
import { bearer, json, postJson, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { parseCsv } from '../../../../tests/support/csv.ts';
import { BROWSER_UA, clickThrough, supporterCookie, supporterIdOf } from '../../test/visitor.ts';

// A/B share texts (API.md "Reach"): variants on assets, one per visitor (sticky by
// the visitor cookie), views from the visit confirmation, shares and clicks
// attributed through the share, visits counted per source, and the winner.

const { t, a, b, get } = twoOrganizationsPerFile();

const TEXTS = ['Rivers need you today', 'Clean water is a right'];

async function campaignWithVariants(texts = TEXTS) {
  const campaign = await createCampaign(t.app, a.token);
  const asset = await createAsset(t.app, a.token, campaign.id, { variants: texts.map((text) => ({ text })) });
  return { campaign, asset };
}

/** Opens the supporter page as a browser; returns the visitor cookie and the JSON the page embeds. */
async function openPage(campaignId: number, opts: { cookie?: string; query?: string } = {}) {
  const res = await t.app.inject({
    url: `/supporter/${campaignId}${opts.query ?? ''}`,
    headers: { 'user-agent': BROWSER_UA, ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  const embedded = res.body.match(
    new RegExp(`<script type="application/json" id="${SUPPORTER_DATA_ELEMENT_ID}">(.*?)</script>`),
  )?.[1];
  return {
    cookie: supporterCookie(res.headers) ?? (opts.cookie as string),
    page: JSON.parse(embedded ?? 'null'),
  };
}

const supporterJson = async (campaignId: number, cookie: string) =>
  json(
    await t.app.inject({
      url: `/api/supporter/campaigns/${campaignId}`,
      headers: { 'user-agent': BROWSER_UA, cookie: `rally_sid=${cookie}` },
    }),
  );

async function confirmVisit(
  campaignId: number,
  cookie: string | undefined,
  body: object = {},
  ua = BROWSER_UA,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/supporter/campaigns/${campaignId}/visits`,
    payload: body,
    headers: { 'user-agent': ua, ...(cookie ? { cookie: `rally_sid=${cookie}` } : {}) },
  });
  expect(res.statusCode).toBe(204);
}

async function logShare(
  ids: { campaignId: number; assetId: number },
  cookie: string,
  extra: Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shares',
    headers: { cookie: `rally_sid=${cookie}` },
    payload: { ...ids, organizationId: a.orgId, platform: 'twitter', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return json(res);
}

/** PUT /api/assets/:id with these variants, as A unless another token is given. */
const putVariants = (assetId: number, variants: { id?: number; text: string }[], token = a.token) =>
  sendJson(t.app, 'PUT', `/api/assets/${assetId}`, { variants }, token);

const assetAnalytics = async (assetId: number, token = a.token) =>
  get(`/api/assets/${assetId}/analytics`, token);

describe('variants on assets', () => {
  it('are created, listed, replaced keeping unchanged ids, and cleared', async () => {
    const { campaign, asset } = await campaignWithVariants();
    expect(asset.variants.map((v: { text: string }) => v.text)).toEqual(TEXTS);
    const [first, second] = asset.variants;
    const listed = json(await get(`/api/campaigns/${campaign.id}/assets`, a.token));
    expect(listed[0].variants).toEqual(asset.variants);

    const edited = await putVariants(asset.id, [
      { text: 'A third way to say it' },
      { id: first.id, text: first.text },
    ]);
    expect(edited.statusCode).toBe(200);
    const after = json(edited).variants;
    expect(after.map((v: { text: string }) => v.text)).toEqual(['A third way to say it', first.text]);
    expect(after[1].id).toBe(first.id);
    expect(after.map((v: { id: number }) => v.id)).not.toContain(second.id);

    const cleared = await putVariants(asset.id, []);
    expect(json(cleared).variants).toEqual([]);
    const org = json(await get('/api/assets', a.token));
    expect(org.find((x: { id: number }) => x.id === asset.id).variants).toEqual([]);
  });

  it('are copied, with new ids, when the campaign is duplicated', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const copy = json(await postJson(t.app, `/api/campaigns/${campaign.id}/duplicate`, {}, a.token));
    const assets = json(await get(`/api/campaigns/${copy.id}/assets`, a.token));
    expect(assets[0].variants.map((v: { text: string }) => v.text)).toEqual(TEXTS);
    expect(assets[0].variants[0].id).not.toBe(asset.variants[0].id);
  });

  it('refuse a fifth variant, duplicates and blank texts with a clear message', async () => {
    const campaign = await createCampaign(t.app, a.token);
    const five = await postJson(
      t.app,
      '/api/assets',
      {
        title: 'Too many',
        type: 'text',
        content: 'x',
        campaignId: campaign.id,
        variants: ['1', '2', '3', '4', '5'].map((n) => ({ text: `Text ${n}` })),
      },
      a.token,
    );
    expect(five.statusCode).toBe(400);
    expect(json(five).message).toBe('An asset can have at most 4 share-text variants');
    const { asset } = await campaignWithVariants();
    const dup = await putVariants(asset.id, [{ text: 'Same' }, { text: 'Same' }]);
    expect(dup.statusCode).toBe(400);
    expect(json(dup).message).toBe('Share-text variants must differ from each other');
    const blank = await putVariants(asset.id, [{ text: '  ' }]);
    expect(blank.statusCode).toBe(400);
    expect(json(blank).message).toBe('Variant text is required');
    // Four is fine.
    const four = await putVariants(
      asset.id,
      ['1', '2', '3', '4'].map((n) => ({ text: `Text ${n}` })),
    );
    expect(json(four).variants).toHaveLength(4);
  });

  it("are another organisation's 404", async () => {
    const { asset } = await campaignWithVariants();
    const put = await putVariants(asset.id, [], b.token);
    expect(put.statusCode).toBe(404);
    expect((await assetAnalytics(asset.id, b.token)).statusCode).toBe(404);
    expect((await assetAnalytics(asset.id)).statusCode).toBe(200);
    expect((await assetAnalytics(999_999)).statusCode).toBe(404);
  });
});

describe('the variant a visitor is shown', () => {
  it('is sticky by the visitor cookie, the same in the page and the JSON, and spreads visitors', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const seen = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const { cookie, page } = await openPage(campaign.id);
      const shown = page.assets[0].variant;
      expect(TEXTS).toContain(shown.text);
      // No visitor ever sees the whole list.
      expect(page.assets[0].variants).toBeUndefined();
      const again = await supporterJson(campaign.id, cookie);
      expect(again.assets[0].variant).toEqual(shown);
      expect((await openPage(campaign.id, { cookie })).page.assets[0].variant).toEqual(shown);
      seen.set(shown.text, (seen.get(shown.text) ?? 0) + 1);
    }
    expect(seen.size).toBe(2);
    for (const n of seen.values()) expect(n).toBeGreaterThanOrEqual(8);
    expect(asset.id).toBeGreaterThan(0);
  });

  it('is absent for an asset without variants', async () => {
    const campaign = await createCampaign(t.app, a.token);
    await createAsset(t.app, a.token, campaign.id);
    const { cookie, page } = await openPage(campaign.id);
    expect(page.assets[0]).not.toHaveProperty('variant');
    expect((await supporterJson(campaign.id, cookie)).assets[0]).not.toHaveProperty('variant');
  });

  it('follows an edit of the variants at once', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const { cookie } = await openPage(campaign.id);
    await putVariants(asset.id, [{ text: 'Only this one' }]);
    expect((await supporterJson(campaign.id, cookie)).assets[0].variant.text).toBe('Only this one');
  });
});

describe('attribution and views', () => {
  it('counts views from the visit confirmation and attributes shares and clicks through the share', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const sharer = await openPage(campaign.id);
    const shown = sharer.page.assets[0].variant;
    await confirmVisit(campaign.id, sharer.cookie);
    await confirmVisit(campaign.id, sharer.cookie); // the same day: one view
    const share = await logShare({ campaignId: campaign.id, assetId: asset.id }, sharer.cookie, {
      variantId: shown.id,
      ref: 'variantRef000001',
    });
    // A friend follows the link and the page confirms the click.
    const click = await clickThrough(t.app, { campaignId: campaign.id, ref: share.ref }, '127.0.0.1');
    expect(click.statusCode).toBe(204);

    const figures = json(await assetAnalytics(asset.id));
    const row = figures.variants.find((v: { id: number }) => v.id === shown.id);
    expect(row).toMatchObject({ views: 1, shares: 1, clicks: 1, shareRate: 1, clickRate: 1 });
    // The clicks export names the variant of the share each click came through.
    const csv = parseCsv((await get(`/api/campaigns/${campaign.id}/export.csv?type=clicks`, a.token)).body);
    expect(csv.slice(1).map((r) => r[csv[0].indexOf('variantId')])).toEqual([String(shown.id)]);
    const other = figures.variants.find((v: { id: number }) => v.id !== shown.id);
    expect(other).toMatchObject({ shares: 0, clicks: 0 });
    expect(figures.winner).toBeNull();
  });

  it('never takes the view from the client, and ignores a variant of another asset', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const { asset: otherAsset } = await campaignWithVariants(['Elsewhere one', 'Elsewhere two']);
    const visitor = await openPage(campaign.id);
    // A crawler, a client without the server's cookie and a forged cookie count nothing.
    await confirmVisit(campaign.id, visitor.cookie, {}, 'facebookexternalhit/1.1');
    await confirmVisit(campaign.id, undefined);
    await confirmVisit(campaign.id, `${supporterIdOf(visitor.cookie)}.forgedtag0000000000000`);
    expect(json(await assetAnalytics(asset.id)).variants.every((v: { views: number }) => v.views === 0)).toBe(
      true,
    );

    await logShare({ campaignId: campaign.id, assetId: asset.id }, visitor.cookie, {
      variantId: otherAsset.variants[0].id,
    });
    const stored = await t.database.db
      .selectFrom('shares')
      .select('variantId')
      .where('assetId', '=', asset.id)
      .executeTakeFirstOrThrow();
    expect(stored.variantId).toBeNull();
    const figures = json(await assetAnalytics(otherAsset.id));
    expect(figures.variants[0].shares).toBe(0);
  });

  it('keeps only the variant the server showed this visitor; another, a retired one or an unverified cookie gets none', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const ids = { campaignId: campaign.id, assetId: asset.id };
    const visitor = await openPage(campaign.id);
    const shown = visitor.page.assets[0].variant;
    const notShown = asset.variants.find((v: { id: number }) => v.id !== shown.id);
    const storedVariant = async (shareId: number) => (await storedShare(t.database.db, shareId)).variantId;

    // Shown A, posts B: the share names no variant, so B's numbers cannot be steered.
    expect(
      await storedVariant((await logShare(ids, visitor.cookie, { variantId: notShown.id })).id),
    ).toBeNull();
    expect(await storedVariant((await logShare(ids, visitor.cookie, { variantId: shown.id })).id)).toBe(
      shown.id,
    );
    // The same id from a cookie this server did not sign proves nothing.
    const bare = supporterIdOf(visitor.cookie)!;
    expect(await storedVariant((await logShare(ids, bare, { variantId: shown.id })).id)).toBeNull();
    expect(json(await assetAnalytics(asset.id)).variants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: shown.id, shares: 1 }),
        expect.objectContaining({ id: notShown.id, shares: 0 }),
      ]),
    );

    // Retiring the shown variant: its id is dropped; the visitor's new choice is kept.
    await putVariants(asset.id, [{ text: notShown.text }, { text: 'A third text' }]);
    expect(await storedVariant((await logShare(ids, visitor.cookie, { variantId: shown.id })).id)).toBeNull();
    const now = (await supporterJson(campaign.id, visitor.cookie)).assets[0].variant;
    expect(now.id).not.toBe(shown.id);
    expect(await storedVariant((await logShare(ids, visitor.cookie, { variantId: now.id })).id)).toBe(now.id);
  });

  it('names a winner only with 100 views per variant and p < 0.05', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const [low, high] = asset.variants;
    const db = t.database.db;
    const day = new Date().toISOString().slice(0, 10);
    const views = (variantId: number, from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        variantId,
        visitorId: `viewer${String(from + i).padStart(20, '0')}`,
        day,
        campaignId: campaign.id,
        createdAt: new Date().toISOString(),
      }));
    const shares = (variantId: number, n: number) =>
      Array.from({ length: n }, () => ({
        assetId: asset.id,
        campaignId: campaign.id,
        organizationId: a.orgId,
        platform: 'twitter',
        status: 'shared',
        variantId,
        createdAt: new Date().toISOString(),
        ref: null,
        supporterId: null,
        scheduledFor: null,
        parentShareId: null,
      }));
    await db
      .insertInto('variantViews')
      .values([...views(low.id, 0, 100), ...views(high.id, 100, 99)])
      .execute();
    await db
      .insertInto('shares')
      .values([...shares(low.id, 8), ...shares(high.id, 20)])
      .execute();
    const below = json(await assetAnalytics(asset.id));
    expect(below.winner).toBeNull();
    expect(below.pValue).toBeCloseTo(0.013319, 4);
    expect(below.variants.map((v: { views: number }) => v.views)).toEqual([100, 99]);

    await db
      .insertInto('variantViews')
      .values(views(high.id, 500, 1))
      .execute();
    const decided = json(await assetAnalytics(asset.id));
    expect(decided.pValue).toBeCloseTo(0.014468, 4);
    expect(decided.winner).toBe(high.id);
    expect(decided.variants[1]).toMatchObject({ views: 100, shares: 20, shareRate: 0.2 });
  });
});

describe('visits per source', () => {
  it('counts one visit per visitor and day with its source, and the shares of those visitors', async () => {
    const { campaign, asset } = await campaignWithVariants();
    const qr = await openPage(campaign.id, { query: '?src=qr' });
    await confirmVisit(campaign.id, qr.cookie, { src: 'qr' });
    await confirmVisit(campaign.id, qr.cookie, { src: 'qr' });
    await confirmVisit(campaign.id, qr.cookie, { src: 'newsletter' }); // same day: still the first source
    const second = await openPage(campaign.id);
    await confirmVisit(campaign.id, second.cookie, { src: 'qr' });
    const mail = await openPage(campaign.id);
    await confirmVisit(campaign.id, mail.cookie, { src: 'newsletter' });
    const direct = await openPage(campaign.id);
    await confirmVisit(campaign.id, direct.cookie);
    const mangled = await openPage(campaign.id);
    await confirmVisit(campaign.id, mangled.cookie, { src: 'QR!<script>' });
    await logShare({ campaignId: campaign.id, assetId: asset.id }, qr.cookie, { source: 'qr' });
    await logShare({ campaignId: campaign.id, assetId: asset.id }, direct.cookie, { source: 'Not A Tag' });

    const expected = [
      { source: 'qr', visits: 2, shares: 1 },
      { source: 'newsletter', visits: 1, shares: 0 },
    ];
    const analytics = json(await get(`/api/campaigns/${campaign.id}/analytics`, a.token));
    expect(analytics.sources).toEqual(expected);
    expect(analytics.totals.shares).toBe(2);
    // The shares export of the same range carries the source: the same count per source.
    const csv = parseCsv((await get(`/api/campaigns/${campaign.id}/export.csv?type=shares`, a.token)).body);
    const sourceColumn = csv[0].indexOf('source');
    expect(csv.slice(1).map((r) => r[sourceColumn])).toEqual(['qr', '']);
    const org = json(await get('/api/organization/analytics', a.token));
    const qrRow = org.sources.find((s: { source: string }) => s.source === 'qr');
    expect(qrRow.visits).toBeGreaterThanOrEqual(2);
    const stored = await t.database.db
      .selectFrom('visits')
      .select(['source'])
      .where('campaignId', '=', campaign.id)
      .orderBy('id')
      .execute();
    expect(stored.map((v) => v.source)).toEqual(['qr', 'qr', 'newsletter', null, null]);
    // Another organisation sees none of it.
    const other = json(await t.app.inject({ url: '/api/organization/analytics', headers: bearer(b.token) }));
    expect(other.sources).toEqual([]);
  });
});
