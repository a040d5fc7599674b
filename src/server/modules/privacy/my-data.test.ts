import { beforeAll, describe, expect, it } from 'vitest';
import { supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { appPerFile, bearer, type SignedUp, signUp } from '../../test/test-app.ts';
import { scheduleShare, supporterCookie, visitorCookie } from '../../test/visitor.ts';
import { MY_DATA_ERASURES_PER_MINUTE } from './my-data.routes.ts';

// GET and DELETE /api/supporter/my-data: a browser's own data by its signed visitor
// cookie, read and erased; refused to another site, limited per network.

const t = appPerFile();
let org: SignedUp;
let ids: { assetId: number; campaignId: number; organizationId: number };

beforeAll(async () => {
  org = await signUp(t.app);
  const { campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: org.orgId,
    assets: [{ title: 'A', type: 'text', content: 'Clean the river' }],
  });
  ids = { assetId: assetIds[0]!, campaignId, organizationId: org.orgId };
});

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
/** The Origin our own page sends (the address the injected requests are made to). */
const OUR_ORIGIN = { origin: 'http://localhost:80' };
const myData = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/supporter/my-data', headers: { ...(cookie && { cookie }), ...headers } });
const erase = (cookie: string, headers: Record<string, string>, remoteAddress?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/supporter/my-data',
    headers: { cookie, ...headers },
    ...(remoteAddress && { remoteAddress }),
  });

/** A supporter who shared once, named, and scheduled one share: their cookie header. */
async function supporter(name: string): Promise<string> {
  const cookie = await visitorCookie(t.app, ids.campaignId);
  const shared = await t.app.inject({
    method: 'POST',
    url: '/api/shares',
    headers: { cookie },
    payload: { ...ids, platform: 'twitter', supporterName: name },
  });
  expect(shared.statusCode, shared.body).toBe(201);
  const scheduled = await scheduleShare(t.app, cookie, { ...ids, inHours: 3, platform: 'twitter' });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  return cookie;
}

const totalShares = async () => {
  const res = await t.app.inject({ url: '/api/organization/stats', headers: bearer(org.token) });
  return res.json().totalShares as number;
};

describe('GET /api/supporter/my-data', () => {
  it("shows the browser's own shares and scheduled shares, to this site only", async () => {
    const cookie = await supporter('Ada');
    const res = await myData(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // No CORS: another origin's script cannot read the answer.
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const data = supporterDataExportSchema.parse(res.json());
    expect(data.shares).toHaveLength(1);
    expect(data.shares[0]).toMatchObject({ name: 'Ada', campaign: { id: ids.campaignId } });
    expect(data.scheduledShares).toHaveLength(1);

    // A hostile page's request, marked cross-site by the browser: refused.
    const crossSite = await myData(cookie, {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CROSS_SITE_REFUSED');
  });

  it('gives a browser without a cookie, or with one this server did not sign, nothing', async () => {
    const cookie = await supporter('Grace');
    for (const other of [undefined, `${cookie.split('.')[0]}`, `${cookie}x`]) {
      const res = await myData(other);
      expect(res.statusCode).toBe(200);
      const data = res.json();
      expect(data.shares).toEqual([]);
      expect(data.scheduledShares).toEqual([]);
      expect(data.visitorIds).toEqual([]);
    }
  });
});

describe('DELETE /api/supporter/my-data', () => {
  it('erases from our own page only, clears the cookie, and keeps the totals', async () => {
    const cookie = await supporter('Linus');
    const before = await totalShares();
    // Another site's form or fetch: no Origin of ours, or one marked cross-site.
    const foreign: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const refused = await erase(cookie, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().code).toBe('CROSS_SITE_REFUSED');
    }
    expect((await myData(cookie)).json().shares).toHaveLength(1);

    const res = await erase(cookie, SAME_ORIGIN);
    expect(res.statusCode, res.body).toBe(204);
    const cleared = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('rally_sid='));
    expect(cleared).toMatch(/rally_sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const after = (await myData(cookie)).json();
    expect(after.shares).toEqual([]);
    expect(after.scheduledShares).toEqual([]);
    expect(await totalShares()).toBe(before);
    // The name is gone from the organisation's rows too.
    const named = await t.database.db
      .selectFrom('shares')
      .select('id')
      .where('supporterName', '=', 'Linus')
      .execute();
    expect(named).toEqual([]);
  });

  it('with our Origin header, and without a cookie, answers 204 and erases nothing else', async () => {
    const other = await supporter('Barbara');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/supporter/my-data',
      headers: OUR_ORIGIN,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await myData(other)).json().shares).toHaveLength(1);
    const withOrigin = await erase(other, OUR_ORIGIN);
    expect(withOrigin.statusCode, withOrigin.body).toBe(204);
    expect((await myData(other)).json().shares).toEqual([]);
  });

  it('is limited per network, whatever cookie a client sends', async () => {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i <= MY_DATA_ERASURES_PER_MINUTE; i++) {
      // A fresh cookie each time: the limit is the network's, which a client cannot choose.
      const cookie = `rally_sid=${supporterCookie((await t.app.inject({ url: `/api/supporter/campaigns/${ids.campaignId}` })).headers)}`;
      statuses.push((await erase(cookie, SAME_ORIGIN, address)).statusCode);
    }
    expect(statuses.slice(0, MY_DATA_ERASURES_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
