import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1X1 } from '../sample-files.ts';
import { CROSS_SITE_MESSAGE } from '../../plugins/csrf.ts';
import { bearer, createTestApp, postJson, signUp, type TestApp } from '../test-app.ts';

// The `token` cookie rides along with requests other sites make. A state-changing
// request authenticated by the cookie alone must come from our own origin.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback', DEV_TOOLS: '1' });
  ({ token } = await signUp(t.app));
});
afterAll(() => t.close());

const HOST = 'rally.test';
const png = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });

const calls = (headers: Record<string, string>) => [
  t.app.inject({
    method: 'POST',
    url: '/api/debug/create-test-content',
    headers: { host: HOST, ...headers },
  }),
  t.app.inject({
    method: 'POST',
    url: '/api/templates/donation-drive/use',
    headers: { host: HOST, ...headers },
  }),
  t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { host: HOST, ...headers, ...png.headers },
    payload: png.payload,
  }),
];

describe('cookie-authenticated writes', () => {
  it('from another origin, or with no origin at all: 403, nothing done', async () => {
    for (const extra of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://${HOST}.evil.example` },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ]) {
      for (const res of await Promise.all(calls({ cookie: `token=${token}`, ...extra }))) {
        expect(res.statusCode, JSON.stringify(extra)).toBe(403);
        expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
      }
    }
    const campaigns = await t.app.inject({ url: '/api/campaigns', headers: bearer(token) });
    expect(campaigns.json()).toEqual([]);
  });

  it('from our own origin (or Sec-Fetch-Site: same-origin): accepted', async () => {
    const own = await Promise.all(calls({ cookie: `token=${token}`, origin: `http://${HOST}` }));
    expect(own.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const fetchMeta = await Promise.all(calls({ cookie: `token=${token}`, 'sec-fetch-site': 'same-origin' }));
    expect(fetchMeta.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // Behind a TLS proxy the origin is https.
    const https = await Promise.all(
      calls({ cookie: `token=${token}`, origin: `https://${HOST}`, 'x-forwarded-proto': 'https' }),
    );
    expect(https.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  });

  it('the Bearer header needs no origin: other sites cannot set it', async () => {
    const res = await Promise.all(calls({ ...bearer(token), origin: 'https://evil.example' }));
    expect(res.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  });

  it('reads with the cookie alone still work', async () => {
    const res = await t.app.inject({ url: '/api/user', headers: { cookie: `token=${token}` } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the session cookie is set by the server', () => {
  it('on register and login: SameSite=Lax, Secure over https; cleared on logout', async () => {
    const username = `cookie${Date.now().toString(36)}`;
    const reg = await postJson(t.app, '/api/register', {
      username,
      email: 'c@example.org',
      password: 'secret123',
    });
    const regCookie = String(reg.headers['set-cookie']);
    expect(regCookie).toContain(`token=${reg.json().token}`);
    expect(regCookie).toMatch(/SameSite=Lax/);
    expect(regCookie).toMatch(/Path=\//);
    expect(regCookie).not.toMatch(/Secure/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username, password: 'secret123' },
    });
    const loginCookie = String(login.headers['set-cookie']);
    expect(loginCookie).toContain(`token=${login.json().token}`);
    expect(loginCookie).toMatch(/; Secure/);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(login.json().token),
    });
    expect(String(logout.headers['set-cookie'])).toMatch(/token=;.*Expires=Thu, 01 Jan 1970/);
  });
});

describe('cookie-authenticated lifecycle writes', () => {
  it('edit, archive, duplicate and asset edit/delete from another origin: 403, nothing changed; from ours: done', async () => {
    const own = await signUp(t.app);
    const auth = bearer(own.token);
    const campaign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: auth,
        payload: { name: 'Original' },
      })
    ).json();
    const asset = await t.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: auth,
      payload: { campaignId: campaign.id, title: 'Words', type: 'text', content: 'Hello' },
    });
    expect(asset.statusCode, asset.body).toBe(201);
    const assetId = asset.json().id;
    const writes = [
      { method: 'PUT', url: `/api/campaigns/${campaign.id}`, payload: { name: 'Renamed' } },
      { method: 'PUT', url: `/api/assets/${assetId}`, payload: { title: 'Changed' } },
      { method: 'POST', url: `/api/campaigns/${campaign.id}/duplicate` },
      { method: 'DELETE', url: `/api/assets/${assetId}` },
      { method: 'DELETE', url: `/api/campaigns/${campaign.id}` },
    ] as const;
    const send = async (headers: Record<string, string>) => {
      const codes: number[] = [];
      for (const w of writes) {
        const res = await t.app.inject({
          ...w,
          headers: { host: HOST, cookie: `token=${own.token}`, ...headers },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 403) expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
      }
      return codes;
    };

    expect(await send({ origin: 'https://evil.example' })).toEqual([403, 403, 403, 403, 403]);
    expect(await send({})).toEqual([403, 403, 403, 403, 403]);
    const list = await t.app.inject({ url: '/api/campaigns', headers: auth });
    expect(list.json().map((c: { name: string }) => c.name)).toEqual(['Original']);
    const stillThere = await t.app.inject({ url: `/api/campaigns/${campaign.id}`, headers: auth });
    expect(stillThere.json().status).not.toBe('archived');

    expect(await send({ origin: `http://${HOST}` })).toEqual([200, 200, 201, 204, 204]);
  });
});

describe('logout with the cookie alone', () => {
  it('from another origin (or none): 403 and the session lives on; from ours: signed out', async () => {
    const own = await signUp(t.app, { org: false });
    const logout = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { host: HOST, cookie: `token=${own.token}`, ...headers },
      });
    for (const extra of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      {},
    ]) {
      const res = await logout(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await t.app.inject({ url: '/api/user', headers: bearer(own.token) })).statusCode).toBe(200);

    const ours = await logout({ origin: `http://${HOST}` });
    expect(ours.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user', headers: bearer(own.token) })).statusCode).toBe(401);
  });
});
