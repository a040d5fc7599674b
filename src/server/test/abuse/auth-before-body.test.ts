import { describe, expect, it } from 'vitest';
import { appPerFile, bearer, postJson, signUp } from '../test-app.ts';

// A caller without a session learns nothing about a protected route's input: the
// session is checked before the body (or the params) are validated.

const t = appPerFile();

const PROTECTED: [method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string][] = [
  ['POST', '/api/organizations'],
  ['POST', '/api/campaigns'],
  ['POST', '/api/assets'],
  ['POST', '/api/templates'],
  ['POST', '/api/templates/not-a-template/use'],
  ['POST', '/api/upload-from-url'],
  ['PUT', '/api/user/profile'],
  ['PUT', '/api/campaigns/1/assets/order'],
  ['PUT', '/api/campaigns/abc/assets/order'],
  ['GET', '/api/campaigns/abc'],
  ['GET', '/api/shares/scheduled?from=not-a-date'],
  ['GET', '/api/organization?id=abc'],
  // The campaign and asset lifecycle: edit, archive, duplicate, delete.
  ['PUT', '/api/campaigns/1'],
  ['PUT', '/api/campaigns/abc'],
  ['DELETE', '/api/campaigns/abc'],
  ['POST', '/api/campaigns/abc/duplicate'],
  ['PUT', '/api/assets/1'],
  ['PUT', '/api/assets/abc'],
  ['DELETE', '/api/assets/abc'],
];

describe('protected routes without a session', () => {
  it.each(PROTECTED)('%s %s: 401 for an empty or wrong body, not field errors', async (method, url) => {
    for (const headers of [
      { authorization: 'Bearer 0123456789abcdef' },
      { cookie: 'token=forged', 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      for (const payload of method === 'GET' || method === 'DELETE'
        ? [undefined]
        : [{}, { name: 1, unknown: true }]) {
        const res = await t.app.inject({ method, url, headers, payload });
        expect(res.statusCode, JSON.stringify({ headers, payload })).toBe(401);
        expect(res.json()).not.toHaveProperty('errors');
      }
    }
  });
});

describe('bodies that are not JSON objects', () => {
  it.each(['null', '[]', '[1]', '5', '"text"', 'true', 'false'])(
    '%s as the whole body is 400 on every public JSON route',
    async (payload) => {
      // Protected routes answer 401 to such a caller first (the session comes before
      // the body); with a session they answer this 400 too (below).
      for (const url of ['/api/shares/schedule', '/api/shares', '/api/login', '/api/register']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe('Request body must be a JSON object');
      }
    },
  );
});

describe('bodies that are not JSON objects, with a session', () => {
  it('are 400 on the lifecycle edits too, before the route reads them', async () => {
    const { token } = await signUp(t.app);
    const campaign = await postJson(t.app, '/api/campaigns', { name: 'Kept' }, token);
    const id = campaign.json().id;
    for (const payload of ['null', '[]', '7', '"name"']) {
      for (const [method, url] of [
        ['PUT', `/api/campaigns/${id}`],
        ['PUT', '/api/assets/1'],
        ['POST', '/api/templates/donation-drive/use'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json().message).toBe('Request body must be a JSON object');
      }
    }
    const after = await t.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(token) });
    expect(after.json().name).toBe('Kept');
  });
});
