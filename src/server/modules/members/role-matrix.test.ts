import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, routeRule } from '../../lib/permissions.ts';
import { API_KEY_REFUSED_MESSAGE } from '../../plugins/permissions.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { createAsset, createCampaign, multipartFile, PNG_1X1 } from '../campaigns/workspace-fixtures.ts';

// Every route, called as each kind of caller, on each database. "allowed" means
// the call got past the permission check and did its work; the other outcomes are
// the exact refusals: 401 anonymous, 403 role or organisation (or an API key on a
// session-only route), 404 another organisation's ids. The key callers are API keys
// of the admin's organisation with that role.

type Caller = 'viewer' | 'editor' | 'admin' | 'other' | 'noOrg' | 'anon' | 'viewerKey' | 'editorKey';
const CALLERS: Caller[] = ['viewer', 'editor', 'admin', 'other', 'noOrg', 'anon', 'viewerKey', 'editorKey'];
const KEY_ROLE = { viewerKey: 'viewer', editorKey: 'editor' } as const;
const isKey = (caller: Caller): caller is keyof typeof KEY_ROLE => caller in KEY_ROLE;
type Outcome = 'allowed' | 401 | 403 | 404;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  /** Builds the request; may create fresh data (a throwaway member, invitation, session). */
  call: (caller: Caller) => Promise<Call> | Call;
  /** Statuses that still mean "allowed" for this route (its own answer to this valid-looking input). */
  alsoAllowed?: number[];
  /** What a member of another organisation gets, when not simply 'allowed'. */
  other?: Outcome;
  /** What a signed-in user without an organisation gets, when the access rule does not say. */
  noOrg?: Outcome;
}

let t: TestApp;
const tokens = {} as Record<Caller, string>;
const users = {} as Record<Caller, { userId: number; username: string }>;
let admin: { token: string; userId: number; orgId: number };
let campaignId: number;
let assetId: number;
let templateId: number;

beforeAll(async () => {
  // DEV_TOOLS=1: the debug route is registered, so its access rule is walked too.
  t = await createTestApp({ DEV_TOOLS: '1' });
  admin = await signUp(t.app);
  const viewer = await addMember(t.app, admin, 'viewer');
  const editor = await addMember(t.app, admin, 'editor');
  const other = await signUp(t.app);
  const noOrg = await signUp(t.app, { org: false });
  Object.assign(tokens, {
    admin: admin.token,
    viewer: viewer.token,
    editor: editor.token,
    other: other.token,
    noOrg: noOrg.token,
    anon: '',
  });
  for (const [k, v] of Object.entries({ admin, viewer, editor, other, noOrg }))
    users[k as Caller] = { userId: v.userId, username: (v as { username: string }).username };
  for (const caller of ['viewerKey', 'editorKey'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/organization/api-keys',
      headers: bearer(admin.token),
      payload: { name: caller, role: KEY_ROLE[caller] },
    });
    expect(res.statusCode).toBe(201);
    tokens[caller] = res.json().key;
  }
  const campaign = await createCampaign(t.app, admin.token, { organizationId: admin.orgId });
  campaignId = campaign.id;
  assetId = (await createAsset(t.app, admin.token, campaignId)).id;
  const tpl = await t.app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: bearer(admin.token),
    payload: { campaignId, name: 'Matrix template' },
  });
  expect(tpl.statusCode).toBe(201);
  templateId = tpl.json().id;
});
afterAll(() => t.close());

/** A fresh session of the caller (of the admin for a key: such calls are refused before they act). */
const login = async (caller: Caller) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: users[isKey(caller) ? 'admin' : caller].username, password: 'secret123' },
  });
  return res.json().token as string;
};

/** These calls change who has an organisation: the user without one acts through a fresh copy. */
const freshIfNoOrg = async (caller: Caller) =>
  caller === 'noOrg' ? bearer((await signUp(t.app, { org: false })).token) : {};

const invite = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organization/invitations',
    headers: bearer(admin.token),
    payload: { email: `x${Math.random().toString(36).slice(2)}@example.org`, role: 'viewer' },
  });
  return res.json() as { id: number; url: string };
};

const sessionIdOf = async (token: string) => {
  const res = await t.app.inject({ url: '/api/user/sessions', headers: bearer(token) });
  return (res.json() as { id: number; current: boolean }[]).find((s) => s.current)?.id ?? 999999;
};

const CASES: Record<string, Case> = {
  'POST /api/register': {
    call: () => ({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: `m${Math.random().toString(36).slice(2, 10)}`,
        email: 'm@example.org',
        password: 'secret123',
      },
    }),
  },
  'POST /api/login': {
    call: () => ({
      method: 'POST',
      url: '/api/login',
      payload: { username: users.admin.username, password: 'secret123' },
    }),
  },
  'POST /api/logout': {
    // A fresh session of the caller: logging out the main one would end the rest of the walk.
    call: async (caller) => ({
      method: 'POST',
      url: '/api/logout',
      headers: caller === 'anon' ? {} : bearer(isKey(caller) ? tokens[caller] : await login(caller)),
    }),
  },
  'GET /api/auth-status': { call: () => ({ method: 'GET', url: '/api/auth-status' }) },
  'GET /api/user': { call: () => ({ method: 'GET', url: '/api/user' }) },
  'PUT /api/user/profile': {
    call: () => ({ method: 'PUT', url: '/api/user/profile', payload: { firstName: 'Matrix' } }),
  },
  'PUT /api/user/password': {
    call: () => ({
      method: 'PUT',
      url: '/api/user/password',
      payload: { currentPassword: 'secret123', newPassword: 'secret123' },
    }),
  },
  'GET /api/user/sessions': { call: () => ({ method: 'GET', url: '/api/user/sessions' }) },
  'DELETE /api/user/sessions/:id': {
    call: async (caller) => {
      const id = caller === 'anon' ? 1 : await sessionIdOf(await login(caller));
      return { method: 'DELETE', url: `/api/user/sessions/${id}` };
    },
  },
  'GET /api/user/activity': { call: () => ({ method: 'GET', url: '/api/user/activity' }) },
  'POST /api/password-reset': {
    call: () => ({ method: 'POST', url: '/api/password-reset', payload: { email: 'a@example.org' } }),
  },
  'POST /api/password-reset/:token': {
    call: () => ({
      method: 'POST',
      url: '/api/password-reset/nosuchtoken',
      payload: { newPassword: 'secret123' },
    }),
    alsoAllowed: [400],
  },
  'POST /api/organizations': {
    call: async (caller) => ({
      method: 'POST',
      url: '/api/organizations',
      headers: await freshIfNoOrg(caller),
      payload: { name: 'Another org', username: `o${Math.random().toString(36).slice(2, 10)}` },
    }),
    // Members already belong to one.
    alsoAllowed: [409],
  },
  'GET /api/organization': { call: () => ({ method: 'GET', url: '/api/organization' }), alsoAllowed: [404] },
  'GET /api/organization/stats': { call: () => ({ method: 'GET', url: '/api/organization/stats' }) },
  'GET /api/organization/analytics': { call: () => ({ method: 'GET', url: '/api/organization/analytics' }) },
  'GET /api/organization/export.csv': {
    call: () => ({ method: 'GET', url: '/api/organization/export.csv?type=shares' }),
  },
  'GET /api/organization/settings': { call: () => ({ method: 'GET', url: '/api/organization/settings' }) },
  'PUT /api/organization/settings': {
    call: () => ({
      method: 'PUT',
      url: '/api/organization/settings',
      payload: { notifications: { weeklyDigest: true } },
    }),
  },
  'GET /api/organization/activity': { call: () => ({ method: 'GET', url: '/api/organization/activity' }) },
  'GET /api/organization/members': { call: () => ({ method: 'GET', url: '/api/organization/members' }) },
  'PUT /api/organization/members/:userId': {
    call: async () => {
      const m = await addMember(t.app, admin, 'viewer');
      return { method: 'PUT', url: `/api/organization/members/${m.userId}`, payload: { role: 'editor' } };
    },
    other: 404,
  },
  'DELETE /api/organization/members/:userId': {
    call: async () => {
      const m = await addMember(t.app, admin, 'viewer');
      return { method: 'DELETE', url: `/api/organization/members/${m.userId}` };
    },
    other: 404,
  },
  'POST /api/organization/invitations': {
    call: () => ({
      method: 'POST',
      url: '/api/organization/invitations',
      payload: { email: 'new@example.org', role: 'editor' },
    }),
  },
  'GET /api/organization/invitations': {
    call: () => ({ method: 'GET', url: '/api/organization/invitations' }),
  },
  'DELETE /api/organization/invitations/:id': {
    call: async () => ({ method: 'DELETE', url: `/api/organization/invitations/${(await invite()).id}` }),
    other: 404,
  },
  'GET /api/invitations/:token': {
    call: async () => ({
      method: 'GET',
      url: new URL((await invite()).url).pathname.replace('/invite/', '/api/invitations/'),
    }),
  },
  'POST /api/invitations/:token/accept': {
    call: async (caller) => ({
      method: 'POST',
      headers: await freshIfNoOrg(caller),
      url: `${new URL((await invite()).url).pathname.replace('/invite/', '/api/invitations/')}/accept`,
    }),
    // Everyone but the user without an organisation already has one.
    alsoAllowed: [409],
  },
  'GET /api/organization/api-keys': { call: () => ({ method: 'GET', url: '/api/organization/api-keys' }) },
  'POST /api/organization/api-keys': {
    call: () => ({
      method: 'POST',
      url: '/api/organization/api-keys',
      payload: { name: 'Matrix', role: 'viewer' },
    }),
  },
  'DELETE /api/organization/api-keys/:id': {
    // Revoking is final: each call revokes a key of its own.
    call: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/organization/api-keys',
        headers: bearer(admin.token),
        payload: { name: 'To revoke', role: 'viewer' },
      });
      return { method: 'DELETE', url: `/api/organization/api-keys/${res.json().id}` };
    },
    other: 404,
  },
  'GET /api/campaigns': { call: () => ({ method: 'GET', url: '/api/campaigns' }) },
  'POST /api/campaigns': {
    call: () => ({
      method: 'POST',
      url: '/api/campaigns',
      payload: { name: 'Matrix campaign', description: 'd', status: 'active', organizationId: admin.orgId },
    }),
    // Another organisation's id in the body.
    other: 403,
  },
  'GET /api/campaigns/:id': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}` }),
    other: 404,
  },
  'PUT /api/campaigns/:id': {
    call: () => ({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}`,
      payload: { description: 'Edited in the matrix' },
    }),
    other: 404,
  },
  'DELETE /api/campaigns/:id': {
    // Archiving is final: each call archives a campaign of its own.
    call: async () => {
      const c = await createCampaign(t.app, admin.token, { name: 'To archive' });
      return { method: 'DELETE', url: `/api/campaigns/${c.id}` };
    },
    other: 404,
  },
  'POST /api/campaigns/:id/duplicate': {
    call: () => ({ method: 'POST', url: `/api/campaigns/${campaignId}/duplicate` }),
    other: 404,
  },
  'GET /api/campaigns/:id/assets': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/assets` }),
    other: 404,
  },
  'PUT /api/campaigns/:id/assets/order': {
    call: () => ({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}/assets/order`,
      payload: { assetIds: [assetId] },
    }),
    other: 404,
  },
  'GET /api/campaigns/:id/stats': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/stats` }),
    other: 404,
  },
  'GET /api/campaigns/:id/analytics': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/analytics` }),
    other: 404,
  },
  'GET /api/campaigns/:id/export.csv': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/export.csv?type=clicks` }),
    other: 404,
  },
  'GET /api/campaigns/:id/qr.svg': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/qr.svg` }),
    other: 404,
  },
  'GET /api/campaigns/:id/qr.png': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/qr.png?size=128` }),
    other: 404,
  },
  'GET /api/campaigns/:id/poster.pdf': {
    call: () => ({ method: 'GET', url: `/api/campaigns/${campaignId}/poster.pdf` }),
    other: 404,
  },
  'GET /api/assets': { call: () => ({ method: 'GET', url: '/api/assets' }) },
  'POST /api/assets': {
    call: () => ({
      method: 'POST',
      url: '/api/assets',
      payload: { title: 'Matrix asset', type: 'text', content: 'Hello', campaignId },
    }),
    other: 404,
  },
  'PUT /api/assets/:id': {
    call: () => ({ method: 'PUT', url: `/api/assets/${assetId}`, payload: { title: 'Edited asset' } }),
    other: 404,
  },
  'GET /api/assets/:id/analytics': {
    call: () => ({ method: 'GET', url: `/api/assets/${assetId}/analytics` }),
    other: 404,
  },
  'DELETE /api/assets/:id': {
    // A deleted asset is gone for good: each call deletes one of its own.
    call: async () => ({
      method: 'DELETE',
      url: `/api/assets/${(await createAsset(t.app, admin.token, campaignId, { title: 'To delete' })).id}`,
    }),
    other: 404,
  },
  'GET /api/templates': { call: () => ({ method: 'GET', url: '/api/templates' }) },
  'POST /api/templates': {
    call: () => ({
      method: 'POST',
      url: '/api/templates',
      payload: { campaignId, name: 'Matrix copy' },
    }),
    other: 404,
  },
  'POST /api/templates/:id/use': {
    call: () => ({ method: 'POST', url: `/api/templates/${templateId}/use` }),
    other: 404,
  },
  'POST /api/upload': {
    call: () => {
      const body = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
      return { method: 'POST', url: '/api/upload', headers: body.headers, payload: body.payload };
    },
  },
  'POST /api/upload-from-url': {
    call: () => ({
      method: 'POST',
      url: '/api/upload-from-url',
      payload: { imageUrl: 'http://127.0.0.1:9/x.png' },
    }),
    // Refused as a private address: the role check passed.
    alsoAllowed: [400],
  },
  'POST /api/debug/create-test-content': {
    call: () => ({ method: 'POST', url: '/api/debug/create-test-content' }),
  },
  'GET /api/shares/scheduled': { call: () => ({ method: 'GET', url: '/api/shares/scheduled' }) },
  'POST /api/shares': {
    call: () => ({
      method: 'POST',
      url: '/api/shares',
      payload: { assetId, campaignId, organizationId: admin.orgId, platform: 'twitter' },
    }),
  },
  'POST /api/shares/schedule': {
    call: () => ({
      method: 'POST',
      url: '/api/shares/schedule',
      payload: {
        assetId,
        campaignId,
        organizationId: admin.orgId,
        platform: 'twitter',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  },
  'POST /api/clicks': {
    call: () => ({ method: 'POST', url: '/api/clicks', payload: { campaignId, ref: 'matrixRef0001' } }),
  },
  'POST /api/supporter/campaigns/:id/visits': {
    call: () => ({
      method: 'POST',
      url: `/api/supporter/campaigns/${campaignId}/visits`,
      payload: { src: 'qr' },
    }),
  },
  'GET /api/supporter/campaigns/:id': {
    call: () => ({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}` }),
  },
  'GET /api/supporter/campaigns/:id/impact': {
    call: () => ({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}/impact` }),
  },
  'GET /api/supporter/campaigns/:id/scheduled': {
    call: () => ({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}/scheduled` }),
  },
  'GET /api/supporter/campaigns/:id/scheduled/:shareId': {
    call: () => ({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}/scheduled/999999` }),
    alsoAllowed: [404],
  },
  'GET /api/push/public-key': { call: () => ({ method: 'GET', url: '/api/push/public-key' }) },
  'GET /unsubscribe/:token': {
    call: () => ({ method: 'GET', url: '/unsubscribe/nosuchtoken' }),
    alsoAllowed: [404],
  },
  'GET /api/supporter/campaigns/:id/elsewhere': {
    call: () => ({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}/elsewhere` }),
  },
  'GET /api/supporter/assets/:id/message-check': {
    call: () => ({ method: 'GET', url: `/api/supporter/assets/${assetId}/message-check?text=Hello%20there` }),
  },
  'GET /supporter/:id': { call: () => ({ method: 'GET', url: `/supporter/${campaignId}` }) },
  'GET /supporter/campaign/:id': {
    call: () => ({ method: 'GET', url: `/supporter/campaign/${campaignId}` }),
  },
  'GET /embed/:campaignId': { call: () => ({ method: 'GET', url: `/embed/${campaignId}` }) },
  'GET /uploads/:name': {
    call: () => ({ method: 'GET', url: `/uploads/${'a'.repeat(32)}.png` }),
    alsoAllowed: [404],
  },
  'GET /assets/*': { call: () => ({ method: 'GET', url: '/assets/none.js' }), alsoAllowed: [404] },
  'GET /healthz': { call: () => ({ method: 'GET', url: '/healthz' }) },
  'GET /readyz': { call: () => ({ method: 'GET', url: '/readyz' }) },
  // Off without METRICS_TOKEN (404); its own bearer token, not a session, guards it otherwise.
  'GET /metrics': { call: () => ({ method: 'GET', url: '/metrics' }), alsoAllowed: [404] },
  'GET /api/openapi.json': { call: () => ({ method: 'GET', url: '/api/openapi.json' }) },
  'GET /api/docs': { call: () => ({ method: 'GET', url: '/api/docs' }) },
  'GET /api/docs/': { call: () => ({ method: 'GET', url: '/api/docs/' }) },
  'GET /api/docs/json': { call: () => ({ method: 'GET', url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { call: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': { call: () => ({ method: 'GET', url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': {
    call: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
  },
  'GET /api/docs/static/*': { call: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
};

const RANK = { viewer: 0, editor: 1, admin: 2 } as const;

function expected(key: string, caller: Caller): Outcome {
  const { access, sessionOnly } = routeRule(PERMISSIONS[key]!);
  const c = CASES[key];
  if (access === 'public') return 'allowed';
  if (caller === 'anon') return 401;
  if (isKey(caller)) {
    if (sessionOnly) return 403;
    if (access === 'session' || access === 'member') return 'allowed';
    return RANK[KEY_ROLE[caller]] >= RANK[access] ? 'allowed' : 403;
  }
  if (access === 'session') return 'allowed';
  if (caller === 'noOrg') return c.noOrg ?? 403;
  if (caller === 'other') return c.other ?? 'allowed';
  if (access === 'member') {
    // Removing someone else needs the admin role (leaving does not).
    return key === 'DELETE /api/organization/members/:userId' && caller !== 'admin' ? 403 : 'allowed';
  }
  return RANK[caller] >= RANK[access] ? 'allowed' : 403;
}

function classify(res: LightMyRequestResponse, c: Case): Outcome | number {
  if (res.statusCode < 400 || c.alsoAllowed?.includes(res.statusCode)) return 'allowed';
  return res.statusCode;
}

// The password change ends the caller's other sessions: run it last.
const ORDER = Object.keys(PERMISSIONS).sort(
  (a, b) => Number(a === 'PUT /api/user/password') - Number(b === 'PUT /api/user/password'),
);

describe('role matrix: every route as every kind of caller', () => {
  it('covers every route in the permission table', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it('allows exactly what each role may do, and refuses the rest with the right status', async () => {
    const mismatches: string[] = [];
    for (const key of ORDER) {
      const c = CASES[key];
      for (const caller of CALLERS) {
        const req = await c.call(caller);
        const res = await t.app.inject({
          method: req.method,
          url: req.url,
          headers: { ...(tokens[caller] ? bearer(tokens[caller]) : {}), ...req.headers },
          ...(req.payload !== undefined && { payload: req.payload as string }),
        });
        const want = expected(key, caller);
        const { access, sessionOnly } = routeRule(PERMISSIONS[key]!);
        const got = classify(res, c);
        if (got !== want)
          mismatches.push(
            `${key} as ${caller}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        if (want === 403 && res.statusCode === 403 && isKey(caller) && sessionOnly)
          expect(res.json().message).toBe(API_KEY_REFUSED_MESSAGE);
        else if (
          want === 403 &&
          res.statusCode === 403 &&
          access in RANK &&
          caller !== 'noOrg' &&
          caller !== 'other'
        )
          expect(res.json().message).toBe(`This needs the ${access} role`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
