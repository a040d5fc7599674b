import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { publicUserSchema } from '#shared/schemas/auth.ts';
import { apiErrorSchema } from '#shared/schemas/common.ts';
import { supporterCampaignSchema } from '#shared/schemas/shares.ts';
import { PNG_1X1 } from '../modules/campaigns/workspace-fixtures.ts';
import { API_DOCS_PREFIX } from '../plugins/openapi.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { bearer, createTestApp, sendJson, signUp, type TestApp } from './test-app.ts';

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
          required: ['message'],
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
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    /** The route pattern, as registered. */
    route: string;
    url?: string;
    payload?: unknown;
    headers?: Record<string, string>;
    status: number;
  }

  type Caller = (c: Call) => Promise<LightMyRequestResponse>;

  /** Members, invitations, roles, settings and the account's own routes, in the order a team uses them. */
  async function callTeamRoutes(call: Caller, staff: { token: string; username: string }) {
    const auth = bearer(staff.token);
    const email = () => `c${Math.random().toString(36).slice(2, 10)}@example.org`;

    await call({ method: 'GET', route: '/api/organization/members', headers: auth, status: 200 });
    await call({ method: 'GET', route: '/api/organization/members', status: 401 });
    const invitation = (
      await call({
        method: 'POST',
        route: '/api/organization/invitations',
        headers: auth,
        payload: { email: email(), role: 'viewer' },
        status: 201,
      })
    ).json();
    await call({
      method: 'POST',
      route: '/api/organization/invitations',
      headers: auth,
      payload: { email: email(), role: 'owner' },
      status: 400,
    });
    await call({ method: 'GET', route: '/api/organization/invitations', headers: auth, status: 200 });
    await call({ method: 'GET', route: '/api/organization/invitations', status: 401 });
    const token = new URL(invitation.url).pathname.split('/invite/')[1];
    await call({
      method: 'GET',
      route: '/api/invitations/:token',
      url: `/api/invitations/${token}`,
      status: 200,
    });
    await call({
      method: 'GET',
      route: '/api/invitations/:token',
      url: '/api/invitations/nosuch',
      status: 404,
    });
    const joiner = await signUp(t.app, { org: false });
    await call({
      method: 'POST',
      route: '/api/invitations/:token/accept',
      url: `/api/invitations/${token}/accept`,
      headers: bearer(joiner.token),
      status: 200,
    });
    await call({
      method: 'POST',
      route: '/api/invitations/:token/accept',
      url: `/api/invitations/${token}/accept`,
      headers: bearer((await signUp(t.app, { org: false })).token),
      status: 404,
    });
    await call({
      method: 'PUT',
      route: '/api/organization/members/:userId',
      url: `/api/organization/members/${joiner.userId}`,
      headers: auth,
      payload: { role: 'editor' },
      status: 200,
    });
    await call({
      method: 'PUT',
      route: '/api/organization/members/:userId',
      url: `/api/organization/members/${joiner.userId}`,
      headers: auth,
      payload: { role: 'owner' },
      status: 400,
    });
    await call({
      method: 'DELETE',
      route: '/api/organization/members/:userId',
      url: `/api/organization/members/${joiner.userId}`,
      headers: auth,
      status: 204,
    });
    await call({
      method: 'DELETE',
      route: '/api/organization/members/:userId',
      url: '/api/organization/members/999999',
      headers: auth,
      status: 404,
    });
    const pending = (
      await call({
        method: 'POST',
        route: '/api/organization/invitations',
        headers: auth,
        payload: { email: email(), role: 'editor' },
        status: 201,
      })
    ).json();
    await call({
      method: 'DELETE',
      route: '/api/organization/invitations/:id',
      url: `/api/organization/invitations/${pending.id}`,
      headers: auth,
      status: 204,
    });
    await call({
      method: 'DELETE',
      route: '/api/organization/invitations/:id',
      url: '/api/organization/invitations/999999',
      headers: auth,
      status: 404,
    });

    await call({ method: 'GET', route: '/api/organization/settings', headers: auth, status: 200 });
    await call({ method: 'GET', route: '/api/organization/settings', status: 401 });
    await call({
      method: 'PUT',
      route: '/api/organization/settings',
      headers: auth,
      payload: { branding: { primaryColor: '#1e3a8a' }, supporters: { collectInfo: false } },
      status: 200,
    });
    await call({
      method: 'PUT',
      route: '/api/organization/settings',
      headers: auth,
      payload: { branding: { primaryColor: '#ffffff' } },
      status: 400,
    });

    // API keys: made, listed, used, refused where keys may not go, revoked.
    const apiKey = (
      await call({
        method: 'POST',
        route: '/api/organization/api-keys',
        headers: auth,
        payload: { name: 'Contract key', role: 'viewer' },
        status: 201,
      })
    ).json();
    await call({
      method: 'POST',
      route: '/api/organization/api-keys',
      headers: auth,
      payload: { name: 'Contract key', role: 'admin' },
      status: 400,
    });
    await call({ method: 'GET', route: '/api/campaigns', headers: bearer(apiKey.key), status: 200 });
    await call({ method: 'GET', route: '/api/organization/api-keys', headers: auth, status: 200 });
    await call({
      method: 'GET',
      route: '/api/organization/api-keys',
      headers: bearer(apiKey.key),
      status: 403,
    });
    await call({
      method: 'DELETE',
      route: '/api/organization/api-keys/:id',
      url: `/api/organization/api-keys/${apiKey.id}`,
      headers: auth,
      status: 204,
    });
    await call({
      method: 'DELETE',
      route: '/api/organization/api-keys/:id',
      url: `/api/organization/api-keys/${apiKey.id}`,
      headers: auth,
      status: 404,
    });
    await call({ method: 'GET', route: '/api/campaigns', headers: bearer(apiKey.key), status: 401 });

    // A second session of the same user, for the session list to end.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: staff.username, password: 'secret123' },
      })
    ).json().token as string;
    const sessions = (
      await call({ method: 'GET', route: '/api/user/sessions', headers: auth, status: 200 })
    ).json() as { id: number; current: boolean }[];
    await call({ method: 'GET', route: '/api/user/sessions', status: 401 });
    const otherId = sessions.find((x) => !x.current)?.id;
    expect(otherId).toBeDefined();
    await call({
      method: 'DELETE',
      route: '/api/user/sessions/:id',
      url: `/api/user/sessions/${otherId}`,
      headers: auth,
      status: 204,
    });
    await call({
      method: 'DELETE',
      route: '/api/user/sessions/:id',
      url: `/api/user/sessions/${otherId}`,
      headers: auth,
      status: 404,
    });
    expect((await t.app.inject({ url: '/api/user', headers: bearer(other) })).statusCode).toBe(401);
    await call({ method: 'GET', route: '/api/user/activity', headers: auth, status: 200 });
    await call({ method: 'GET', route: '/api/user/activity', status: 401 });
    await call({ method: 'GET', route: '/api/organization/activity', headers: auth, status: 200 });
    await call({
      method: 'GET',
      route: '/api/organization/activity',
      url: '/api/organization/activity?limit=0',
      headers: auth,
      status: 400,
    });
    // The same password again: later calls still sign in with it.
    await call({
      method: 'PUT',
      route: '/api/user/password',
      headers: auth,
      payload: { currentPassword: 'secret123', newPassword: 'secret123' },
      status: 200,
    });
    await call({
      method: 'PUT',
      route: '/api/user/password',
      headers: auth,
      payload: { currentPassword: 'secret123' },
      status: 400,
    });

    // A password reset of a throwaway account (it ends that account's sessions).
    const forgetful = await signUp(t.app, { org: false });
    const address = `${forgetful.username}@example.org`;
    await call({ method: 'POST', route: '/api/password-reset', payload: { email: address }, status: 202 });
    await call({ method: 'POST', route: '/api/password-reset', payload: { email: 'nope' }, status: 400 });
    const mail = await smtp.waitFor(address);
    const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(resetToken).toBeDefined();
    await call({
      method: 'POST',
      route: '/api/password-reset/:token',
      url: `/api/password-reset/${resetToken}`,
      payload: { newPassword: 'secret456' },
      status: 200,
    });
    await call({
      method: 'POST',
      route: '/api/password-reset/:token',
      url: `/api/password-reset/${resetToken}`,
      payload: { newPassword: 'secret789' },
      status: 400,
    });
  }

  /** The one-tap link's scheduled share, the VAPID key and the unsubscribe page. */
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
    const route = '/api/supporter/campaigns/:id/scheduled/:shareId';
    const url = (shareId: number) => `/api/supporter/campaigns/${ids.campaignId}/scheduled/${shareId}`;
    await call({ method: 'GET', route, url: `${url(scheduled.json().id)}?ref=contractRef0001`, status: 200 });
    await call({ method: 'GET', route, url: url(999999), status: 404 });
    await call({ method: 'GET', route: '/api/push/public-key', status: 200 });
    await call({ method: 'GET', route: '/unsubscribe/:token', url: '/unsubscribe/nosuchtoken', status: 404 });
  }

  it('every route, called for real', async () => {
    const staff = await signUp(t.app);
    const auth = bearer(staff.token);
    const newcomer = await signUp(t.app, { org: false });
    const covered = new Set<string>();

    const call = async (c: Call) => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url ?? c.route,
        payload: c.payload as any,
        headers: c.headers,
      });
      expect(res.statusCode, `${c.method} ${c.url ?? c.route}: ${res.body.slice(0, 200)}`).toBe(c.status);
      covered.add(key(c.method, c.route));
      const schema = declaredSchema(c.method, c.route, c.status);
      if ('content' in schema) {
        // Non-JSON bodies (HTML pages, file bytes): the declared media type is sent.
        const types = Object.keys(schema.content as object);
        expect(types.some((type) => String(res.headers['content-type']).startsWith(type.split('/')[0]))).toBe(
          true,
        );
        return res;
      }
      // A 204 has no body; its declared schema is null.
      const parsed = (schema as z.ZodType).safeParse(res.statusCode === 204 ? null : res.json());
      if (res.statusCode === 204) expect(res.body).toBe('');
      expect(parsed.error?.issues ?? [], `${c.method} ${c.route}`).toEqual([]);
      return res;
    };

    const campaign = (
      await call({
        method: 'POST',
        route: '/api/campaigns',
        headers: auth,
        payload: { name: 'Clean' },
        status: 201,
      })
    ).json();
    const file = (
      await call({
        method: 'POST',
        route: '/api/upload-from-url',
        headers: auth,
        payload: { imageUrl: photoUrl },
        status: 201,
      })
    ).json().file;
    const boundary = 'contractboundary';
    await call({
      method: 'POST',
      route: '/api/upload',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG_1X1,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      status: 201,
    });
    const asset = (
      await call({
        method: 'POST',
        route: '/api/assets',
        headers: auth,
        payload: { title: 'Photo', type: 'image', content: file.url, campaignId: campaign.id },
        status: 201,
      })
    ).json();
    await callTeamRoutes(call, staff);

    const ids = { assetId: asset.id, campaignId: campaign.id, organizationId: staff.orgId };
    const id = (route: string) => route.replace(':id', String(campaign.id));
    await callReminderRoutes(call, ids);
    const calls: Call[] = [
      {
        method: 'POST',
        route: '/api/login',
        payload: { username: staff.username, password: 'secret123' },
        status: 200,
      },
      {
        method: 'POST',
        route: '/api/login',
        payload: { username: staff.username, password: 'wrong!!' },
        status: 401,
      },
      {
        method: 'POST',
        route: '/api/register',
        payload: { username: staff.username, email: 'x@example.org', password: 'secret123' },
        status: 409,
      },
      { method: 'GET', route: '/api/user', headers: auth, status: 200 },
      { method: 'GET', route: '/api/user', status: 401 },
      { method: 'GET', route: '/api/auth-status', headers: auth, status: 200 },
      {
        method: 'PUT',
        route: '/api/user/profile',
        headers: auth,
        payload: { firstName: 'Ada' },
        status: 200,
      },
      { method: 'PUT', route: '/api/user/profile', headers: auth, payload: { nope: 1 }, status: 400 },
      { method: 'GET', route: '/api/organization', headers: auth, status: 200 },
      { method: 'GET', route: '/api/organization', headers: bearer(newcomer.token), status: 404 },
      {
        method: 'POST',
        route: '/api/organizations',
        headers: bearer(newcomer.token),
        payload: { name: 'New Org', username: `org-${newcomer.username}` },
        status: 201,
      },
      { method: 'GET', route: '/api/campaigns', headers: auth, status: 200 },
      {
        method: 'GET',
        route: '/api/campaigns/:id',
        url: id('/api/campaigns/:id'),
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id',
        url: '/api/campaigns/999999',
        headers: auth,
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/assets',
        url: id('/api/campaigns/:id/assets'),
        headers: auth,
        status: 200,
      },
      {
        method: 'PUT',
        route: '/api/campaigns/:id/assets/order',
        url: id('/api/campaigns/:id/assets/order'),
        headers: auth,
        payload: { assetIds: [asset.id] },
        status: 200,
      },
      { method: 'GET', route: '/api/assets', headers: auth, status: 200 },
      { method: 'GET', route: '/uploads/:name', url: file.url, status: 200 },
      { method: 'GET', route: '/uploads/:name', url: '/uploads/missing.png', status: 404 },
      {
        method: 'POST',
        route: '/api/shares',
        payload: { ...ids, platform: 'twitter', message: 'Please read this' },
        status: 201,
      },
      {
        method: 'GET',
        route: '/api/supporter/assets/:id/message-check',
        url: `/api/supporter/assets/${asset.id}/message-check?text=Please%20read%20this`,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/supporter/assets/:id/message-check',
        url: '/api/supporter/assets/999999/message-check?text=Please%20read%20this',
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/supporter/assets/:id/message-check',
        url: `/api/supporter/assets/${asset.id}/message-check`,
        status: 400,
      },
      {
        method: 'POST',
        route: '/api/shares/schedule',
        payload: { ...ids, platform: 'all', scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
        status: 201,
      },
      { method: 'GET', route: '/api/shares/scheduled', headers: auth, status: 200 },
      { method: 'GET', route: '/api/organization/stats', headers: auth, status: 200 },
      {
        method: 'GET',
        route: '/api/campaigns/:id/stats',
        url: id('/api/campaigns/:id/stats'),
        headers: auth,
        status: 200,
      },
      { method: 'GET', route: '/api/organization/analytics', headers: auth, status: 200 },
      {
        method: 'GET',
        route: '/api/organization/analytics',
        url: '/api/organization/analytics?tz=Mars/Olympus',
        headers: auth,
        status: 400,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/analytics',
        url: `${id('/api/campaigns/:id/analytics')}?from=2026-01-01&to=2026-01-31&tz=Europe/Paris`,
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/analytics',
        url: '/api/campaigns/999999/analytics',
        headers: auth,
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/organization/export.csv',
        url: '/api/organization/export.csv?type=shares',
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/organization/export.csv',
        url: '/api/organization/export.csv?type=likes',
        headers: auth,
        status: 400,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/export.csv',
        url: `${id('/api/campaigns/:id/export.csv')}?type=clicks`,
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/export.csv',
        url: '/api/campaigns/999999/export.csv?type=shares',
        headers: auth,
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/qr.svg',
        url: id('/api/campaigns/:id/qr.svg'),
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/qr.svg',
        url: '/api/campaigns/999999/qr.svg',
        headers: auth,
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/qr.png',
        url: `${id('/api/campaigns/:id/qr.png')}?size=256`,
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/qr.png',
        url: `${id('/api/campaigns/:id/qr.png')}?size=9999`,
        headers: auth,
        status: 400,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/poster.pdf',
        url: `${id('/api/campaigns/:id/poster.pdf')}?line=Scan%20me`,
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns/:id/poster.pdf',
        url: `${id('/api/campaigns/:id/poster.pdf')}?line=${'x'.repeat(500)}`,
        headers: auth,
        status: 400,
      },
      {
        method: 'POST',
        route: '/api/clicks',
        payload: { campaignId: campaign.id, ref: 'notARealRef01' },
        status: 204,
      },
      { method: 'POST', route: '/api/clicks', payload: { campaignId: 'x' }, status: 400 },
      {
        method: 'POST',
        route: '/api/supporter/campaigns/:id/visits',
        url: `/api/supporter/campaigns/${campaign.id}/visits`,
        payload: { src: 'qr' },
        status: 204,
      },
      {
        method: 'POST',
        route: '/api/supporter/campaigns/:id/visits',
        url: `/api/supporter/campaigns/${campaign.id}/visits`,
        payload: { src: 'qr', extra: 1 },
        status: 400,
      },
      {
        method: 'GET',
        route: '/api/assets/:id/analytics',
        url: `/api/assets/${asset.id}/analytics`,
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/assets/:id/analytics',
        url: '/api/assets/999999/analytics',
        headers: auth,
        status: 404,
      },
      { method: 'GET', route: '/api/templates', headers: auth, status: 200 },
      {
        method: 'POST',
        route: '/api/templates',
        headers: auth,
        payload: { campaignId: campaign.id, name: 'Mine' },
        status: 201,
      },
      {
        method: 'POST',
        route: '/api/templates/:id/use',
        url: '/api/templates/follower-growth/use',
        headers: auth,
        payload: {},
        status: 201,
      },
      { method: 'POST', route: '/api/debug/create-test-content', headers: auth, status: 201 },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id',
        url: id('/api/supporter/campaigns/:id'),
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id',
        url: '/api/supporter/campaigns/0',
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id/impact',
        url: id('/api/supporter/campaigns/:id/impact'),
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id/scheduled',
        url: id('/api/supporter/campaigns/:id/scheduled'),
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id/scheduled',
        url: '/api/supporter/campaigns/999999/scheduled',
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id/elsewhere',
        url: '/api/supporter/campaigns/999999/elsewhere',
        status: 200,
      },
      { method: 'GET', route: '/supporter/:id', url: id('/supporter/:id'), status: 200 },
      { method: 'GET', route: '/supporter/campaign/:id', url: '/supporter/campaign/999999', status: 404 },
      { method: 'GET', route: '/embed/:campaignId', url: `/embed/${campaign.id}`, status: 200 },
      { method: 'GET', route: '/embed/:campaignId', url: '/embed/999999', status: 404 },
      { method: 'GET', route: '/api/openapi.json', status: 200 },
      { method: 'GET', route: '/healthz', status: 200 },
      { method: 'GET', route: '/readyz', status: 200 },
      { method: 'GET', route: '/metrics', status: 404 },
      // The lifecycle, last: deleting the asset and archiving the campaign end its sharing.
      {
        method: 'GET',
        route: '/api/campaigns',
        url: '/api/campaigns?status=active',
        headers: auth,
        status: 200,
      },
      {
        method: 'GET',
        route: '/api/campaigns',
        url: '/api/campaigns?status=gone',
        headers: auth,
        status: 400,
      },
      {
        method: 'PUT',
        route: '/api/campaigns/:id',
        url: id('/api/campaigns/:id'),
        headers: auth,
        payload: { name: 'Clean rivers', status: 'paused', endDate: '2099-12-31' },
        status: 200,
      },
      {
        method: 'PUT',
        route: '/api/campaigns/:id',
        url: id('/api/campaigns/:id'),
        headers: auth,
        payload: { status: 'draft' },
        status: 400,
      },
      {
        method: 'PUT',
        route: '/api/campaigns/:id',
        url: '/api/campaigns/999999',
        headers: auth,
        payload: { name: 'Nobody' },
        status: 404,
      },
      {
        method: 'PUT',
        route: '/api/assets/:id',
        url: `/api/assets/${asset.id}`,
        headers: auth,
        payload: { title: 'Photo of the river', description: null },
        status: 200,
      },
      {
        method: 'PUT',
        route: '/api/assets/:id',
        url: `/api/assets/${asset.id}`,
        headers: auth,
        payload: {},
        status: 400,
      },
      {
        method: 'POST',
        route: '/api/campaigns/:id/duplicate',
        url: id('/api/campaigns/:id/duplicate'),
        headers: auth,
        status: 201,
      },
      {
        method: 'POST',
        route: '/api/campaigns/:id/duplicate',
        url: '/api/campaigns/999999/duplicate',
        headers: auth,
        status: 404,
      },
      {
        method: 'DELETE',
        route: '/api/assets/:id',
        url: `/api/assets/${asset.id}`,
        headers: auth,
        status: 204,
      },
      {
        method: 'DELETE',
        route: '/api/assets/:id',
        url: `/api/assets/${asset.id}`,
        headers: auth,
        status: 404,
      },
      {
        method: 'DELETE',
        route: '/api/campaigns/:id',
        url: id('/api/campaigns/:id'),
        headers: auth,
        status: 204,
      },
      {
        method: 'DELETE',
        route: '/api/campaigns/:id',
        url: '/api/campaigns/999999',
        headers: auth,
        status: 404,
      },
      // Archived: hidden from the public, previewed by its team.
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id',
        url: id('/api/supporter/campaigns/:id'),
        status: 404,
      },
      {
        method: 'GET',
        route: '/api/supporter/campaigns/:id',
        url: id('/api/supporter/campaigns/:id'),
        headers: auth,
        status: 200,
      },
      { method: 'POST', route: '/api/shares', payload: { ...ids, platform: 'twitter' }, status: 409 },
      { method: 'POST', route: '/api/logout', headers: auth, status: 200 },
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
    expect(apiErrorSchema.parse(res.json()).message).toBe('Not authenticated');
  });
});
