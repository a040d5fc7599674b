import { beforeAll, describe, expect, it } from 'vitest';
import { json, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { clickThrough, referredVisitor } from '../../test/visitor.ts';
import { rollUpBatch } from './rollups.ts';

// Analytics by language (docs/api.md "Analytics and export"): each share counts under
// the language the page was in, a click-through under the language of the share whose
// link it came through, and a share logged without a language under "not recorded"
// (null). The figures are the same read live, half rolled up and all rolled up, and
// each column sums to its total; one organisation never sees another's.

const { t, a, b, get } = twoOrganizationsPerFile();

type Ids = { assetId: number; campaignId: number; organizationId: number };
let campaign: Ids;
let second: Ids;
let otherOrg: Ids;
let address = 0;
const nextAddress = () => `10.7.0.${++address}`;
const today = () => new Date().toISOString().slice(0, 10);

/** POST /api/shares from its own address; `ref` doubles as the share's name in the test. */
async function share(ids: Ids, fields: Record<string, unknown>, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shares',
    remoteAddress: nextAddress(),
    headers: cookie ? { cookie } : {},
    payload: { ...ids, platform: 'twitter', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}

const rollAll = () =>
  (async () => {
    while (
      await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 }))
    );
  })();

const analytics = async (url: string, token = a.token) => {
  const res = await get(`${url}?from=${today()}&to=${today()}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};

const CAMPAIGN_LANGUAGES = [
  // 3 shares made in Spanish, 1 window opened; 2 visitors came through Spanish links.
  { language: 'es', shares: 3, clickThroughs: 2, openedIntents: 1, preparedPosts: 0 },
  // 1 share in English and the one made by a visitor who came through a Spanish link
  // but shared from the English page; 1 visitor came through the English link.
  { language: 'en', shares: 2, clickThroughs: 1, openedIntents: 0, preparedPosts: 0 },
  { language: null, shares: 1, clickThroughs: 0, openedIntents: 0, preparedPosts: 0 },
  { language: 'pt-BR', shares: 0, clickThroughs: 0, openedIntents: 0, preparedPosts: 1 },
];

beforeAll(async () => {
  const { db } = t.database;
  const seed = async (organizationId: number, title: string) => {
    const c = await seedCampaign(db, { organizationId, assets: [{ title, type: 'text', content: title }] });
    return { assetId: c.assetIds[0], campaignId: c.campaignId, organizationId };
  };
  campaign = await seed(a.orgId, 'Rivers');
  second = await seed(a.orgId, 'Forests');
  otherOrg = await seed(b.orgId, 'Elsewhere');

  await share(campaign, { ref: 'langEs0001', language: 'es' });
  await share(campaign, { ref: 'langEs0002', language: 'es' });
  await share(campaign, { ref: 'langEs0003', language: 'es' });
  await share(campaign, { ref: 'langEs0004', language: 'es', status: 'opened' });
  await share(campaign, { ref: 'langEn0001', language: 'en' });
  // Logged without a language (an API client, or a page from before languages).
  await share(campaign, { ref: 'langNone001' });
  await share(campaign, { platform: 'copy', status: 'prepared', language: 'pt-BR' });
  // Two visitors come through Spanish links, one through the English link.
  const referred = await referredVisitor(
    t.app,
    { campaignId: campaign.campaignId, ref: 'langEs0001' },
    nextAddress(),
  );
  await referredVisitor(t.app, { campaignId: campaign.campaignId, ref: 'langEs0002' }, nextAddress());
  await referredVisitor(t.app, { campaignId: campaign.campaignId, ref: 'langEn0001' }, nextAddress());
  // The first of them shares from the page in English: their share is English, the
  // click-through that brought them stays Spanish.
  await share(campaign, { ref: 'langEnChild1', language: 'en', parentRef: 'langEs0001' }, referred);

  await share(second, { ref: 'langFr0001', language: 'fr' });
  await share(otherOrg, { ref: 'langDe0001', language: 'de' });
  await clickThrough(t.app, { campaignId: otherOrg.campaignId, ref: 'langDe0001' }, nextAddress());
});

describe('analytics by language', () => {
  it('counts shares per language and click-throughs under the language of the share they came through', async () => {
    const body = await analytics(`/api/campaigns/${campaign.campaignId}/analytics`);
    expect(body.languages).toEqual(CAMPAIGN_LANGUAGES);
    // Each column sums to its total.
    const sum = (k: 'shares' | 'clickThroughs' | 'openedIntents' | 'preparedPosts') =>
      body.languages.reduce((n: number, r: Record<string, number>) => n + r[k], 0);
    expect(sum('shares')).toBe(body.totals.shares);
    expect(sum('clickThroughs')).toBe(body.totals.clicks);
    expect(sum('openedIntents')).toBe(body.totals.openedIntents);
    expect(sum('preparedPosts')).toBe(body.totals.preparedPosts);
  });

  it('gives the same figures half rolled up and all rolled up, from rollupLanguageDays', async () => {
    const url = `/api/campaigns/${campaign.campaignId}/analytics`;
    await t.database.db
      .transaction()
      .execute((trx) => rollUpBatch(trx, { batch: 4, now: Date.now() + 60_000 }));
    expect((await analytics(url)).languages).toEqual(CAMPAIGN_LANGUAGES);
    await rollAll();
    expect((await analytics(url)).languages).toEqual(CAMPAIGN_LANGUAGES);
    const rolled = await t.database.db
      .selectFrom('rollupLanguageDays')
      .select(['language', 'shares', 'clicks', 'opened', 'prepared'])
      .where('campaignId', '=', campaign.campaignId)
      .orderBy('language')
      .execute();
    // A language not recorded is the key ''.
    expect(rolled).toEqual([
      { language: '', shares: 1, clicks: 0, opened: 0, prepared: 0 },
      { language: 'en', shares: 2, clicks: 1, opened: 0, prepared: 0 },
      { language: 'es', shares: 3, clicks: 2, opened: 1, prepared: 0 },
      { language: 'pt-BR', shares: 0, clicks: 0, opened: 0, prepared: 1 },
    ]);
  });

  it("adds up the organisation's campaigns, and never shows another organisation's", async () => {
    const org = await analytics('/api/organization/analytics');
    expect(org.languages).toEqual([
      CAMPAIGN_LANGUAGES[0],
      CAMPAIGN_LANGUAGES[1],
      { language: 'fr', shares: 1, clickThroughs: 0, openedIntents: 0, preparedPosts: 0 },
      CAMPAIGN_LANGUAGES[2],
      CAMPAIGN_LANGUAGES[3],
    ]);
    const other = await analytics('/api/organization/analytics', b.token);
    expect(other.languages).toEqual([
      { language: 'de', shares: 1, clickThroughs: 1, openedIntents: 0, preparedPosts: 0 },
    ]);
    expect((await get(`/api/campaigns/${campaign.campaignId}/analytics`, b.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/campaigns/${campaign.campaignId}/export.csv?type=shares`, b.token)).statusCode,
    ).toBe(404);
  });

  it('puts the language in a column of every CSV: a click-through has the language of its share', async () => {
    const csv = async (type: string) => {
      const res = await get(
        `/api/campaigns/${campaign.campaignId}/export.csv?type=${type}&from=${today()}&to=${today()}`,
        a.token,
      );
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = res.body
        .trim()
        .split('\r\n')
        .map((l) => l.split(','));
      const at = (name: string) => header.indexOf(name);
      expect(header.at(-1)).toBe('language');
      return { rows, at };
    };
    const shares = await csv('shares');
    const byRef = Object.fromEntries(shares.rows.map((r) => [r[shares.at('ref')], r[shares.at('language')]]));
    expect(byRef).toEqual({
      langEs0001: 'es',
      langEs0002: 'es',
      langEs0003: 'es',
      langEn0001: 'en',
      langNone001: '',
      langEnChild1: 'en',
    });
    const opened = await csv('opened');
    expect(opened.rows.map((r) => r[opened.at('language')])).toEqual(['es']);
    const prepared = await csv('prepared');
    expect(prepared.rows.map((r) => r[prepared.at('language')])).toEqual(['pt-BR']);
    const clicks = await csv('clicks');
    expect(clicks.rows.map((r) => [r[clicks.at('ref')], r[clicks.at('language')]])).toEqual([
      ['langEs0001', 'es'],
      ['langEs0002', 'es'],
      ['langEn0001', 'en'],
    ]);
  });
});
