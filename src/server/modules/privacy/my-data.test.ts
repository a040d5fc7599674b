import { beforeAll, describe, expect, it } from 'vitest';
import { supporterDataExportSchema } from '#shared/schemas/my-data.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { appPerFile, bearer, type SignedUp, signUp } from '../../test/test-app.ts';
import { scheduleShare, supporterCookie, supporterIdOf, visitorCookie } from '../../test/visitor.ts';
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

/** The browser's shares are gone from its data, and its name from the organisation's rows too. */
async function expectErased(cookie: string, name: string, headers: Record<string, string> = {}) {
  const after = (await myData(cookie, headers)).json();
  expect(after.shares).toEqual([]);
  expect(after.scheduledShares).toEqual([]);
  const named = await t.database.db
    .selectFrom('shares')
    .select('id')
    .where('supporterName', '=', name)
    .execute();
  expect(named).toEqual([]);
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

const visitIds = () => ({ campaignId: ids.campaignId, organizationId: ids.organizationId });
const visitCount = async () =>
  (await t.database.db.selectFrom('visits').select('id').where('campaignId', '=', ids.campaignId).execute())
    .length;

// A browser that now refuses the cookie still carries it until a page clears it: what
// that cookie names is still the supporter's own to see and erase.
const REFUSED: [string, (cookie: string) => { cookie: string; headers: Record<string, string> }][] = [
  ['Global Privacy Control', (cookie) => ({ cookie, headers: { 'sec-gpc': '1' } })],
  ['the choice to share without a cookie', (cookie) => ({ cookie: `${cookie}; rally_nosid=1`, headers: {} })],
];

describe.each(REFUSED)('My data of a browser that turned on %s', (_, refused) => {
  it('shows what its still-present cookie names, and erases it', async () => {
    const { cookie, headers } = refused(await supporter('Hedy'));
    const data = supporterDataExportSchema.parse((await myData(cookie, headers)).json());
    expect(data.shares).toHaveLength(1);
    expect(data.scheduledShares).toHaveLength(1);

    const res = await erase(cookie, { ...headers, ...SAME_ORIGIN });
    expect(res.statusCode, res.body).toBe(204);
    await expectErased(cookie, 'Hedy', headers);
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
    await expectErased(cookie, 'Linus');
    expect(await totalShares()).toBe(before);
  });

  it('with our Origin header, and without a cookie, erases nothing and says so', async () => {
    const other = await supporter('Barbara');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/supporter/my-data',
      headers: OUR_ORIGIN,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('NO_DATA_HELD');
    expect((await myData(other)).json().shares).toHaveLength(1);
    const withOrigin = await erase(other, OUR_ORIGIN);
    expect(withOrigin.statusCode, withOrigin.body).toBe(204);
    expect((await myData(other)).json().shares).toEqual([]);
  });

  it('answers 404 NO_DATA_HELD to a cookie that names nothing held, and keeps the cookie', async () => {
    const cookie = await visitorCookie(t.app, ids.campaignId);
    const res = await erase(cookie, SAME_ORIGIN);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('NO_DATA_HELD');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('erases a visit-only browser: its visit was data held, and the visits still count', async () => {
    const cookie = await visitorCookie(t.app, ids.campaignId);
    const visitorId = supporterIdOf(cookie.slice('rally_sid='.length))!;
    const day = new Date().toISOString();
    await t.database.db
      .insertInto('visits')
      .values({ ...visitIds(), visitorId, day: day.slice(0, 10), source: 'qr', createdAt: day })
      .execute();
    const before = await visitCount();
    const held = supporterDataExportSchema.parse((await myData(cookie)).json());
    expect(held.visits).toEqual([
      { campaign: expect.objectContaining({ id: ids.campaignId }), day: day.slice(0, 10), source: 'qr' },
    ]);

    const res = await erase(cookie, SAME_ORIGIN);
    expect(res.statusCode, res.body).toBe(204);
    expect((await myData(cookie)).json().visits).toEqual([]);
    expect(await visitCount()).toBe(before);
    const again = await erase(cookie, SAME_ORIGIN);
    expect(again.statusCode, again.body).toBe(404);
  });

  it('is limited per network, whatever cookie a client sends', async () => {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i <= MY_DATA_ERASURES_PER_MINUTE; i++) {
      // A fresh cookie each time: the limit is the network's, which a client cannot choose.
      const cookie = `rally_sid=${supporterCookie((await t.app.inject({ url: `/api/supporter/campaigns/${ids.campaignId}` })).headers)}`;
      statuses.push((await erase(cookie, SAME_ORIGIN, address)).statusCode);
    }
    // Each fresh cookie holds nothing: the answers say so, and count against the limit all the same.
    expect(statuses.slice(0, MY_DATA_ERASURES_PER_MINUTE).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
