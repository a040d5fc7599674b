import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_REQUESTS_PER_MINUTE } from '#shared/constants.ts';
import { loadConfig } from '../../config/env.ts';
import { isoBefore } from '../../lib/time.ts';
import { API_KEY_REFUSED_MESSAGE } from '../../plugins/permissions.ts';
import { addMember, postApiKey } from '../../test/teams.ts';
import {
  bearer,
  createTestApp,
  postJson,
  sendJson,
  signUp,
  type TestApp,
  twoOrganizationsPerFile,
} from '../../test/test-app.ts';
import { hashToken } from '../auth/index.ts';
import { createCampaign } from '../../test/seed-api.ts';
import { API_KEY_RATE_LIMITED, INVALID_API_KEY } from './api-key-auth.ts';

const { t, a, b, get } = twoOrganizationsPerFile();

type Created = { id: number; name: string; role: string; prefix: string; key: string; createdAt: string };

async function makeKey(
  role: 'viewer' | 'editor',
  admin: { token: string } = a,
  name = `Key ${role}`,
): Promise<Created> {
  const res = await postJson(t.app, '/api/organization/api-keys', { name, role }, admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const listKeys = async (token = a.token) => {
  const res = await get('/api/organization/api-keys', token);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string; prefix: string; lastUsedAt: string | null }[];
};

describe('creating, listing and revoking keys', () => {
  it('answers the key once, as rk_ and 32 random bytes, and stores only its hash', async () => {
    const created = await makeKey('editor', a, '  Zapier sync  ');
    expect(created).toMatchObject({ name: 'Zapier sync', role: 'editor' });
    expect(created.key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toMatch(/^rk_.{7}$/);
    const row = await t.database.db
      .selectFrom('apiKeys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashToken(created.key));
    expect(Object.values(row)).not.toContain(created.key);

    const listed = (await listKeys()).find((k) => k.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Zapier sync',
      role: 'editor',
      prefix: created.prefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
  });

  it('refuses a blank or long name and any role but viewer or editor, naming the field', async () => {
    for (const [payload, path] of [
      [{ name: '   ', role: 'viewer' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'viewer' }, 'name'],
      [{ name: 'ok', role: 'admin' }, 'role'],
      [{ role: 'viewer' }, 'name'],
    ] as const) {
      const res = await postJson(t.app, '/api/organization/api-keys', payload, a.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect((await makeKey('viewer', a, 'x'.repeat(100))).name).toHaveLength(100);
  });

  it('is for admins only', async () => {
    const editor = await addMember(t.app, a, 'editor');
    const res = await postApiKey(t.app, editor.token, { name: 'n', role: 'viewer' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This needs the admin role');
    expect((await get('/api/organization/api-keys', editor.token)).statusCode).toBe(403);
    expect((await get('/api/organization/api-keys', '')).statusCode).toBe(401);
  });

  it("lists only the caller's organisation, and another organisation's key id is 404", async () => {
    const mine = await makeKey('viewer', a);
    const theirs = await makeKey('viewer', b);
    expect((await listKeys(a.token)).map((k) => k.id)).not.toContain(theirs.id);
    expect((await listKeys(b.token)).map((k) => k.id)).toContain(theirs.id);
    const res = await sendJson(
      t.app,
      'DELETE',
      `/api/organization/api-keys/${theirs.id}`,
      undefined,
      a.token,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('API key not found');
    // Still b's, still working.
    expect((await get('/api/campaigns', theirs.key)).statusCode).toBe(200);
    expect((await get('/api/campaigns', mine.key)).statusCode).toBe(200);
  });

  it('revokes at once: the next request with the key is 401, a second revoke 404', async () => {
    const key = await makeKey('editor');
    expect((await get('/api/campaigns', key.key)).statusCode).toBe(200);
    const del = await sendJson(t.app, 'DELETE', `/api/organization/api-keys/${key.id}`, undefined, a.token);
    expect(del.statusCode).toBe(204);
    const after = await get('/api/campaigns', key.key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'INVALID_API_KEY', message: INVALID_API_KEY });
    expect((await listKeys()).map((k) => k.id)).not.toContain(key.id);
    expect(
      (await sendJson(t.app, 'DELETE', `/api/organization/api-keys/${key.id}`, undefined, a.token))
        .statusCode,
    ).toBe(404);
  });

  it('records creating and revoking in the audit log', async () => {
    const key = await makeKey('viewer', a, 'Audited key');
    await sendJson(t.app, 'DELETE', `/api/organization/api-keys/${key.id}`, undefined, a.token);
    const log = (await get('/api/organization/activity', a.token)).json() as {
      action: string;
      target: string;
    }[];
    expect(log.slice(0, 2).map((e) => [e.action, e.target])).toEqual([
      ['api_key.revoked', 'Audited key (viewer)'],
      ['api_key.created', 'Audited key (viewer)'],
    ]);
  });
});

describe('calling the API with a key', () => {
  it("acts as an editor on the organisation's campaigns with an editor key", async () => {
    const key = await makeKey('editor');
    const created = await postJson(t.app, '/api/campaigns', { name: 'Made by a key' }, key.key);
    expect(created.statusCode, created.body).toBe(201);
    const list = await get('/api/campaigns', key.key);
    expect(list.json().map((c: { id: number }) => c.id)).toContain(created.json().id);
    // The campaign is the organisation's: its admin sees it.
    expect((await get(`/api/campaigns/${created.json().id}`, a.token)).statusCode).toBe(200);
    // Another organisation's campaign does not exist for it.
    const foreign = await createCampaign(t.app, b.token);
    expect((await get(`/api/campaigns/${foreign.id}`, key.key)).statusCode).toBe(404);
  });

  it('reads but cannot write with a viewer key', async () => {
    const key = await makeKey('viewer');
    const campaign = await createCampaign(t.app, a.token);
    expect((await get(`/api/campaigns/${campaign.id}`, key.key)).statusCode).toBe(200);
    expect((await get('/api/organization/stats', key.key)).statusCode).toBe(200);
    const write = await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { name: 'Nope' }, key.key);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This needs the editor role');
    expect((await postJson(t.app, '/api/campaigns', { name: 'Nope' }, key.key)).statusCode).toBe(403);
  });

  it('is refused on members, invitations, settings, account and API key routes, whatever its role', async () => {
    const key = await makeKey('editor');
    const calls = [
      get('/api/organization/members', key.key),
      get('/api/organization/invitations', key.key),
      postJson(t.app, '/api/organization/invitations', { email: 'x@example.org', role: 'viewer' }, key.key),
      get('/api/organization/settings', key.key),
      sendJson(t.app, 'PUT', '/api/organization/settings', { general: { name: 'Taken' } }, key.key),
      get('/api/user', key.key),
      get('/api/user/sessions', key.key),
      get('/api/organization/api-keys', key.key),
      postJson(t.app, '/api/organization/api-keys', { name: 'Child', role: 'viewer' }, key.key),
      sendJson(t.app, 'DELETE', `/api/organization/api-keys/${key.id}`, undefined, key.key),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'API_KEY_NOT_ALLOWED', message: API_KEY_REFUSED_MESSAGE });
    }
    expect((await listKeys()).map((k) => k.id)).toContain(key.id);
  });

  it('answers 401 with the error shape to a forged, malformed or cookie-borne key', async () => {
    const forged = `rk_${randomBytes(32).toString('base64url')}`;
    for (const token of [forged, 'rk_', 'rk_short']) {
      const res = await get('/api/campaigns', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_API_KEY', message: INVALID_API_KEY });
    }
    // A real key in the cookie is not a session: keys count only in the header.
    const key = await makeKey('editor');
    const viaCookie = await t.app.inject({ url: '/api/campaigns', headers: { cookie: `token=${key.key}` } });
    expect(viaCookie.statusCode).toBe(401);
  });

  it("ignores cookies when a key is sent: the admin's session cookie adds nothing", async () => {
    const key = await makeKey('viewer');
    const withCookie = { ...bearer(key.key), cookie: `token=${a.token}` };
    const members = await t.app.inject({ url: '/api/organization/members', headers: withCookie });
    expect(members.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: withCookie,
      payload: { name: 'Cookie help' },
    });
    expect(write.statusCode).toBe(403);
    await sendJson(t.app, 'DELETE', `/api/organization/api-keys/${key.id}`, undefined, a.token);
    expect((await t.app.inject({ url: '/api/campaigns', headers: withCookie })).statusCode).toBe(401);
  });

  it('needs no same-origin proof for writes (a header, not a cookie, carries it)', async () => {
    const key = await makeKey('editor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { ...bearer(key.key), origin: 'https://elsewhere.example' },
      payload: { name: 'From an integration' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('sets lastUsedAt on use, and moves it at most once a minute', async () => {
    const key = await makeKey('viewer');
    await get('/api/campaigns', key.key);
    const first = (await listKeys()).find((k) => k.id === key.id)?.lastUsedAt;
    expect(first).toBeTruthy();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(10_000);
    await get('/api/campaigns', key.key);
    expect((await listKeys()).find((k) => k.id === key.id)?.lastUsedAt).toBe(first);
    // A minute later the next use moves it.
    const old = isoBefore(61_000);
    await t.database.db.updateTable('apiKeys').set({ lastUsedAt: old }).where('id', '=', key.id).execute();
    await get('/api/campaigns', key.key);
    expect((await listKeys()).find((k) => k.id === key.id)?.lastUsedAt).not.toBe(old);
  });

  it('stops working when its creator leaves, and never exceeds its creator’s role', async () => {
    const second = await addMember(t.app, a, 'admin');
    const leaving = await makeKey('editor', second);
    const demoted = await makeKey('editor', second);
    expect((await postJson(t.app, '/api/campaigns', { name: 'Before' }, demoted.key)).statusCode).toBe(201);
    await sendJson(t.app, 'PUT', `/api/organization/members/${second.userId}`, { role: 'viewer' }, a.token);
    // A key above its creator's new role is revoked (test/abuse/removed-members.test.ts).
    expect((await postJson(t.app, '/api/campaigns', { name: 'After' }, demoted.key)).statusCode).toBe(401);
    expect((await get('/api/campaigns', demoted.key)).statusCode).toBe(401);
    await sendJson(t.app, 'DELETE', `/api/organization/members/${second.userId}`, undefined, a.token);
    expect((await get('/api/campaigns', leaving.key)).statusCode).toBe(401);
  });
});

describe('rate limit per key', () => {
  let limited: TestApp;
  let twin: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    limited = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '5' });
    // A second instance on the same database: the limit is the key's, not the instance's.
    twin = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '5' }, { sameDatabaseAs: limited });
    admin = await signUp(limited.app);
  });
  afterAll(async () => {
    await twin.close();
    await limited.close();
  });

  const keyOn = async (app: TestApp) => {
    const res = await postJson(
      app.app,
      '/api/organization/api-keys',
      { name: 'Busy', role: 'viewer' },
      admin.token,
    );
    return res.json().key as string;
  };
  const call = (app: TestApp, key: string) => app.app.inject({ url: '/api/campaigns', headers: bearer(key) });

  it('answers 429 with Retry-After past the limit, counted across instances, for that key only', async () => {
    const key = await keyOn(limited);
    const statuses: number[] = [];
    for (const app of [limited, twin, limited, twin, limited])
      statuses.push((await call(app, key)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const over = await call(twin, key);
    expect(over.statusCode).toBe(429);
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.json()).toEqual({
      code: 'RATE_LIMITED',
      message: API_KEY_RATE_LIMITED,
      params: { retryAfterSeconds: retry, scope: 'api-key' },
    });
    // Another key of the same organisation, and the admin's session, are not slowed.
    expect((await call(limited, await keyOn(limited))).statusCode).toBe(200);
    expect((await call(limited, admin.token)).statusCode).toBe(200);
  });

  it('opens a fresh window a minute after the first request of the last one', async () => {
    const key = await keyOn(limited);
    for (let i = 0; i < 6; i++) await call(limited, key);
    expect((await call(limited, key)).statusCode).toBe(429);
    await limited.database.db
      .updateTable('apiKeys')
      .set({ windowStart: isoBefore(60_001) })
      .where('tokenHash', '=', hashToken(key))
      .execute();
    expect((await call(limited, key)).statusCode).toBe(200);
  });

  it('allows 600 requests a minute by default', async () => {
    expect(API_KEY_REQUESTS_PER_MINUTE).toBe(600);
    expect(loadConfig({ NODE_ENV: 'test' }).apiKeyRequestsPerMinute).toBe(600);
    // On an app with the default: the 600th request of a window passes, the 601st does not.
    const key = await makeKey('viewer');
    await get('/api/campaigns', key.key);
    await t.database.db.updateTable('apiKeys').set({ windowCount: 599 }).where('id', '=', key.id).execute();
    expect((await get('/api/campaigns', key.key)).statusCode).toBe(200);
    expect((await get('/api/campaigns', key.key)).statusCode).toBe(429);
  });
});
