import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { publicUserSchema } from '#shared/schemas/auth.ts';
import { ERROR_CODES } from '#shared/error-code-docs.ts';
import { apiErrorSchema } from '#shared/schemas/common.ts';
import { supporterCampaignSchema } from '#shared/schemas/shares.ts';
import { multipartFile, PNG_1X1 } from './sample-files.ts';
import { API_DOCS_PREFIX } from '../plugins/openapi.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { bearer, createTestApp, sendJson, signUp, signUpOperator, type TestApp } from './test-app.ts';
import { seedSupporterKey } from './supporter-key.ts';
import { visitorCookie } from './visitor.ts';

// The contract: every route declares its response schemas, the OpenAPI document
// lists every /api route with them, and the bodies the server really sends parse
// with those same schemas (taken from the route, so a test cannot check one schema
// while the route declares another).

type ResponseSchemas = Record<string, unknown>;
const routes = new Map<string, RouteOptions>();
const key = (method: string, url: string) => `${method} ${url}`;

/**
 * Routes that serve files, not part of the API: @fastify/static's hashed client
 * assets, and the interactive reference's page and files (hidden from the document).
 */
const isStaticFiles = (url: string) =>
  url.startsWith('/assets/') || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);

let t: TestApp;
let server: http.Server;
let photoUrl = '';
/** Password-reset links arrive only by mail: a real SMTP server in the test process. */
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    {
      DEV_TOOLS: '1',
      ALLOW_PRIVATE_FETCH: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Rally <rally@example.org>',
    },
    {
      onRoute: (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        // HEAD twins of GET routes share the GET's schema.
        for (const m of methods) if (m !== 'HEAD') routes.set(key(m, route.url), route);
      },
    },
  );
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  photoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/photo.png`;
});
afterAll(async () => {
  server.close();
  await t.close();
  await smtp.close();
});

const appRoutes = () => [...routes.entries()].filter(([, r]) => !isStaticFiles(r.url));

/** The zod schema a route declares for this status: exact code first, then its class ('4xx'). */
function declaredSchema(method: string, url: string, status: number): z.ZodType | { content: unknown } {
  const route = routes.get(key(method, url));
  if (!route) throw new Error(`no route ${method} ${url}`);
  const response = (route.schema?.response ?? {}) as ResponseSchemas;
  const schema = response[String(status)] ?? response[`${String(status)[0]}xx`];
  if (!schema) throw new Error(`${method} ${url} declares no response for ${status}`);
  return schema as z.ZodType;
}

describe('route table', () => {
  it('gives every route a success and an error response schema', () => {
    const all = appRoutes();
    expect(all.length).toBeGreaterThan(30);
    const missing = all
      .filter(([, r]) => {
        const response = r.schema?.response as ResponseSchemas | undefined;
        if (!response) return true;
        const codes = Object.keys(response);
        return !codes.some((c) => c.startsWith('2')) || !codes.some((c) => c.startsWith('4'));
      })
      .map(([k]) => k);
    expect(missing).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every /api route with its response schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(typeof doc.paths).toBe('object');

    const apiRoutes = appRoutes().filter(([, r]) => r.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(25);
    for (const [, route] of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        const op = doc.paths[path]?.[method.toLowerCase()];
        expect(op, `${method} ${path} in the document`).toBeDefined();
        const success = Object.entries(op.responses).find(([code]) => code.startsWith('2'));
        expect(success, `${method} ${path} success response`).toBeDefined();
        const body = (success![1] as { content?: Record<string, { schema?: unknown }> }).content;
        // A 204 is documented without a body; every other success carries a schema for
        // its media type (JSON; CSV for the exports; SVG, PNG and PDF for the QR files).
        if (success![0] === '204') expect(body, `${method} ${path} 204 without content`).toBeUndefined();
        else
          expect(
            (
              body?.['application/json'] ??
              body?.['text/csv'] ??
              body?.['image/svg+xml'] ??
              body?.['image/png'] ??
              body?.['application/pdf']
            )?.schema,
            `${method} ${path} success schema`,
          ).toBeTruthy();
        expect(op.responses['4XX']?.content?.['application/json']?.schema).toMatchObject({
          type: 'object',
          required: ['code', 'message'],
        });
        // Path parameters are declared, so generated clients can fill them in.
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const param = name.slice(1, -1);
          expect(
            op.parameters?.some((p: { in: string; name: string }) => p.in === 'path' && p.name === param),
            `${method} ${path} parameter ${param}`,
          ).toBe(true);
        }
      }
    }
  });

  it('describes the user without its password hash', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const user = doc.paths['/api/user'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(user.properties)).toContain('username');
    expect(Object.keys(user.properties)).not.toContain('passwordHash');
  });
});

describe('real responses parse with the route schemas', () => {
  interface Call {
    /** The route as registered, after its method: the request goes to its path. */
    route: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;
    /** The values of the path's `:params`. */
    params?: Record<string, string | number | undefined>;
    /** The query string, without its `?`. */
    query?: string;
    payload?: unknown;
    headers?: Record<string, string>;
    status: number;
  }

  /**
   * The URL a call requests: built from its route, so that a call cannot check one
   * route's schema while requesting another.
   */
  function urlOf(c: Call): string {
    const path = c.route.slice(c.route.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
      const value = c.params?.[name];
      if (value === undefined) throw new Error(`${c.route}: no value for :${name}`);
      return String(value);
    });
    return c.query === undefined ? path : `${path}?${c.query}`;
  }

  type Caller = (c: Call) => Promise<LightMyRequestResponse>;
  /** A request made more than once: each call adds what it changes and the answer it expects. */
  type Request = Omit<Call, 'status'>;

  /** The path parameter of an id nobody has. */
  const none = { id: 999999 };

  /** Members, invitations, roles, settings and the account's own routes, in the order a team uses them. */
  async function callTeamRoutes(call: Caller, staff: { token: string; username: string; orgId: number }) {
    const auth = bearer(staff.token);
    const email = () => `c${Math.random().toString(36).slice(2, 10)}@example.org`;

    await call({ route: 'GET /api/organization/members', headers: auth, status: 200 });
    await call({ route: 'GET /api/organization/members', status: 401 });
    const invite: Request = { route: 'POST /api/organization/invitations', headers: auth };
    const invitation = (
      await call({ ...invite, payload: { email: email(), role: 'viewer' }, status: 201 })
    ).json();
    await call({ ...invite, payload: { email: email(), role: 'owner' }, status: 400 });
    await call({ route: 'GET /api/organization/invitations', headers: auth, status: 200 });
    await call({ route: 'GET /api/organization/invitations', status: 401 });
    const token = new URL(invitation.url).pathname.split('/invite/')[1];
    await call({ route: 'GET /api/invitations/:token', params: { token }, status: 200 });
    await call({ route: 'GET /api/invitations/:token', params: { token: 'nosuch' }, status: 404 });
    const joiner = await signUp(t.app, { org: false });
    const accept: Request = { route: 'POST /api/invitations/:token/accept', params: { token } };
    await call({ ...accept, headers: bearer(joiner.token), status: 200 });
    await call({ ...accept, headers: bearer((await signUp(t.app, { org: false })).token), status: 404 });
    const member = { userId: joiner.userId };
    const setRole: Request = {
      route: 'PUT /api/organization/members/:userId',
      params: member,
      headers: auth,
    };
    await call({ ...setRole, payload: { role: 'editor' }, status: 200 });
    await call({ ...setRole, payload: { role: 'owner' }, status: 400 });
    const remove: Request = { route: 'DELETE /api/organization/members/:userId', headers: auth };
    await call({ ...remove, params: member, status: 204 });
    await call({ ...remove, params: { userId: 999999 }, status: 404 });
    const pending = (
      await call({ ...invite, payload: { email: email(), role: 'editor' }, status: 201 })
    ).json();
    const revokeInvitation: Request = { route: 'DELETE /api/organization/invitations/:id', headers: auth };
    await call({ ...revokeInvitation, params: { id: pending.id }, status: 204 });
    await call({ ...revokeInvitation, params: none, status: 404 });

    await call({ route: 'GET /api/organization/settings', headers: auth, status: 200 });
    await call({ route: 'GET /api/organization/settings', status: 401 });
    const settings: Request = { route: 'PUT /api/organization/settings', headers: auth };
    const branding = (primaryColor: string) => ({ branding: { primaryColor } });
    await call({
      ...settings,
      payload: { ...branding('#1e3a8a'), supporters: { collectInfo: false } },
      status: 200,
    });
    await call({ ...settings, payload: branding('#ffffff'), status: 400 });

    // API keys: made, listed, used, refused where keys may not go, revoked.
    const makeKey: Request = { route: 'POST /api/organization/api-keys', headers: auth };
    const apiKey = (
      await call({ ...makeKey, payload: { name: 'Contract key', role: 'viewer' }, status: 201 })
    ).json();
    await call({ ...makeKey, payload: { name: 'Contract key', role: 'admin' }, status: 400 });
    await call({ route: 'GET /api/campaigns', headers: bearer(apiKey.key), status: 200 });
    await call({ route: 'GET /api/organization/api-keys', headers: auth, status: 200 });
    await call({ route: 'GET /api/organization/api-keys', headers: bearer(apiKey.key), status: 403 });
    // Revoked once: revoking it again is a 404.
    for (const status of [204, 404]) {
      const route = 'DELETE /api/organization/api-keys/:id';
      await call({ route, params: { id: apiKey.id }, headers: auth, status });
    }
    await call({ route: 'GET /api/campaigns', headers: bearer(apiKey.key), status: 401 });

    // Webhook endpoints: made (turned off: nothing is posted), read, changed, rotated,
    // pinged, logged, retried and deleted.
    const makeHook: Request = { route: 'POST /api/webhooks', headers: auth };
    const hookBody = { url: 'http://127.0.0.1:9/hooks', events: ['asset.created'], enabled: false };
    const hook = (await call({ ...makeHook, payload: hookBody, status: 201 })).json();
    await call({ ...makeHook, payload: { ...hookBody, events: [] }, status: 400 });
    await call({ route: 'GET /api/webhooks', headers: auth, status: 200 });
    const one = { id: hook.id };
    await call({ route: 'GET /api/webhooks/:id', params: one, headers: auth, status: 200 });
    await call({ route: 'GET /api/webhooks/:id', params: none, headers: auth, status: 404 });
    const edit = { route: 'PUT /api/webhooks/:id', params: one, headers: auth } as const;
    await call({ ...edit, payload: { description: 'Contract' }, status: 200 });
    await call({ route: 'POST /api/webhooks/:id/rotate-secret', params: one, headers: auth, status: 200 });
    const ping = (
      await call({ route: 'POST /api/webhooks/:id/test', params: one, headers: auth, status: 202 })
    ).json();
    await call({ route: 'GET /api/webhooks/:id/deliveries', params: one, headers: auth, status: 200 });
    const retry = 'POST /api/webhooks/:id/deliveries/:messageId/retry';
    await call({ route: retry, params: { ...one, messageId: ping.messageId }, headers: auth, status: 202 });
    await call({ route: retry, params: { ...one, messageId: 'msg_none' }, headers: auth, status: 404 });
    await call({ route: 'DELETE /api/webhooks/:id', params: one, headers: auth, status: 204 });

    // A second session of the same user, for the session list to end.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: staff.username, password: 'secret123' },
      })
    ).json().token as string;
    const sessions = (await call({ route: 'GET /api/user/sessions', headers: auth, status: 200 })).json() as {
      id: number;
      current: boolean;
    }[];
    await call({ route: 'GET /api/user/sessions', status: 401 });
    const otherId = sessions.find((x) => !x.current)?.id;
    expect(otherId).toBeDefined();
    // Ended once: ending it again is a 404.
    for (const status of [204, 404])
      await call({ route: 'DELETE /api/user/sessions/:id', params: { id: otherId }, headers: auth, status });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(other) })).statusCode).toBe(401);
    await call({ route: 'GET /api/user/activity', headers: auth, status: 200 });
    await call({ route: 'GET /api/user/activity', status: 401 });
    await call({ route: 'GET /api/user/data', headers: auth, status: 200 });
    await call({ route: 'GET /api/user/data', status: 401 });
    const leaving = await signUp(t.app, { org: false });
    const deletion = { route: 'DELETE /api/user', headers: bearer(leaving.token) } as const;
    await call({ ...deletion, payload: { password: 'wrong-one' }, status: 400 });
    await call({ ...deletion, payload: { password: 'secret123' }, status: 204 });
    await call({ ...deletion, payload: { password: 'secret123' }, status: 401 });
    // An admin's data request about a supporter.
    const supporters = '/api/organization/privacy/supporters';
    await call({ route: `GET ${supporters}`, query: 'name=Nobody', headers: auth, status: 200 });
    await call({ route: `GET ${supporters}`, query: 'name=a&ref=b', headers: auth, status: 400 });
    const supporter = { params: { key: await seedSupporterKey(t, staff) }, headers: auth };
    await call({ route: `GET ${supporters}/:key/export.json`, ...supporter, status: 200 });
    await call({ route: `GET ${supporters}/:key/export.csv`, ...supporter, status: 200 });
    const unknown = { params: { key: 'x'.repeat(40) }, headers: auth };
    await call({ route: `GET ${supporters}/:key/export.json`, ...unknown, status: 404 });
    const erase = `POST ${supporters}/:key/erase` as const;
    await call({ route: erase, ...supporter, payload: {}, status: 400 });
    await call({ route: erase, ...supporter, payload: { reason: 'Asked by the supporter' }, status: 200 });
    const firstRun = { route: 'PUT /api/user/first-run/:step', headers: auth } as const;
    await call({ ...firstRun, params: { step: 'linkCopied' }, status: 204 });
    await call({ ...firstRun, params: { step: 'launched' }, status: 400 });
    await call({ route: 'GET /api/user/first-run', headers: auth, status: 200 });
    await call({ route: 'GET /api/user/notifications', headers: auth, status: 200 });
    const notifications = { route: 'PUT /api/user/notifications', headers: auth } as const;
    await call({ ...notifications, payload: { weeklyDigest: true }, status: 200 });
    await call({ ...notifications, payload: { weeklyDigest: 'yes' }, status: 400 });
    await call({ route: 'GET /api/organization/activity', headers: auth, status: 200 });
    await call({ route: 'GET /api/organization/activity', query: 'limit=0', headers: auth, status: 400 });
    const activityCsv = { route: 'GET /api/organization/activity.csv', headers: auth } as const;
    for (const [query, status] of [
      ['', 200],
      ['action=?', 400],
    ] as const)
      await call({ ...activityCsv, query, status });
    // The same password again: later calls still sign in with it.
    const password: Request = { route: 'PUT /api/user/password', headers: auth };
    await call({
      ...password,
      payload: { currentPassword: 'secret123', newPassword: 'secret123' },
      status: 200,
    });
    await call({ ...password, payload: { currentPassword: 'secret123' }, status: 400 });

    // A password reset of a throwaway account (it ends that account's sessions).
    const forgetful = await signUp(t.app, { org: false });
    const address = `${forgetful.username}@example.org`;
    await call({ route: 'POST /api/password-reset', payload: { email: address }, status: 202 });
    await call({ route: 'POST /api/password-reset', payload: { email: 'nope' }, status: 400 });
    const mail = await smtp.waitFor(address);
    const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(resetToken).toBeDefined();
    const reset: Request = { route: 'POST /api/password-reset/:token', params: { token: resetToken } };
    await call({ ...reset, payload: { newPassword: 'secret456' }, status: 200 });
    // The link works once.
    await call({ ...reset, payload: { newPassword: 'secret789' }, status: 400 });

    // An email change: confirmed from the new address, undone from the old one.
    const mover = await signUp(t.app, { org: false });
    const moved = `moved-${mover.username}@example.org`;
    await call({
      route: 'PUT /api/user/profile',
      headers: bearer(mover.token),
      payload: { email: moved, currentPassword: 'secret123' },
      status: 200,
    });
    const confirmToken = /confirm-email\/([A-Za-z0-9_-]+)/.exec((await smtp.waitFor(moved)).text ?? '')?.[1];
    const confirm: Request = {
      route: 'POST /api/email-change/:token/confirm',
      params: { token: confirmToken },
    };
    await call({ ...confirm, status: 200 });
    await call({ ...confirm, status: 400 });
    const notice = await smtp.waitFor(`${mover.username}@example.org`);
    const undoToken = /undo-email-change\/([A-Za-z0-9_-]+)/.exec(notice.text ?? '')?.[1];
    const undo: Request = { route: 'POST /api/email-change/:token/undo', params: { token: undoToken } };
    await call({ ...undo, status: 200 });
    await call({ ...undo, status: 400 });
  }

  /** A visitor's display name and board choice, the board, hiding a name, the staff leaderboard. */
  async function callRecognitionRoutes(
    call: Caller,
    ids: { assetId: number; campaignId: number; organizationId: number },
    auth: Record<string, string>,
  ) {
    const params = { id: ids.campaignId };
    const cookie = await visitorCookie(t.app, ids.campaignId);
    const profile = 'PUT /api/supporter/campaigns/:id/profile' as const;
    const visitor = { cookie, 'sec-fetch-site': 'same-origin' };
    await call({
      route: profile,
      params,
      headers: visitor,
      payload: { displayName: 'Ada', onBoard: true },
      status: 200,
    });
    await call({ route: profile, params, headers: visitor, payload: { displayName: 'A' }, status: 400 });
    await call({
      route: 'GET /api/supporter/campaigns/:id/profile',
      params,
      headers: { cookie },
      status: 200,
    });
    await call({ route: 'GET /api/supporter/campaigns/:id/board', params, status: 200 });
    await call({ route: 'GET /api/supporter/campaigns/:id/board', params: none, status: 404 });
    await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: { cookie },
      payload: { ...ids, platform: 'twitter' },
    });
    const board = 'GET /api/organization/leaderboard' as const;
    const rows = (await call({ route: board, query: 'kind=supporters', headers: auth, status: 200 })).json();
    await call({
      route: board,
      query: 'kind=members&from=2026-01-01&to=2026-01-31',
      headers: auth,
      status: 200,
    });
    await call({ route: board, query: 'kind=all', headers: auth, status: 400 });
    await call({ route: 'GET /api/organization/leaderboard.csv', headers: auth, status: 200 });
    await call({
      route: 'GET /api/organization/leaderboard.csv',
      query: 'from=x',
      headers: auth,
      status: 400,
    });
    const named = { id: rows.find((r: { profileId: number | null }) => r.profileId)?.profileId };
    await call({
      route: 'POST /api/organization/supporter-profiles/:id/hide',
      params: named,
      headers: auth,
      status: 204,
    });
    await call({
      route: 'POST /api/organization/supporter-profiles/:id/hide',
      params: none,
      headers: auth,
      status: 404,
    });
    await call({
      route: 'POST /api/organization/supporter-profiles/:id/unhide',
      params: named,
      headers: auth,
      status: 204,
    });
  }

  /** The one-tap link's scheduled share, the VAPID key, the unsubscribe and address-confirmation pages. */
  async function callReminderRoutes(
    call: Caller,
    ids: { assetId: number; campaignId: number; organizationId: number },
  ) {
    const when = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      payload: { ...ids, platform: 'all', scheduledFor: when, ref: 'contractRef0001' },
    });
    const route = 'GET /api/supporter/campaigns/:id/scheduled/:shareId';
    const shareId = scheduled.json().id;
    await call({ route, params: { id: ids.campaignId, shareId }, query: 'ref=contractRef0001', status: 200 });
    await call({ route, params: { id: ids.campaignId, shareId: 999999 }, status: 404 });
    await call({ route: 'GET /api/push/public-key', status: 200 });
    await call({ route: 'GET /unsubscribe/:token', params: { token: 'nosuchtoken' }, status: 404 });
    await call({ route: 'POST /unsubscribe/:token', params: { token: 'nosuchtoken' }, status: 404 });
    const staffUnsubscribe = { params: { token: 'nosuchtoken' }, status: 404 } as const;
    await call({ route: 'GET /notifications/unsubscribe/:token', ...staffUnsubscribe });
    await call({ route: 'POST /notifications/unsubscribe/:token', ...staffUnsubscribe });
    await call({ route: 'GET /reminders/confirm/:token', params: { token: 'nosuchtoken' }, status: 404 });
    await call({ route: 'POST /reminders/confirm/:token', params: { token: 'nosuchtoken' }, status: 404 });
    await call({ route: 'GET /api/supporter/my-data', status: 200 });
    // Nothing held for a browser without a cookie: nothing erased, and the answer says so.
    await call({ route: 'DELETE /api/supporter/my-data', status: 404 });
    for (const route of [
      'GET /my-data/:token',
      'GET /my-data/:token/data.json',
      'POST /my-data/:token',
    ] as const)
      await call({ route, params: { token: 'nosuchtoken' }, status: 404 });
  }

  /** The instance console's routes (docs/api.md "Operators"): an operator's calls, and the refusals. */
  async function callInstanceRoutes(call: Caller) {
    const operator = bearer((await signUpOperator(t)).token);
    // An organisation's admin (not the instance's first account).
    const admin = bearer((await signUp(t.app)).token);
    await call({ route: 'GET /api/instance/settings', headers: operator, status: 200 });
    await call({ route: 'GET /api/instance/settings', headers: admin, status: 403 });
    await call({ route: 'GET /api/instance/settings', status: 401 });
    const settings: Request = { route: 'PUT /api/instance/settings', headers: operator };
    await call({ ...settings, payload: { allowedEmailDomains: ['example.org'] }, status: 200 });
    await call({ ...settings, payload: { allowedEmailDomains: [] }, status: 200 });
    await call({ ...settings, payload: { registration: 'sometimes' }, status: 400 });
    const invite: Request = { route: 'POST /api/instance/invitations', headers: operator };
    const link = (await call({ ...invite, payload: {}, status: 201 })).json();
    await call({ ...invite, payload: { expiresInDays: 3 }, status: 201 });
    await call({ ...invite, payload: { expiresInDays: 365 }, status: 400 });
    await call({ route: 'GET /api/instance/invitations', headers: operator, status: 200 });
    const withdraw: Request = {
      route: 'DELETE /api/instance/invitations/:id',
      params: link,
      headers: operator,
    };
    await call({ ...withdraw, status: 204 });
    await call({ ...withdraw, status: 404 });
    await call({ route: 'GET /api/instance/organizations', headers: operator, status: 200 });
    await call({ route: 'GET /api/instance/organizations', headers: admin, status: 403 });
    await call({
      route: 'GET /api/instance/organizations',
      query: 'sort=size',
      headers: operator,
      status: 400,
    });
    await call({ route: 'GET /api/instance/health', headers: operator, status: 200 });
    await call({ route: 'GET /api/instance/health', status: 401 });
    const org = { id: (await signUp(t.app)).orgId };
    const suspend = { route: 'POST /api/instance/organizations/:id/suspend', headers: operator } as const;
    await call({ ...suspend, params: org, payload: { reason: 'Contract' }, status: 200 });
    await call({ ...suspend, params: org, payload: {}, status: 400 });
    await call({ ...suspend, params: { id: 999999 }, payload: { reason: 'Contract' }, status: 404 });
    await call({ ...suspend, headers: admin, params: org, payload: { reason: 'Contract' }, status: 403 });
    const restore = { route: 'POST /api/instance/organizations/:id/restore', headers: operator } as const;
    await call({ ...restore, params: org, status: 200 });
    await call({ ...restore, params: { id: 999999 }, status: 404 });
    await call({ route: 'GET /api/instance/held-mail', headers: operator, status: 200 });
    await call({ route: 'GET /api/instance/held-mail', headers: operator, query: 'page=0', status: 400 });
    for (const action of ['release', 'drop'])
      await call({
        route: `POST /api/instance/held-mail/:id/${action}`,
        headers: operator,
        params: { id: 999999 },
        status: 404,
      });
    await call({ route: 'GET /api/instance/audit', headers: operator, status: 200 });
    await call({ route: 'GET /api/instance/audit', headers: admin, status: 403 });
  }

  // Some hundred requests, each with its own sign-ups: on PostgreSQL under a loaded CI
  // machine they took over the default 20 s.
  it('every route, called for real', { timeout: 90_000 }, async () => {
    const staff = await signUp(t.app);
    const auth = bearer(staff.token);
    const newcomer = await signUp(t.app, { org: false });
    const covered = new Set<string>();

    const call = async (c: Call) => {
      const [method, path] = c.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const url = urlOf(c);
      const res = await t.app.inject({ method, url, payload: c.payload as any, headers: c.headers });
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBe(c.status);
      covered.add(c.route);
      const schema = declaredSchema(method, path, c.status);
      if ('content' in schema) {
        // Non-JSON bodies (HTML pages, file bytes): the declared media type is sent.
        const types = Object.keys(schema.content as object);
        expect(types.some((type) => String(res.headers['content-type']).startsWith(type.split('/')[0]))).toBe(
          true,
        );
        return res;
      }
      // Every refusal names its code, one the document lists (the error schema's enum).
      if (res.statusCode >= 400) expect(Object.keys(ERROR_CODES), c.route).toContain(res.json().code);
      // A 204 has no body; its declared schema is null.
      const parsed = (schema as z.ZodType).safeParse(res.statusCode === 204 ? null : res.json());
      if (res.statusCode === 204) expect(res.body).toBe('');
      expect(parsed.error?.issues ?? [], c.route).toEqual([]);
      return res;
    };

    const campaign = (
      await call({
        route: 'POST /api/campaigns',
        headers: auth,
        payload: { name: 'Clean', status: 'draft' },
        status: 201,
      })
    ).json();
    const file = (
      await call({
        route: 'POST /api/upload-from-url',
        headers: auth,
        payload: { imageUrl: photoUrl },
        status: 201,
      })
    ).json().file;
    const png = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
    await call({
      route: 'POST /api/upload',
      headers: { ...auth, ...png.headers },
      payload: png.payload,
      status: 201,
    });
    const asset = (
      await call({
        route: 'POST /api/assets',
        headers: auth,
        payload: {
          title: 'Photo',
          description: 'The river in spring',
          type: 'image',
          content: file.url,
          campaignId: campaign.id,
        },
        status: 201,
      })
    ).json();
    // Published with its asset: a campaign is never live without one.
    await call({
      route: 'PUT /api/campaigns/:id',
      params: { id: campaign.id },
      headers: auth,
      // With a goal: its public progress answers.
      payload: { status: 'active', goal: { metric: 'shares', target: 100 } },
      status: 200,
    });
    await callTeamRoutes(call, staff);
    await callInstanceRoutes(call);

    const ids = { assetId: asset.id, campaignId: campaign.id, organizationId: staff.orgId };
    /** The path parameter of the staff's campaign. */
    const ours = { id: campaign.id };
    await callReminderRoutes(call, ids);
    // Shared moments: staff's side, a supporter's commitment (with the page's cookie) and the count.
    const moments = { route: 'POST /api/campaigns/:id/moments', params: ours, headers: auth } as const;
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const moment = (
      await call({ ...moments, payload: { at: soon, platform: 'any', assetId: asset.id }, status: 201 })
    ).json();
    await call({ ...moments, payload: { at: soon, platform: 'myspace' }, status: 400 });
    await call({ ...moments, params: none, payload: { at: soon, platform: 'any' }, status: 404 });
    await call({ route: 'GET /api/campaigns/:id/moments', params: ours, headers: auth, status: 200 });
    const page = await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` });
    const browser = {
      cookie: `rally_sid=${/rally_sid=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1]}`,
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    };
    const commit = { route: 'POST /api/supporter/moments/:id/commit', params: { id: moment.id } } as const;
    await call({ ...commit, headers: browser, payload: {}, status: 200 });
    await call({ ...commit, payload: {}, status: 400 });
    await call({ route: 'GET /api/supporter/moments/:id', params: { id: moment.id }, status: 200 });
    await call({ route: 'GET /api/supporter/moments/:id', params: none, status: 404 });
    await call({ route: 'DELETE /api/moments/:id', params: { id: moment.id }, headers: auth, status: 204 });
    await call({ route: 'DELETE /api/moments/:id', params: { id: moment.id }, headers: auth, status: 404 });
    const messageCheck: Request = { route: 'GET /api/supporter/assets/:id/message-check' };
    const exportCsv: Request = { route: 'GET /api/campaigns/:id/export.csv', headers: auth };
    const qrPng: Request = { route: 'GET /api/campaigns/:id/qr.png', params: ours, headers: auth };
    const poster: Request = { route: 'GET /api/campaigns/:id/poster.pdf', params: ours, headers: auth };
    const visit: Request = { route: 'POST /api/supporter/campaigns/:id/visits', params: ours };
    const editCampaign: Request = { route: 'PUT /api/campaigns/:id', params: ours, headers: auth };
    const editAsset: Request = { route: 'PUT /api/assets/:id', params: { id: asset.id }, headers: auth };
    await callRecognitionRoutes(call, ids, auth);
    const calls: Call[] = [
      { route: 'POST /api/login', payload: { username: staff.username, password: 'secret123' }, status: 200 },
      { route: 'POST /api/login', payload: { username: staff.username, password: 'wrong!!' }, status: 401 },
      {
        route: 'POST /api/register',
        payload: { username: staff.username, email: 'x@example.org', password: 'secret123' },
        status: 409,
      },
      { route: 'GET /api/user', headers: auth, status: 200 },
      { route: 'GET /api/user', status: 401 },
      { route: 'GET /api/auth-status', headers: auth, status: 200 },
      { route: 'PUT /api/user/profile', headers: auth, payload: { firstName: 'Ada' }, status: 200 },
      { route: 'PUT /api/user/profile', headers: auth, payload: { nope: 1 }, status: 400 },
      { route: 'GET /api/organization', headers: auth, status: 200 },
      { route: 'GET /api/organization', headers: bearer(newcomer.token), status: 404 },
      {
        route: 'POST /api/organizations',
        headers: bearer(newcomer.token),
        payload: { name: 'New Org', username: `org-${newcomer.username}` },
        status: 201,
      },
      { route: 'GET /api/campaigns', headers: auth, status: 200 },
      { route: 'GET /api/campaigns/:id', params: ours, headers: auth, status: 200 },
      { route: 'GET /api/campaigns/:id', params: none, headers: auth, status: 404 },
      { route: 'GET /api/campaigns/:id/assets', params: ours, headers: auth, status: 200 },
      // Review before publishing: nothing waits in this organisation (modules/reviews has the rest).
      { route: 'GET /api/reviews', headers: auth, status: 200 },
      { route: 'GET /api/campaigns/:id/review', params: ours, headers: auth, status: 404 },
      { route: 'GET /api/campaigns/:id/versions', params: ours, headers: auth, status: 200 },
      {
        route: 'POST /api/campaigns/:id/review/approve',
        params: ours,
        headers: auth,
        payload: {},
        status: 404,
      },
      {
        route: 'POST /api/campaigns/:id/review/request-changes',
        params: ours,
        headers: auth,
        payload: { comment: 'Shorter' },
        status: 404,
      },
      { route: 'POST /api/campaigns/:id/review/withdraw', params: ours, headers: auth, status: 404 },
      {
        route: 'PUT /api/campaigns/:id/assets/order',
        params: ours,
        headers: auth,
        payload: { assetIds: [asset.id] },
        status: 200,
      },
      { route: 'GET /api/assets', headers: auth, status: 200 },
      { route: 'GET /uploads/:name', params: { name: file.url.slice('/uploads/'.length) }, status: 200 },
      { route: 'GET /uploads/:name', params: { name: 'missing.png' }, status: 404 },
      {
        route: 'POST /api/shares',
        payload: { ...ids, platform: 'twitter', message: 'Please read this' },
        status: 201,
      },
      { ...messageCheck, params: { id: asset.id }, query: 'text=Please%20read%20this', status: 200 },
      { ...messageCheck, params: none, query: 'text=Please%20read%20this', status: 404 },
      { ...messageCheck, params: { id: asset.id }, status: 400 },
      {
        route: 'POST /api/shares/schedule',
        payload: { ...ids, platform: 'all', scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
        status: 201,
      },
      { route: 'GET /api/shares/scheduled', headers: auth, status: 200 },
      { route: 'GET /api/organization/stats', headers: auth, status: 200 },
      { route: 'GET /api/campaigns/:id/stats', params: ours, headers: auth, status: 200 },
      { route: 'GET /api/organization/analytics', headers: auth, status: 200 },
      { route: 'GET /api/organization/analytics', query: 'tz=Mars/Olympus', headers: auth, status: 400 },
      {
        route: 'GET /api/campaigns/:id/analytics',
        params: ours,
        query: 'from=2026-01-01&to=2026-01-31&tz=Europe/Paris',
        headers: auth,
        status: 200,
      },
      { route: 'GET /api/campaigns/:id/analytics', params: none, headers: auth, status: 404 },
      { route: 'GET /api/organization/export.csv', query: 'type=shares', headers: auth, status: 200 },
      { route: 'GET /api/organization/export.csv', query: 'type=likes', headers: auth, status: 400 },
      { ...exportCsv, params: ours, query: 'type=clicks', status: 200 },
      { ...exportCsv, params: none, query: 'type=shares', status: 404 },
      { route: 'GET /api/campaigns/:id/qr.svg', params: ours, headers: auth, status: 200 },
      { route: 'GET /api/campaigns/:id/qr.svg', params: none, headers: auth, status: 404 },
      { ...qrPng, query: 'size=256', status: 200 },
      { ...qrPng, query: 'size=9999', status: 400 },
      { ...poster, query: 'line=Scan%20me', status: 200 },
      { ...poster, query: `line=${'x'.repeat(500)}`, status: 400 },
      { route: 'POST /api/clicks', payload: { campaignId: campaign.id, ref: 'notARealRef01' }, status: 204 },
      { route: 'POST /api/clicks', payload: { campaignId: 'x' }, status: 400 },
      { ...visit, payload: { src: 'qr' }, status: 204 },
      { ...visit, payload: { src: 'qr', extra: 1 }, status: 400 },
      { route: 'GET /api/assets/:id/analytics', params: { id: asset.id }, headers: auth, status: 200 },
      { route: 'GET /api/assets/:id/analytics', params: none, headers: auth, status: 404 },
      { route: 'GET /api/templates', headers: auth, status: 200 },
      {
        route: 'POST /api/templates',
        headers: auth,
        payload: { campaignId: campaign.id, name: 'Mine' },
        status: 201,
      },
      {
        route: 'POST /api/templates/:id/use',
        params: { id: 'follower-growth' },
        headers: auth,
        payload: {},
        status: 201,
      },
      { route: 'POST /api/debug/create-test-content', headers: auth, status: 201 },
      { route: 'POST /api/debug/run-jobs', headers: auth, status: 204 },
      { route: 'GET /api/supporter/campaigns/:id', params: ours, status: 200 },
      { route: 'GET /api/supporter/campaigns/:id', params: { id: 0 }, status: 404 },
      { route: 'GET /api/supporter/campaigns/:id/impact', params: ours, status: 200 },
      { route: 'GET /api/supporter/campaigns/:id/scheduled', params: ours, status: 200 },
      { route: 'GET /api/supporter/campaigns/:id/scheduled', params: none, status: 404 },
      { route: 'GET /api/supporter/campaigns/:id/elsewhere', params: none, status: 200 },
      { route: 'GET /api/supporter/campaigns/:id/progress', params: ours, status: 200 },
      { route: 'GET /api/supporter/campaigns/:id/progress', params: { id: 0 }, status: 404 },
      {
        route: 'PUT /api/supporter/cookie-choice',
        payload: { visitorCookie: false },
        headers: { 'sec-fetch-site': 'same-origin' },
        status: 204,
      },
      { route: 'PUT /api/supporter/cookie-choice', payload: { visitorCookie: 'no' }, status: 400 },
      { route: 'GET /supporter/:id', params: ours, status: 200 },
      { route: 'GET /supporter/campaign/:id', params: none, status: 404 },
      { route: 'GET /embed/:campaignId', params: { campaignId: campaign.id }, status: 200 },
      { route: 'GET /embed/:campaignId', params: { campaignId: 999999 }, status: 404 },
      { route: 'GET /api/openapi.json', status: 200 },
      { route: 'GET /healthz', status: 200 },
      { route: 'GET /readyz', status: 200 },
      { route: 'GET /metrics', status: 404 },
      // The lifecycle, last: deleting the asset and archiving the campaign end its sharing.
      { route: 'GET /api/campaigns', query: 'status=active', headers: auth, status: 200 },
      { route: 'GET /api/campaigns', query: 'status=gone', headers: auth, status: 400 },
      {
        ...editCampaign,
        payload: { name: 'Clean rivers', status: 'paused', endDate: '2099-12-31' },
        status: 200,
      },
      { ...editCampaign, payload: { status: 'draft' }, status: 400 },
      { ...editCampaign, params: none, payload: { name: 'Nobody' }, status: 404 },
      { ...editAsset, payload: { title: 'Photo of the river', description: null }, status: 200 },
      { ...editAsset, payload: {}, status: 400 },
      { route: 'POST /api/campaigns/:id/duplicate', params: ours, headers: auth, status: 201 },
      { route: 'POST /api/campaigns/:id/duplicate', params: none, headers: auth, status: 404 },
      { route: 'GET /api/campaigns/import/template.csv', headers: auth, status: 200 },
      {
        route: 'POST /api/campaigns/import',
        query: 'dryRun=true',
        headers: auth,
        payload: {
          rows: [{ campaign_name: 'Imported', asset_type: 'text', title: 'Post', share_text: 'Hi' }],
        },
        status: 200,
      },
      {
        route: 'POST /api/campaigns/import',
        query: 'dryRun=false',
        headers: auth,
        payload: { rows: [{}] },
        status: 400,
      },
      // The only asset of a live (paused) campaign stays; once ended, it can go.
      { route: 'DELETE /api/assets/:id', params: { id: asset.id }, headers: auth, status: 409 },
      { ...editCampaign, payload: { status: 'ended' }, status: 200 },
      { route: 'DELETE /api/assets/:id', params: { id: asset.id }, headers: auth, status: 204 },
      { route: 'DELETE /api/assets/:id', params: { id: asset.id }, headers: auth, status: 404 },
      { route: 'DELETE /api/campaigns/:id', params: ours, headers: auth, status: 204 },
      { route: 'DELETE /api/campaigns/:id', params: none, headers: auth, status: 404 },
      // Archived: hidden from the public, previewed by its team.
      { route: 'GET /api/supporter/campaigns/:id', params: ours, status: 404 },
      { route: 'GET /api/supporter/campaigns/:id', params: ours, headers: auth, status: 200 },
      { route: 'POST /api/shares', payload: { ...ids, platform: 'twitter' }, status: 409 },
      { route: 'POST /api/logout', headers: auth, status: 200 },
    ];
    for (const c of calls) await call(c);

    // A new route fails here until it is called above and checked against its schema.
    expect(
      appRoutes()
        .map(([k]) => k)
        .filter((k) => !covered.has(k)),
    ).toEqual([]);
  });

  it('never sends a password hash, even though the service reads the whole row', async () => {
    const u = await signUp(t.app);
    for (const url of ['/api/user', '/api/auth-status']) {
      const res = await t.app.inject({ url, headers: bearer(u.token) });
      expect(res.body).not.toMatch(/passwordHash|argon2/);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: u.username, password: 'secret123' },
    });
    expect(Object.keys(login.json()).sort()).toEqual(
      [...Object.keys(publicUserSchema.shape), 'token'].sort(),
    );
  });

  it('sends the pre-serialised supporter JSON with exactly the schema fields', async () => {
    const staff = await signUp(t.app);
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/debug/create-test-content',
      headers: bearer(staff.token),
    });
    const body = (await t.app.inject({ url: `/api/supporter/campaigns/${c.json().campaign.id}` })).json();
    // The hot route bypasses the serializer, so nothing strips extra keys: compare them.
    expect(Object.keys(body.campaign).sort()).toEqual(
      Object.keys(supporterCampaignSchema.shape.campaign.shape).sort(),
    );
    expect(supporterCampaignSchema.parse(body)).toEqual(body);

    // With share-text variants the per-visitor JSON holds the visitor's variant, never the list.
    const assetId = c.json().asset.id;
    await sendJson(
      t.app,
      'PUT',
      `/api/assets/${assetId}`,
      { variants: [{ text: 'One' }, { text: 'Two' }] },
      staff.token,
    );
    const own = (await t.app.inject({ url: `/api/supporter/campaigns/${c.json().campaign.id}` })).json();
    const asset = own.assets.find((a: { id: number }) => a.id === assetId);
    expect(['One', 'Two']).toContain(asset.variant.text);
    expect(asset).not.toHaveProperty('variants');
    expect(supporterCampaignSchema.parse(own)).toEqual(own);
  });

  it('answers errors with the shared error body', async () => {
    const res = await t.app.inject({ url: '/api/campaigns' });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json())).toEqual({
      code: 'NOT_AUTHENTICATED',
      message: 'Not authenticated',
    });
  });
});
