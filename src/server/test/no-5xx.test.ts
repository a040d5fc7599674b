import { afterAll, beforeAll, expect, it } from 'vitest';
import { isErrorCode } from '#shared/errors.ts';
import { logShareSchema } from '#shared/schemas/shares.ts';
import { bearer, createTestApp, signUp, type TestApp, postJson } from './test-app.ts';

// Odd values (huge, negative and fractional ids, NUL bytes, arrays, objects, very long
// strings, odd Host and Range headers, whole bodies that are not objects, random bytes
// as multipart) at every route that takes input: each gets a
// 4xx or a normal answer, never a 5xx (API.md "Bad input never yields a 500"), and
// every JSON refusal carries a code from the shared list (src/shared/errors.ts).

let t: TestApp;
let tok = '';
let campaignId = 0;
let assetId = 0;
let orgId = 0;
beforeAll(async () => {
  t = await createTestApp();
  const u = await signUp(t.app);
  tok = u.token;
  orgId = u.orgId;
  const c = await postJson(t.app, '/api/campaigns', { name: 'Camp', organizationId: orgId }, tok);
  campaignId = c.json().id;
  const a = await postJson(
    t.app,
    '/api/assets',
    { title: 'Asset', type: 'text', content: 'x', campaignId },
    tok,
  );
  assetId = a.json().id;
});
afterAll(() => t.close());

const odd: unknown[] = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999',
  '999999999999999',
  '9007199254740993',
  '1e3',
  'abc',
  '%00',
  '\u0000',
  'é',
  '',
  ' ',
  'x'.repeat(5000),
  '0x10',
  '00001',
];
const oddJson: unknown[] = [
  0,
  -1,
  1.5,
  2147483648,
  9007199254740992,
  1e300,
  'abc',
  '\u0000',
  'a\u0000b',
  [1],
  { a: 1 },
  null,
  true,
  'x'.repeat(20000),
  '\u2028',
  '💥',
];

it('answers odd input at every route without a 5xx, each refusal with a listed code', async () => {
  const bad: string[] = [];
  const uncoded: string[] = [];
  const check = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload: payload as object, headers });
    const what = `${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 100)}`;
    if (res.statusCode >= 500) bad.push(what);
    // The pages (supporter page, uploads) may refuse in HTML or with no body; JSON always has a code.
    const isJson = String(res.headers['content-type']).startsWith('application/json');
    if (
      res.statusCode >= 400 &&
      (isJson || url.startsWith('/api/')) &&
      !isErrorCode(isJson && res.json().code)
    )
      uncoded.push(what);
  };
  for (const v of odd) {
    const e = encodeURIComponent(String(v));
    for (const u of [
      `/api/supporter/campaigns/${e}`,
      `/api/supporter/campaigns/${e}/impact`,
      `/supporter/${e}`,
      `/supporter/campaign/${e}`,
      `/supporter/${campaignId}?ref=${e}`,
      `/uploads/${e}`,
      `/api/supporter/assets/${e}/message-check?text=hello`,
      `/api/supporter/assets/${assetId}/message-check?text=${e}`,
    ])
      await check('GET', u);
    for (const u of [
      `/api/campaigns/${e}`,
      `/api/campaigns/${e}/assets`,
      `/api/campaigns/${e}/stats`,
      `/api/organization?id=${e}`,
      `/api/organization/stats?id=${e}`,
      `/api/campaigns?org=${e}`,
      `/api/assets?org=${e}`,
      `/api/shares/scheduled?org=${e}`,
      `/api/shares/scheduled?from=${e}`,
    ])
      await check('GET', u, undefined, bearer(tok));
    await check('POST', `/api/templates/${e}/use`, undefined, bearer(tok));
    await check('PUT', `/api/campaigns/${e}/assets/order`, { assetIds: [assetId] }, bearer(tok));
  }
  const base = { assetId, campaignId, organizationId: orgId, platform: 'twitter' };
  for (const v of oddJson) {
    // Every field a logged share takes.
    for (const k of Object.keys(logShareSchema.shape)) {
      await check('POST', '/api/shares', { ...base, [k]: v });
      await check('POST', '/api/shares/schedule', {
        ...base,
        platform: 'all',
        scheduledFor: '2099-01-01T00:00:00Z',
        [k]: v,
      });
    }
    await check('POST', '/api/shares/schedule', { ...base, platform: 'all', scheduledFor: v });
    for (const k of ['name', 'description', 'status', 'organizationId', 'startDate', 'endDate'])
      await check('POST', '/api/campaigns', { name: 'Camp2', [k]: v }, bearer(tok));
    for (const k of ['title', 'description', 'type', 'content', 'campaignId', 'organizationId'])
      await check(
        'POST',
        '/api/assets',
        { title: 'Asset', type: 'text', content: 'x', campaignId, [k]: v },
        bearer(tok),
      );
    await check('PUT', `/api/campaigns/${campaignId}/assets/order`, { assetIds: v }, bearer(tok));
    await check('PUT', `/api/campaigns/${campaignId}/assets/order`, { assetIds: [v] }, bearer(tok));
    for (const k of ['campaignId', 'name', 'description'])
      await check('POST', '/api/templates', { campaignId, name: 'Tpl', [k]: v }, bearer(tok));
    await check('POST', '/api/templates/donation-drive/use', { name: v }, bearer(tok));
    await check('POST', '/api/templates/donation-drive/use', v as object, bearer(tok));
    for (const k of ['firstName', 'lastName', 'email', 'phone'])
      await check('PUT', '/api/user/profile', { [k]: v }, bearer(tok));
    for (const k of ['name', 'username', 'description', 'creatorId'])
      await check(
        'POST',
        '/api/organizations',
        { name: 'Orgx', username: `o${Math.random().toString(36).slice(2)}`, [k]: v },
        bearer(tok),
      );
    await check('POST', '/api/login', { username: v, password: 'secret123' });
    await check('POST', '/api/register', { username: v, password: 'secret123', email: 'a@b.org' });
    await check('POST', '/api/upload-from-url', { imageUrl: v }, bearer(tok));
    await check('POST', '/api/shares', v as object);
  }
  // Whole bodies that are not objects, sent raw as JSON, at every route that takes a body.
  const bodyRoutes: [string, string, Record<string, string>][] = [
    ['POST', '/api/shares', {}],
    ['POST', '/api/shares/schedule', {}],
    ['POST', '/api/login', {}],
    ['POST', '/api/register', {}],
    ['POST', '/api/logout', {}],
    ['POST', '/api/organizations', bearer(tok)],
    ['POST', '/api/campaigns', bearer(tok)],
    ['POST', '/api/assets', bearer(tok)],
    ['POST', '/api/templates', bearer(tok)],
    ['POST', '/api/templates/donation-drive/use', bearer(tok)],
    ['POST', '/api/upload-from-url', bearer(tok)],
    ['PUT', '/api/user/profile', bearer(tok)],
    ['PUT', `/api/campaigns/${campaignId}/assets/order`, bearer(tok)],
  ];
  for (const raw of ['null', '[]', '[{"a":1}]', '0', '-1.5', '"text"', 'true', 'false', '""']) {
    for (const [method, url, headers] of bodyRoutes)
      await check(method, url, raw, { ...headers, 'content-type': 'application/json' });
  }
  // Random bytes (fixed seed) under a multipart content type, with and without a boundary.
  let seed = 42;
  const nextByte = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed & 0xff;
  };
  for (let i = 0; i < 40; i++) {
    const bytes = Buffer.from(Array.from({ length: 1 + ((i * 37) % 600) }, nextByte));
    const withPart = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
      bytes,
    ]);
    for (const type of [
      'multipart/form-data; boundary=b',
      'multipart/form-data',
      'multipart/mixed; boundary=b',
    ]) {
      for (const payload of [bytes, withPart])
        await check('POST', '/api/upload', payload, { ...bearer(tok), 'content-type': type });
    }
    await check('POST', '/api/shares', bytes, { 'content-type': 'multipart/form-data; boundary=b' });
  }
  await check('GET', '/api/user', undefined, { authorization: 'Bearer \u00ff' });
  await check('GET', '/api/user', undefined, { cookie: 'token=%00; rally_sid=%E0' });
  await check('GET', `/supporter/${campaignId}?ref=abcdefghijkl`, undefined, {
    cookie: 'rally_sid=%E0%A4%A',
    'user-agent': 'Mozilla/5.0',
  });
  await check('GET', `/supporter/${campaignId}`, undefined, { host: 'evil.com:99999999' });
  await check('GET', `/uploads/${'a'.repeat(32)}.png`, undefined, {
    range: 'bytes=99999999999999999999999-',
  });
  expect(bad).toEqual([]);
  expect(uncoded).toEqual([]);
}, 300_000);

it('answers 400, not 500, for impossible calendar dates at every ranged route', async () => {
  const impossible = ['2026-13-01', '2026-00-10', '2026-01-32', '2026-02-29', '2026-04-31', '2026-01-00'];
  const ranged = [
    `/api/campaigns/${campaignId}/analytics`,
    '/api/organization/analytics',
    `/api/campaigns/${campaignId}/export.csv?type=shares`,
    '/api/organization/export.csv?type=clicks',
  ];
  for (const date of impossible)
    for (const route of ranged)
      for (const end of ['from', 'to']) {
        const url = `${route}${route.includes('?') ? '&' : '?'}${end}=${date}`;
        const res = await t.app.inject({ url, headers: bearer(tok) });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toContain(`${end} must be a real calendar date`);
      }
  // A leap day that exists is a date like any other.
  const leap = await t.app.inject({
    url: `/api/campaigns/${campaignId}/analytics?from=2024-02-29&to=2024-03-01`,
    headers: bearer(tok),
  });
  expect(leap.statusCode).toBe(200);
});
