import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLICKS_PER_SHARE_PER_NETWORK,
  VISIT_TOKEN_MAX_AGE_MS,
  VISIT_TOKEN_MIN_AGE_MS,
} from '#shared/constants.ts';
import { CLICKS_PER_ADDRESS_PER_MINUTE } from './click-budget.ts';
import { clicksOfRef } from '../../test/db-rows.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import {
  agedVisitToken,
  BROWSER_UA,
  supporterCookie,
  supporterIdOf,
  visitTokenOf,
} from '../../test/visitor.ts';
import { seedCampaign } from '../../test/seed-db.ts';

// API.md "Honest click-throughs", one rule at a time.

let t: TestApp;
let staffToken: string;
let orgId: number;
let campaignId: number;
let otherCampaignId: number;
let assetId: number;
let otherAssetId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ ROLLUP_INTERVAL_MS: '0' });
  ({ token: staffToken, orgId } = await signUp(t.app));
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

interface Visit {
  cookie?: string;
  token?: string;
}

/** The page's own request: the visitor cookie it set (or the one sent) and the visit token in its HTML. */
async function openPage(
  ref: string,
  opts: { cookie?: string; address?: string; campaign?: number } = {},
): Promise<Visit> {
  const res = await t.app.inject({
    url: `/supporter/${opts.campaign ?? campaignId}?ref=${ref}`,
    remoteAddress: opts.address ?? '198.51.100.1',
    headers: { 'user-agent': BROWSER_UA, ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return { cookie: supporterCookie(res.headers) ?? opts.cookie, token: visitTokenOf(res.body) };
}

/**
 * A page view as the confirmation sees it once the page's wait is over: the page's
 * cookie, and its token as if issued VISIT_TOKEN_MIN_AGE_MS ago (the wait itself is
 * tested below, with the page's own token).
 */
async function visit(ref: string, opts: { cookie?: string; address?: string; campaign?: number } = {}) {
  const { cookie } = await openPage(ref, opts);
  const link = { campaignId: opts.campaign ?? campaignId, ref };
  return { cookie, token: agedVisitToken(t.app, link, supporterIdOf(cookie)!) };
}

async function confirm(
  ref: string,
  opts: Visit & { address?: string; headers?: Record<string, string>; campaign?: number } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/clicks',
    remoteAddress: opts.address ?? '198.51.100.1',
    payload: { campaignId: opts.campaign ?? campaignId, ref, ...(opts.token ? { token: opts.token } : {}) },
    headers: {
      'user-agent': BROWSER_UA,
      ...opts.headers,
      ...(opts.cookie ? { cookie: `rally_sid=${opts.cookie}` } : {}),
    },
  });
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
}

/** The campaign's unconfirmed click-throughs, all hours. */
async function unconfirmed(campaign = campaignId): Promise<number> {
  const row = await t.database.db
    .selectFrom('unconfirmedClicks')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .where('campaignId', '=', campaign)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const clicksOf = (ref: string) => clicksOfRef(t.database.db, ref);

describe('POST /api/clicks', () => {
  it('counts a browser visit confirmed with the cookie and the visit token the page set, once', async () => {
    const { ref } = await share();
    const v = await visit(ref);
    expect(await clicksOf(ref)).toHaveLength(0); // the page alone counts nothing
    await confirm(ref, v);
    const rows = await clicksOf(ref);
    expect(rows.map((r) => r.visitorId)).toEqual([supporterIdOf(v.cookie)]);
  });

  it('counts nothing for a document request alone, however often (a script looping over the link)', async () => {
    const { ref } = await share();
    for (let i = 0; i < 20; i++) await openPage(ref);
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it('counts nothing without the cookie, or with a cookie the server never issued', async () => {
    const { ref } = await share();
    const { token } = await visit(ref);
    await confirm(ref, { token });
    await confirm(ref, { token, cookie: 'MadeUpVisitorId000000001' });
    await confirm(ref, { token, cookie: 'MadeUpVisitorId000000001.AAAAAAAAAAAAAAAAAAAAAA' });
    expect(await clicksOf(ref)).toHaveLength(0);
  });

  it('counts nothing for an unknown ref or a ref of another campaign', async () => {
    const { ref: foreign } = await share(otherCampaignId, otherAssetId);
    const before = await unconfirmed();
    const { cookie, token } = await visit('NoSuchRef00001');
    await confirm('NoSuchRef00001', { cookie, token });
    await confirm(foreign, {
      cookie,
      token: agedVisitToken(t.app, { campaignId, ref: foreign }, supporterIdOf(cookie)!),
    });
    const all = await t.database.db
      .selectFrom('clicks')
      .select('id')
      .where('visitorId', '=', supporterIdOf(cookie)!)
      .execute();
    expect(all).toHaveLength(0);
    // Nor as unconfirmed: a code that is no share of the campaign is no click at all.
    expect(await unconfirmed()).toBe(before);
    // Right campaign named for the other campaign's ref: counted there.
    await confirm(foreign, {
      ...(await visit(foreign, { cookie, campaign: otherCampaignId })),
      campaign: otherCampaignId,
    });
    expect(await clicksOf(foreign)).toHaveLength(1);
  });

  it('counts nothing for crawlers, link unfurlers, a missing user agent or a prefetch', async () => {
    const { ref } = await share();
    const before = await unconfirmed();
    for (const ua of [
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
      'curl/8.0',
      '',
    ]) {
      await confirm(ref, { ...(await visit(ref)), headers: { 'user-agent': ua } });
    }
    const v = await visit(ref);
    await confirm(ref, { ...v, headers: { 'sec-purpose': 'prefetch;prerender' } });
    await confirm(ref, { ...v, headers: { purpose: 'prefetch' } });
    expect(await clicksOf(ref)).toHaveLength(0);
    expect(await unconfirmed()).toBe(before);
  });

  it("does not count the sharer's own visit", async () => {
    const { ref, sharer } = await share();
    const before = await unconfirmed();
    await confirm(ref, await visit(ref, { cookie: sharer }));
    await confirm(ref, { cookie: sharer });
    expect(await clicksOf(ref)).toHaveLength(0);
    expect(await unconfirmed()).toBe(before);
  });

  it('counts one per visitor per share per 24 h', async () => {
    const { ref } = await share();
    const v = await visit(ref);
    const before = await unconfirmed();
    await confirm(ref, v);
    await confirm(ref, v);
    await Promise.all([confirm(ref, v), confirm(ref, v)]);
    expect(await clicksOf(ref)).toHaveLength(1);
    // A repeat with a valid token is a repeat, not an unconfirmed click.
    expect(await unconfirmed()).toBe(before);
    await t.database.db
      .updateTable('clicks')
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('visitorId', '=', supporterIdOf(v.cookie)!)
      .execute();
    await confirm(ref, await visit(ref, { cookie: v.cookie }));
    expect(await clicksOf(ref)).toHaveLength(2);
  });

  it('counts at most 10 per share per client network per day (IPv4 address, IPv6 /64)', async () => {
    const { ref } = await share();
    for (let i = 0; i < CLICKS_PER_SHARE_PER_NETWORK + 3; i++) {
      await confirm(ref, { ...(await visit(ref, { address: '203.0.113.7' })), address: '203.0.113.7' });
    }
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    // The mapped IPv6 form is the same network.
    await confirm(ref, { ...(await visit(ref)), address: '::ffff:203.0.113.7' });
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    // Another network has its own allowance.
    await confirm(ref, { ...(await visit(ref)), address: '203.0.113.8' });
    expect(await clicksOf(ref)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK + 1);

    // Rotating addresses inside one IPv6 /64 does not escape the cap.
    const { ref: ref6 } = await share();
    for (let i = 0; i < CLICKS_PER_SHARE_PER_NETWORK + 3; i++) {
      const address = `2001:db8:1:2::${(i + 1).toString(16)}`;
      await confirm(ref6, { ...(await visit(ref6, { address })), address });
    }
    expect(await clicksOf(ref6)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK);
    await confirm(ref6, { ...(await visit(ref6)), address: '2001:db8:1:3::1' });
    expect(await clicksOf(ref6)).toHaveLength(CLICKS_PER_SHARE_PER_NETWORK + 1);
    // The cap is per share: the first network still counts on another share.
    const { ref: fresh } = await share();
    await confirm(fresh, { ...(await visit(fresh, { address: '203.0.113.7' })), address: '203.0.113.7' });
    expect(await clicksOf(fresh)).toHaveLength(1);
  });

  it('counts at most 60 a minute from one client address, across shares (a script minting cookies)', async () => {
    const address = '192.0.2.77';
    const perShare = CLICKS_PER_SHARE_PER_NETWORK - 1;
    const refs: string[] = [];
    for (let i = 0; i * perShare < CLICKS_PER_ADDRESS_PER_MINUTE + 5; i++) refs.push((await share()).ref);
    const before = await unconfirmed();
    for (const ref of refs) {
      for (let i = 0; i < perShare; i++) await confirm(ref, { ...(await visit(ref, { address })), address });
    }
    const counted = (await Promise.all(refs.map(clicksOf))).reduce((n, rows) => n + rows.length, 0);
    expect(counted).toBe(CLICKS_PER_ADDRESS_PER_MINUTE);
    // Past the budget nothing is written, not even an unconfirmed click.
    await confirm(refs[0], { address });
    expect(await unconfirmed()).toBe(before);
  });

  it('counts nothing on a campaign the public cannot see (a draft or archived one)', async () => {
    const { ref } = await share();
    const v = await visit(ref);
    const before = await unconfirmed();
    // The stored status, changed under the routes; the cached public view is dropped with it.
    const setStatus = async (status: string) => {
      await t.database.db.updateTable('campaigns').set({ status }).where('id', '=', campaignId).execute();
      t.deps.supporterCache.invalidate(campaignId);
    };
    await setStatus('archived');
    try {
      await confirm(ref, v);
      await confirm(ref, { cookie: v.cookie });
      expect(await clicksOf(ref)).toHaveLength(0);
      expect(await unconfirmed()).toBe(before);
    } finally {
      await setStatus('published');
    }
    await confirm(ref, v);
    expect(await clicksOf(ref)).toHaveLength(1);
  });

  it('counts no forged confirmation (issue 23 item 8), and shows them as unconfirmed', async () => {
    // The attack: a cookie from a page view, a browser user agent, and confirmations as
    // fast as a script sends them, from two addresses, on a campaign of its own.
    const { campaignId: attacked, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Attacked', type: 'text', content: 'x' }],
    });
    const { ref } = await share(attacked, assetIds[0]);
    const { ref: otherRef } = await share(attacked, assetIds[0]);
    let sent = 0;
    for (const address of ['203.0.113.50', '203.0.113.51']) {
      // 8 page views x 7 confirmations: within each address's budget per minute.
      for (let i = 0; i < 8; i++) {
        const page = await openPage(ref, { address, campaign: attacked });
        expect(page.token).toBeTruthy();
        const visitorId = supporterIdOf(page.cookie)!;
        const link = { campaignId: attacked, ref };
        const forged = [
          undefined, // no token
          'lz0a1b2c.AAAAAAAAAAAAAAAAAAAAAA', // made up
          page.token, // the page's own, sent at once: too early
          agedVisitToken(t.app, { campaignId: attacked, ref: otherRef }, visitorId), // another share's
          agedVisitToken(t.app, { campaignId, ref }, visitorId), // another campaign's
          agedVisitToken(t.app, link, 'SomeoneElse0000000000000'), // another visitor's
          agedVisitToken(t.app, link, visitorId, VISIT_TOKEN_MAX_AGE_MS + 60_000), // expired
        ];
        for (const token of forged) {
          await confirm(ref, { cookie: page.cookie, token, address, campaign: attacked });
          sent++;
        }
      }
    }
    expect(await clicksOf(ref)).toHaveLength(0);
    expect(await unconfirmed(attacked)).toBe(sent);
    // A counter per campaign and hour, however many arrive.
    const rows = await t.database.db
      .selectFrom('unconfirmedClicks')
      .select('hour')
      .where('campaignId', '=', attacked)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(2);

    // Staff see them apart; click-throughs and engagement count confirmed clicks only.
    const res = await t.app.inject({
      url: `/api/campaigns/${attacked}/analytics`,
      headers: bearer(staffToken),
    });
    expect(res.statusCode).toBe(200);
    const { totals } = res.json();
    expect(totals).toMatchObject({ shares: 2, clicks: 0, unconfirmedClicks: sent, engagementRate: 0 });
    const org = await t.app.inject({ url: '/api/organization/analytics', headers: bearer(staffToken) });
    expect(org.json().totals.unconfirmedClicks).toBe((await unconfirmed(attacked)) + (await unconfirmed()));
  });

  it('counts an honest visit once: the page, a moment, then the confirmation with its token', async () => {
    const { ref } = await share();
    const honest = await openPage(ref);
    const other = await openPage(ref, { address: '198.51.100.9' });
    const before = await unconfirmed();
    await sleep(VISIT_TOKEN_MIN_AGE_MS + 50);
    await confirm(ref, honest);
    await confirm(ref, honest);
    await confirm(ref, { ...other, address: '198.51.100.9' });
    expect((await clicksOf(ref)).map((r) => r.visitorId).sort()).toEqual(
      [supporterIdOf(honest.cookie), supporterIdOf(other.cookie)].sort(),
    );
    expect(await unconfirmed()).toBe(before);
  });

  it("does not let share A's token confirm share B", async () => {
    const { ref: a } = await share();
    const { ref: b } = await share();
    const { cookie, token } = await visit(a);
    const before = await unconfirmed();
    await confirm(b, { cookie, token });
    expect(await clicksOf(b)).toHaveLength(0);
    expect(await unconfirmed()).toBe(before + 1);
    await confirm(a, { cookie, token });
    expect(await clicksOf(a)).toHaveLength(1);
    expect(await clicksOf(b)).toHaveLength(0);
  });

  it('puts a visit token in the page only for a tracked link of a public campaign', async () => {
    const { ref } = await share();
    const tracked = await t.app.inject({
      url: `/supporter/${campaignId}?ref=${ref}`,
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(visitTokenOf(tracked.body)).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    expect(tracked.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      url: `/supporter/${campaignId}?ref=${ref}`,
      headers: { 'user-agent': BROWSER_UA },
    });
    // Each visitor gets their own; the cached page itself carries none.
    expect(visitTokenOf(again.body)).not.toBe(visitTokenOf(tracked.body));
    const plain = await t.app.inject({ url: `/supporter/${campaignId}` });
    expect(visitTokenOf(plain.body)).toBeUndefined();
    const junk = await t.app.inject({ url: `/supporter/${campaignId}?ref=%3Cx%3E` });
    expect(visitTokenOf(junk.body)).toBeUndefined();
  });

  it('answers 400 for a malformed body and stores nothing', async () => {
    for (const payload of [
      {},
      { campaignId: 'x', ref: 'abcdefghijk' },
      { campaignId: 1, ref: '<x>' },
      { campaignId: 1, ref: 'abcdefghijk', token: '<script>' },
      { campaignId: 1, ref: 'abcdefghijk', token: 'a'.repeat(65) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/clicks', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});
