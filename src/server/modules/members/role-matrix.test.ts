import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, PERMISSIONS, routeRule } from '../../lib/permissions.ts';
import { API_KEY_REFUSED_MESSAGE } from '../../plugins/permissions.ts';
import { addMember } from '../../test/teams.ts';
import { seedSupporterKey } from '../../test/supporter-key.ts';
import { visitorCookie } from '../../test/visitor.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { multipartFile, PNG_1X1 } from '../../test/sample-files.ts';

// Every route, called as each kind of caller, on each database. "allowed" means
// the call got past the permission check and did its work; the other outcomes are
// the exact refusals: 401 anonymous, 403 role or organisation (or an API key on a
// session-only route), 404 another organisation's ids. The key callers are API keys
// of the admin's organisation with that role. The operator (the instance's first
// account, in no organisation) calls the instance's routes, where everyone else, the
// admin included, gets 403; elsewhere it is a user without an organisation like noOrg.

type Caller =
  | 'viewer'
  | 'editor'
  | 'admin'
  | 'other'
  | 'noOrg'
  | 'anon'
  | 'viewerKey'
  | 'editorKey'
  | 'operator'
  | 'reviewer';
const CALLERS: Caller[] = ['viewer', 'editor', 'admin', 'other', 'noOrg', 'anon', 'viewerKey', 'editorKey'];
/** Who calls a route: the operator too on the instance's routes. */
const callersOf = (key: string): Caller[] => {
  const { access } = routeRule(PERMISSIONS[key]!);
  if (access === 'operator') return [...CALLERS, 'operator'];
  // An editor an admin let review (users.canReview): on the review routes.
  if (access === 'reviewer' || key.includes('/review')) return [...CALLERS, 'reviewer'];
  return CALLERS;
};
const KEY_ROLE = { viewerKey: 'viewer', editorKey: 'editor' } as const;
const isKey = (caller: Caller): caller is keyof typeof KEY_ROLE => caller in KEY_ROLE;
type Outcome = 'allowed' | 401 | 403 | 404;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
/**
 * How a route is called. By default its own path, with `params` filled in, `query` and
 * `body` (functions: the ids they use are made in beforeAll).
 */
interface Case {
  /** Builds the whole request instead; may create fresh data (a throwaway member, invitation, session). */
  call?: (caller: Caller) => Promise<Call> | Call;
  params?: () => Record<string, string | number>;
  query?: string;
  body?: () => unknown;
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
let supporterKey: string;
let webhookId: number;
let webhookMessageId: string;
let momentId: number;

beforeAll(async () => {
  // DEV_TOOLS=1: the debug route is registered, so its access rule is walked too.
  t = await createTestApp({ DEV_TOOLS: '1' });
  // The first account of the instance is its operator.
  const operator = await signUp(t.app, { org: false });
  admin = await signUp(t.app);
  const viewer = await addMember(t.app, admin, 'viewer');
  const editor = await addMember(t.app, admin, 'editor');
  const reviewer = await addMember(t.app, admin, 'editor');
  const granted = await t.app.inject({
    method: 'PUT',
    url: `/api/organization/members/${reviewer.userId}`,
    headers: bearer(admin.token),
    payload: { canReview: true },
  });
  expect(granted.statusCode).toBe(200);
  const other = await signUp(t.app);
  const noOrg = await signUp(t.app, { org: false });
  Object.assign(tokens, {
    admin: admin.token,
    viewer: viewer.token,
    editor: editor.token,
    reviewer: reviewer.token,
    other: other.token,
    noOrg: noOrg.token,
    anon: '',
    operator: operator.token,
  });
  for (const [k, v] of Object.entries({ admin, viewer, editor, reviewer, other, noOrg, operator }))
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
  // With a goal: its public progress answers 200.
  const campaign = await createCampaign(t.app, admin.token, {
    organizationId: admin.orgId,
    goal: { metric: 'shares', target: 100 },
  });
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
  supporterKey = await seedSupporterKey(t, admin);
  momentId = await newMoment();
  // Off: the matrix runs the jobs, and nothing may be posted to this public address.
  webhookId = (await newWebhook()).id;
  const ping = await t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${webhookId}/test`,
    headers: bearer(admin.token),
  });
  expect(ping.statusCode).toBe(202);
  webhookMessageId = ping.json().messageId;
});
afterAll(() => t.close());

/** An endpoint of the admin's organisation, turned off (an address literal: no DNS look-up). */
const WEBHOOK_BODY = { url: 'https://93.184.216.34/hooks', events: ['asset.created'], enabled: false };
async function newWebhook(): Promise<{ id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(admin.token),
    payload: WEBHOOK_BODY,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** A moment of the admin's campaign (a day ahead). */
async function newMoment(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/moments`,
    headers: bearer(admin.token),
    payload: { at: new Date(Date.now() + 86_400_000).toISOString(), platform: 'any', assetId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The admin's endpoint as `:id`: another organisation's admin gets a 404. */
const ownWebhook: Case = { params: () => ({ id: webhookId }), other: 404 };

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

const ofCampaign = () => ({ id: campaignId });
/** The admin's campaign as `:id`: another organisation's member gets a 404. */
const ownCampaign: Case = { params: ofCampaign, other: 404 };

/**
 * A fresh campaign of the admin's organisation with a change waiting for review, made
 * straight in the database (submitted by the viewer, so no caller decides their own):
 * each decision call gets its own.
 */
const onWaitingChange = (action: string, payload?: unknown): Case => ({
  call: async () => {
    const c = await createCampaign(t.app, admin.token, { name: 'Waiting in the matrix' });
    await t.database.db
      .insertInto('campaignRevisions')
      .values({
        organizationId: admin.orgId,
        campaignId: c.id,
        openCampaignId: c.id,
        state: 'pending',
        changes: '[]',
        comments: '[]',
        contributors: '[]',
        submittedBy: users.viewer.userId,
        submittedAt: new Date().toISOString(),
        decidedBy: null,
        decidedAt: null,
      })
      .execute();
    return {
      method: action === 'GET' ? 'GET' : 'POST',
      url: `/api/campaigns/${c.id}/review${action === 'GET' ? '' : `/${action}`}`,
      payload,
    };
  },
  other: 404,
});
/** The admin's asset as `:id`: another organisation's member gets a 404. */
const ownAsset: Case = { params: () => ({ id: assetId }), other: 404 };

/** A call on a fresh viewer of the admin's organisation: another organisation's member id is a 404. */
const onNewMember = (method: Call['method'], payload?: unknown): Case => ({
  call: async () => {
    const m = await addMember(t.app, admin, 'viewer');
    return { method, url: `/api/organization/members/${m.userId}`, payload };
  },
  other: 404,
});

/** The admin's supporter as `:key` (a data request); another organisation's admin gets 404. */
const ofSupporter = (body?: object): Case => ({
  params: () => ({ key: supporterKey }),
  ...(body && { body: () => body }),
  other: 404,
});

/** A supporter profile of the admin's organisation as `:id`: another organisation's admin gets 404. */
const onProfile = (action: 'hide' | 'unhide'): Case => ({
  call: async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/supporter/campaigns/${campaignId}/profile`,
      payload: { displayName: 'Named Fan', onBoard: true },
      headers: { 'sec-fetch-site': 'same-origin', cookie: await visitorCookie(t.app, campaignId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = await t.database.db
      .selectFrom('supporterProfiles')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { method: 'POST', url: `/api/organization/supporter-profiles/${id}/${action}` };
  },
  other: 404,
});

const CASES: Record<string, Case> = {
  'POST /api/register': {
    body: () => ({
      username: `m${Math.random().toString(36).slice(2, 10)}`,
      email: 'm@example.org',
      password: 'secret123',
    }),
  },
  'POST /api/login': { body: () => ({ username: users.admin.username, password: 'secret123' }) },
  'POST /api/logout': {
    // A fresh session of the caller: logging out the main one would end the rest of the walk.
    call: async (caller) => ({
      method: 'POST',
      url: '/api/logout',
      headers: caller === 'anon' ? {} : bearer(isKey(caller) ? tokens[caller] : await login(caller)),
    }),
  },
  'GET /api/auth-status': {},
  'GET /api/user': {},
  'PUT /api/user/profile': { body: () => ({ firstName: 'Matrix' }) },
  'PUT /api/user/password': { body: () => ({ currentPassword: 'secret123', newPassword: 'secret123' }) },
  'GET /api/user/sessions': {},
  'DELETE /api/user/sessions/:id': {
    call: async (caller) => {
      const id = caller === 'anon' ? 1 : await sessionIdOf(await login(caller));
      return { method: 'DELETE', url: `/api/user/sessions/${id}` };
    },
  },
  'GET /api/user/activity': {},
  'GET /api/user/data': {},
  // An admin's data requests: the admin's supporter by its key; another organisation's admin gets 404.
  'GET /api/organization/privacy/supporters': { query: 'name=Nobody' },
  'GET /api/organization/privacy/supporters/:key/export.json': ofSupporter(),
  'GET /api/organization/privacy/supporters/:key/export.csv': ofSupporter(),
  'POST /api/organization/privacy/supporters/:key/erase': ofSupporter({ reason: 'Asked by the supporter' }),
  // A wrong password: past the permission check, nobody's account goes.
  'DELETE /api/user': { body: () => ({ password: 'not-the-password' }), alsoAllowed: [400] },
  'GET /api/user/notifications': {},
  'GET /api/user/first-run': {},
  'PUT /api/user/first-run/:step': { params: () => ({ step: 'linkCopied' }) },
  'PUT /api/user/notifications': { body: () => ({ milestones: true }) },
  'POST /api/password-reset': { body: () => ({ email: 'a@example.org' }) },
  'POST /api/password-reset/:token': {
    params: () => ({ token: 'nosuchtoken' }),
    body: () => ({ newPassword: 'secret123' }),
    alsoAllowed: [400],
  },
  'POST /api/email-change/:token/confirm': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [400] },
  'POST /api/email-change/:token/undo': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [400] },
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
  'GET /api/organization': { alsoAllowed: [404] },
  'GET /api/organization/stats': {},
  'GET /api/organization/analytics': {},
  'GET /api/organization/export.csv': { query: 'type=shares' },
  'GET /api/organization/leaderboard': { query: 'kind=supporters' },
  'GET /api/organization/leaderboard.csv': { query: 'kind=members' },
  'POST /api/organization/supporter-profiles/:id/hide': onProfile('hide'),
  'POST /api/organization/supporter-profiles/:id/unhide': onProfile('unhide'),
  'GET /api/organization/settings': {},
  'PUT /api/organization/settings': { body: () => ({ notifications: { weeklyDigest: true } }) },
  'GET /api/organization/activity': {},
  'GET /api/organization/activity.csv': {},
  'GET /api/organization/members': {},
  'PUT /api/organization/members/:userId': onNewMember('PUT', { role: 'editor' }),
  'DELETE /api/organization/members/:userId': onNewMember('DELETE'),
  'POST /api/organization/invitations': { body: () => ({ email: 'new@example.org', role: 'editor' }) },
  'GET /api/organization/invitations': {},
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
  'GET /api/organization/api-keys': {},
  'POST /api/organization/api-keys': { body: () => ({ name: 'Matrix', role: 'viewer' }) },
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
  'GET /api/webhooks': {},
  'POST /api/webhooks': { body: () => WEBHOOK_BODY },
  'GET /api/webhooks/:id': ownWebhook,
  'PUT /api/webhooks/:id': { ...ownWebhook, body: () => ({ description: 'Edited in the matrix' }) },
  'DELETE /api/webhooks/:id': {
    // Deleting is final: the admin deletes one of its own; everyone else is refused first.
    call: async (caller) => ({
      method: 'DELETE',
      url: `/api/webhooks/${caller === 'admin' ? (await newWebhook()).id : webhookId}`,
    }),
    other: 404,
  },
  'POST /api/webhooks/:id/rotate-secret': ownWebhook,
  'POST /api/webhooks/:id/test': ownWebhook,
  'GET /api/webhooks/:id/deliveries': ownWebhook,
  'POST /api/webhooks/:id/deliveries/:messageId/retry': {
    params: () => ({ id: webhookId, messageId: webhookMessageId }),
    other: 404,
  },
  'GET /api/campaigns': {},
  'POST /api/campaigns': {
    body: () => ({
      name: 'Matrix campaign',
      description: 'd',
      status: 'draft',
      organizationId: admin.orgId,
    }),
    // Another organisation's id in the body.
    other: 403,
  },
  'GET /api/campaigns/:id': ownCampaign,
  'PUT /api/campaigns/:id': { ...ownCampaign, body: () => ({ description: 'Edited in the matrix' }) },
  'DELETE /api/campaigns/:id': {
    // Archiving is final: each call archives a campaign of its own.
    call: async () => {
      const c = await createCampaign(t.app, admin.token, { name: 'To archive' });
      return { method: 'DELETE', url: `/api/campaigns/${c.id}` };
    },
    other: 404,
  },
  // A dry run (the default): checks the rows, writes nothing.
  'POST /api/campaigns/import': {
    body: () => ({
      rows: [
        {
          campaign_name: 'Matrix import',
          campaign_status: 'draft',
          asset_type: 'text',
          title: 'Matrix row',
          share_text: 'Hello',
        },
      ],
    }),
  },
  'GET /api/campaigns/import/template.csv': {},
  'POST /api/campaigns/:id/duplicate': ownCampaign,
  'GET /api/campaigns/:id/assets': ownCampaign,
  'PUT /api/campaigns/:id/assets/order': { ...ownCampaign, body: () => ({ assetIds: [assetId] }) },
  'GET /api/campaigns/:id/stats': ownCampaign,
  'GET /api/reviews': { query: 'state=all' },
  'GET /api/campaigns/:id/review': onWaitingChange('GET'),
  'GET /api/campaigns/:id/versions': ownCampaign,
  'POST /api/campaigns/:id/review/approve': onWaitingChange('approve', {}),
  'POST /api/campaigns/:id/review/request-changes': onWaitingChange('request-changes', { comment: 'Matrix' }),
  // The author or a reviewer: an editor who is neither is refused in the handler.
  'POST /api/campaigns/:id/review/withdraw': { ...onWaitingChange('withdraw'), alsoAllowed: [] },
  'GET /api/campaigns/:id/analytics': ownCampaign,
  'GET /api/campaigns/:id/export.csv': { ...ownCampaign, query: 'type=clicks' },
  'GET /api/campaigns/:id/qr.svg': ownCampaign,
  'GET /api/campaigns/:id/qr.png': { ...ownCampaign, query: 'size=128' },
  'GET /api/campaigns/:id/poster.pdf': ownCampaign,
  'GET /api/campaigns/:id/moments': ownCampaign,
  'POST /api/campaigns/:id/moments': {
    ...ownCampaign,
    body: () => ({ at: new Date(Date.now() + 86_400_000).toISOString(), platform: 'any' }),
  },
  // Each call deletes a moment of its own.
  'DELETE /api/moments/:id': {
    call: async () => ({ method: 'DELETE', url: `/api/moments/${await newMoment()}` }),
    other: 404,
  },
  'GET /api/assets': {},
  'POST /api/assets': {
    body: () => ({ title: 'Matrix asset', type: 'text', content: 'Hello', campaignId }),
    other: 404,
  },
  'PUT /api/assets/:id': { ...ownAsset, body: () => ({ title: 'Edited asset' }) },
  'GET /api/assets/:id/analytics': ownAsset,
  'DELETE /api/assets/:id': {
    // A deleted asset is gone for good: each call deletes one of its own.
    call: async () => ({
      method: 'DELETE',
      url: `/api/assets/${(await createAsset(t.app, admin.token, campaignId, { title: 'To delete' })).id}`,
    }),
    other: 404,
  },
  'GET /api/templates': {},
  'POST /api/templates': { body: () => ({ campaignId, name: 'Matrix copy' }), other: 404 },
  'POST /api/templates/:id/use': { params: () => ({ id: templateId }), other: 404 },
  'POST /api/upload': {
    call: () => {
      const body = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
      return { method: 'POST', url: '/api/upload', headers: body.headers, payload: body.payload };
    },
  },
  'POST /api/upload-from-url': {
    body: () => ({ imageUrl: 'http://127.0.0.1:9/x.png' }),
    // Refused as a private address: the role check passed.
    alsoAllowed: [400],
  },
  'POST /api/debug/create-test-content': {},
  'POST /api/debug/run-jobs': {},
  'GET /api/shares/scheduled': {},
  'GET /api/instance/settings': {},
  'PUT /api/instance/settings': { body: () => ({ allowedEmailDomains: [] }) },
  'POST /api/instance/invitations': { body: () => ({}) },
  'GET /api/instance/invitations': {},
  // A link nobody has: the operator's check passed, the row is not there.
  'DELETE /api/instance/invitations/:id': { params: () => ({ id: 999999 }), alsoAllowed: [404] },
  'GET /api/instance/organizations': {},
  'GET /api/instance/health': {},
  'POST /api/instance/organizations/:id/suspend': {
    // A throwaway organisation each time: the operator's call suspends it.
    call: async () => ({
      method: 'POST',
      url: `/api/instance/organizations/${(await signUp(t.app)).orgId}/suspend`,
      payload: { reason: 'Matrix' },
    }),
  },
  // Restoring an active organisation changes nothing.
  'POST /api/instance/organizations/:id/restore': { params: () => ({ id: admin.orgId }) },
  'GET /api/instance/held-mail': {},
  'POST /api/instance/held-mail/:id/release': { params: () => ({ id: 999999 }), alsoAllowed: [404] },
  'POST /api/instance/held-mail/:id/drop': { params: () => ({ id: 999999 }), alsoAllowed: [404] },
  'GET /api/instance/audit': {},
  'POST /api/shares': {
    body: () => ({ assetId, campaignId, organizationId: admin.orgId, platform: 'twitter' }),
  },
  'POST /api/shares/schedule': {
    body: () => ({
      assetId,
      campaignId,
      organizationId: admin.orgId,
      platform: 'twitter',
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },
  'POST /api/clicks': { body: () => ({ campaignId, ref: 'matrixRef0001' }) },
  'POST /api/supporter/campaigns/:id/visits': { params: ofCampaign, body: () => ({ src: 'qr' }) },
  'GET /api/supporter/campaigns/:id': { params: ofCampaign },
  'GET /api/supporter/campaigns/:id/impact': { params: ofCampaign },
  'GET /api/supporter/campaigns/:id/scheduled': { params: ofCampaign },
  'GET /api/supporter/campaigns/:id/scheduled/:shareId': {
    params: () => ({ id: campaignId, shareId: 999999 }),
    alsoAllowed: [404],
  },
  'GET /api/push/public-key': {},
  'GET /api/supporter/my-data': {},
  'DELETE /api/supporter/my-data': { alsoAllowed: [404] },
  'GET /my-data/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'GET /my-data/:token/data.json': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'POST /my-data/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'GET /unsubscribe/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'POST /unsubscribe/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'GET /reminders/confirm/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'POST /reminders/confirm/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'GET /notifications/unsubscribe/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'POST /notifications/unsubscribe/:token': { params: () => ({ token: 'nosuchtoken' }), alsoAllowed: [404] },
  'GET /api/supporter/campaigns/:id/elsewhere': { params: ofCampaign },
  // Without the signed visitor cookie of a browser: 400, past the permission check.
  'POST /api/supporter/moments/:id/commit': {
    params: () => ({ id: momentId }),
    body: () => ({}),
    alsoAllowed: [400],
  },
  'GET /api/supporter/moments/:id': { params: () => ({ id: momentId }) },
  'GET /api/supporter/campaigns/:id/progress': { params: ofCampaign },
  // Recognition: a visitor's own name (their signed cookie, from the page itself) and the board.
  'GET /api/supporter/campaigns/:id/profile': { params: ofCampaign },
  'PUT /api/supporter/campaigns/:id/profile': {
    call: async () => ({
      method: 'PUT',
      url: `/api/supporter/campaigns/${campaignId}/profile`,
      payload: { displayName: 'Matrix Fan', onBoard: true },
      headers: { 'sec-fetch-site': 'same-origin', cookie: await visitorCookie(t.app, campaignId) },
    }),
  },
  'GET /api/supporter/campaigns/:id/board': { params: ofCampaign },
  // Sent from the supporter page itself (same-origin), as its notice does.
  'PUT /api/supporter/cookie-choice': {
    call: () => ({
      method: 'PUT',
      url: '/api/supporter/cookie-choice',
      payload: { visitorCookie: false },
      headers: { 'sec-fetch-site': 'same-origin' },
    }),
  },
  'GET /api/supporter/assets/:id/message-check': {
    params: () => ({ id: assetId }),
    query: 'text=Hello%20there',
  },
  'GET /supporter/:id': { params: ofCampaign },
  'GET /supporter/campaign/:id': { params: ofCampaign },
  'GET /embed/:campaignId': { params: () => ({ campaignId }) },
  'GET /uploads/:name': { params: () => ({ name: `${'a'.repeat(32)}.png` }), alsoAllowed: [404] },
  'GET /assets/*': { call: () => ({ method: 'GET', url: '/assets/none.js' }), alsoAllowed: [404] },
  'GET /healthz': {},
  'GET /readyz': {},
  // Off without METRICS_TOKEN (404); its own bearer token, not a session, guards it otherwise.
  'GET /metrics': { alsoAllowed: [404] },
  'GET /api/openapi.json': {},
  'GET /api/docs': {},
  'GET /api/docs/': {},
  'GET /api/docs/json': {},
  'GET /api/docs/yaml': {},
  'GET /api/docs/static/index.html': {},
  'GET /api/docs/static/swagger-initializer.js': {},
  'GET /api/docs/static/*': { call: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
};

const RANK = { viewer: 0, editor: 1, admin: 2 } as const;
/** Each signed-in caller's role in the admin's organisation ('reviewer': an editor with canReview). */
const ROLE_OF = { viewer: 'viewer', editor: 'editor', reviewer: 'editor', admin: 'admin' } as const;

function expected(key: string, caller: Caller): Outcome {
  const { access, sessionOnly } = routeRule(PERMISSIONS[key]!);
  const c = CASES[key];
  if (access === 'public') return 'allowed';
  if (caller === 'anon') return 401;
  if (access === 'operator') return caller === 'operator' ? 'allowed' : 403;
  // Withdrawing a waiting change: its author (here the viewer, refused by role) or a reviewer.
  if (key === 'POST /api/campaigns/:id/review/withdraw') {
    if (caller === 'other') return 404;
    return caller === 'admin' || caller === 'reviewer' ? 'allowed' : 403;
  }
  if (isKey(caller)) {
    if (sessionOnly || access === 'reviewer') return 403;
    if (access === 'session' || access === 'member') return 'allowed';
    return RANK[KEY_ROLE[caller]] >= RANK[access] ? 'allowed' : 403;
  }
  if (access === 'session') return 'allowed';
  if (caller === 'noOrg' || caller === 'operator') return c.noOrg ?? 403;
  if (caller === 'other') return c.other ?? 'allowed';
  if (access === 'member') {
    // Removing someone else needs the admin role (leaving does not).
    return key === 'DELETE /api/organization/members/:userId' && caller !== 'admin' ? 403 : 'allowed';
  }
  const role = ROLE_OF[caller as keyof typeof ROLE_OF];
  if (access === 'reviewer') return caller === 'admin' || caller === 'reviewer' ? 'allowed' : 403;
  return RANK[role] >= RANK[access] ? 'allowed' : 403;
}

/** The request a case makes as `caller`: its own `call`, or its route's path as the case fills it in. */
async function requestFor(key: string, c: Case, caller: Caller): Promise<Call> {
  if (c.call) return c.call(caller);
  const [method, path] = key.split(' ') as [Call['method'], string];
  const params = c.params?.() ?? {};
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${key}: no value for :${name}`);
    return String(params[name]);
  });
  return { method, url: c.query ? `${url}?${c.query}` : url, payload: c.body?.() };
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
      for (const caller of callersOf(key)) {
        const req = await requestFor(key, c, caller);
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
          caller !== 'other' &&
          hasRole(
            isKey(caller) ? KEY_ROLE[caller] : ROLE_OF[caller as keyof typeof ROLE_OF],
            access as keyof typeof RANK,
          ) === false
        )
          expect(res.json().message).toBe(`This needs the ${access} role`);
        else if (want === 403 && access === 'reviewer' && !isKey(caller) && caller !== 'noOrg')
          expect(res.json().message).toBe('This needs the reviewer permission');
        else if (want === 403 && access === 'operator' && !isKey(caller))
          expect(res.json().code).toBe('OPERATOR_REQUIRED');
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
