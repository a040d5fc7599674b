import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICKS_PER_SHARE_PER_NETWORK } from '#shared/constants.ts';
import { CLICKS_PER_ADDRESS_PER_MINUTE } from './click-budget.ts';
import { clicksOfRef } from '../../test/db-rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BROWSER_UA, supporterCookie, supporterIdOf } from '../../test/visitor.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';

// API.md "Honest click-throughs", one rule at a time.

let t: TestApp;
let orgId: number;
let campaignId: number;
let otherCampaignId: number;
let assetId: number;
let otherAssetId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ ROLLUP_INTERVAL_MS: '0' });
  orgId = await seedOrganization(t.database.db);
  let ids: number[];
  ({ campaignId, assetIds: ids } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [{ title: 'Post', type: 'text', content: 'Share this' }],
  }));
  assetId = ids[0];
  ({ campaignId: otherCampaignId, assetIds: ids } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    assets: [{ title: 'Other', type: 'text', content: 'x' }],
  }));
  otherAssetId = ids[0];
});
afterAll(() => t.close());

/** Logs a share with a fresh ref; returns the ref and the sharer's cookie. */
async function share(campaign = campaignId, asset = assetId) {
  const ref = `clickRule${String(seq++).padStart(6, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shares',
    remoteAddress: '192.0.2.200',
    payload: { campaignId: campaign, assetId: asset, organizationId: orgId, platform: 'twitter', ref },
  });
  expect(res.statusCode).toBe(201);
  return { ref, sharer: supporterCookie(res.headers) as string };
}

/** The page's own request: returns the visitor cookie it set (or the one sent). */
async function openPage(ref: string, opts: { cookie?: string; address?: string } = {}) {
  const res = await t.app.inject({
    url: `/supporter/${campaignId}?ref=${ref}`,
    remoteAddress: opts.address ?? '198.51.100.1',
    headers: { 'user-agent': BROWSER_UA, ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return supporterCookie(res.headers) ?? opts.cookie;
}

async function confirm(
  ref: string,
  opts: { cookie?: string; address?: string; headers?: Record<string, string>; campaign?: number } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/clicks',
    remoteAddress: opts.address ?? '198.51.100.1',
    payload: { campaignId: opts.campaign ?? campaignId, ref },
    headers: {
      'user-agent': BROWSER_UA,
      ...opts.headers,
      ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}),
    },
  });
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
}

const clicksOf = (ref: string) => clicksOfRef(t.database.db, ref);

describe('POST /api/clicks', () => {
  it('counts a browser visit confirmed with the cookie the page set, once', async () => {
    const { ref } = await share();
    const cookie = await openPage(ref);
    expect(await clicksOf(ref)).toHaveLength(0); // the page alone counts nothing
    await confirm(ref, { cookie });
    const rows = await clicksOf(ref);
    expect(rows.map((r) => r.visitorId)).toEqual([supporterIdOf(cookie)]);
  });

  it('counts nothing for a document request alone, however often (a script looping over the link)', async () => {
    const { ref } = await share();
    for (let i = 0; i < 20; i++) await openPage(ref);
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it('counts nothing without the cookie, or with a cookie the server never issued', async () => {
    const { ref } = await share();
    await confirm(ref);
    await confirm(ref, { cookie: 'MadeUpVisitorId000000001' });
    await confirm(ref, { cookie: 'MadeUpVisitorId000000001.AAAAAAAAAAAAAAAAAAAAAA' });
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it('counts nothing for an unknown ref or a ref of another campaign', async () => {
    const { ref: foreign } = await share(otherCampaignId, otherAssetId);
    const cookie = await openPage('NoSuchRef00001');
    await confirm('NoSuchRef00001', { cookie });
    await confirm(foreign, { cookie });
    const all = await t.database.db
      .selectFrom('clicks')
      .select('id')
      .where('visitorId', '=', supporterIdOf(cookie)!)
      .execute();
    expect(all).toHaveLength(0);
    // Right campaign named for the other campaign's ref: counted there.
    await confirm(foreign, { cookie, campaign: otherCampaignId });
    expect(await clicksOf(foreign)).toHaveLength(1);
  });

  it('counts nothing for crawlers, link unfurlers, a missing user agent or a prefetch', async () => {
    const { ref } = await share();
    for (const ua of [
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
      'curl/8.0',
      '',
    ]) {
      const cookie = await openPage(ref);
      await confirm(ref, { cookie, headers: { 'user-agent': ua } });
    }
    const cookie = await openPage(ref);
    await confirm(ref, { cookie, headers: { 'sec-purpose': 'prefetch;prerender' } });
    await confirm(ref, { cookie, headers: { purpose: 'prefetch' } });
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it("does not count the sharer's own visit", async () => {
    const { ref, sharer } = await share();
    await openPage(ref, { cookie: sharer });
    await confirm(ref, { cookie: sharer });
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it('counts one per visitor per share per 24 h', async () => {
    const { ref } = await share();
    const cookie = await openPage(ref);
    await confirm(ref, { cookie });
    await confirm(ref, { cookie });
    await Promise.all([confirm(ref, { cookie }), confirm(ref, { cookie })]);
    expect(await clicksOf(ref)).toHaveLength(1);
    await t.database.db
      .updateTable('clicks')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('visitorId', '=', supporterIdOf(cookie)!)
      .execute();
    await confirm(ref, { cookie });
    expect(await clicksOf(ref)).toHaveLength(2);
  });

  it('counts at most 10 per share per client network per day (IPv4 address, IPv6 /64)', async () => {
    const { ref } = await share();
    for (let i = 0; i < CLICKS_PER_SHARE_PER_NETWORK + 3; i++) {
      const cookie = await openPage(ref, { address: '203.0.113.7' });
      await confirm(ref, { cookie, address: '203.0.113.7' });
    }
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    // The mapped IPv6 form is the same network.
    await confirm(ref, { cookie: await openPage(ref), address: '::ffff:203.0.113.7' });
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    // Another network has its own allowance.
    await confirm(ref, { cookie: await openPage(ref), address: '203.0.113.8' });
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK + 1);

    // Rotating addresses inside one IPv6 /64 does not escape the cap.
    const { ref: ref6 } = await share();
    for (let i = 0; i < CLICKS_PER_SHARE_PER_NETWORK + 3; i++) {
      const address = `2001:db8:1:2::${(i + 1).toString(16)}`;
      await confirm(ref6, { cookie: await openPage(ref6, { address }), address });
    }
    expect(await clicksOf(ref6)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    await confirm(ref6, { cookie: await openPage(ref6), address: '2001:db8:1:3::1' });
    expect(await clicksOf(ref6)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK + 1);
    // The cap is per share: the first network still counts on another share.
    const { ref: fresh } = await share();
    await confirm(fresh, {
      cookie: await openPage(fresh, { address: '203.0.113.7' }),
      address: '203.0.113.7',
    });
    expect(await clicksOf(fresh)).toHaveLength(1);
  });

  it('counts at most 60 a minute from one client address, across shares (a script minting cookies)', async () => {
    const address = '192.0.2.77';
    const perShare = CLICKS_PER_SHARE_PER_NETWORK - 1;
    const refs: string[] = [];
    for (let i = 0; i * perShare < CLICKS_PER_ADDRESS_PER_MINUTE + 5; i++) refs.push((await share()).ref);
    for (const ref of refs) {
      for (let i = 0; i < perShare; i++)
        await confirm(ref, { cookie: await openPage(ref, { address }), address });
    }
    const counted = (await Promise.all(refs.map(clicksOf))).reduce((n, rows) => n + rows.length, 0);
    expect(counted).toBe(CLICKS_PER_ADDRESS_PER_MINUTE);
  });

  it('counts nothing on a campaign the public cannot see (a draft or archived one)', async () => {
    const { ref } = await share();
    const cookie = await openPage(ref);
    // The stored status, changed under the routes; the cached public view is dropped with it.
    const setStatus = async (status: string) => {
      await t.database.db.updateTable('campaigns').set({ status }).where('id', '=', campaignId).execute();
      t.deps.supporterCache.invalidate(campaignId);
    };
    await setStatus('archived');
    try {
      await confirm(ref, { cookie });
      expect(await clicksOf(ref)).toHaveLength(0);
    } finally {
      await setStatus('published');
    }
    await confirm(ref, { cookie });
    expect(await clicksOf(ref)).toHaveLength(1);
  });

  it('answers 400 for a malformed body and stores nothing', async () => {
    for (const payload of [{}, { campaignId: 'x', ref: 'abcdefghijk' }, { campaignId: 1, ref: '<x>' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/clicks', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
