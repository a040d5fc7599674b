import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '#shared/constants.ts';
import { ERROR_CODES } from '#shared/error-code-docs.ts';
import { type ErrorCode, type ErrorParams, FIELD_RULES, type RateLimitScope } from '#shared/errors.ts';
import { addMember, tokenOf } from './teams.ts';
import { insertHeldMail } from './db-rows.ts';
import {
  bearer,
  createTestApp,
  postRaw,
  signUp,
  signUpOperator,
  type SignedUp,
  type TestApp,
  uniqueName,
} from './test-app.ts';
import { uploadFile, uploadFromUrl } from './upload-file.ts';
import { PNG_1X1 } from './sample-files.ts';

// Every refusal the server makes carries a stable `code` that the OpenAPI document
// lists: driven here across routes (bad input, callers, roles, organisations, limits,
// framework refusals and each domain rule), and every code the enum names is reached
// at least once, so a code cannot be listed and never sent, nor sent and never listed.
// Each refusal's `params` are checked too: exactly the values docs/api.md "Errors the
// client words" gives its code, and none for a code whose words are fixed.

/** Codes no request can reach on purpose: each with why. */
const UNREACHABLE: Partial<Record<ErrorCode, string>> = {
  ALREADY_EXISTS: 'a unique-key race the services check for first',
  REFERENCE_NOT_FOUND: 'a row deleted between the check and the insert',
  INTERNAL: 'a server bug',
  SERVER_BUSY: 'password checks queued past their limit: test/abuse/password-work.test.ts',
  REQUEST_REFUSED: "the fallback for a framework refusal that none of Fastify's own codes names",
};

let a: TestApp;
let b: TestApp;
let server: http.Server;
let serverUrl = '';
let documented: string[] = [];
const reached = new Set<string>();

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(404).end('gone'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  a = await createTestApp({
    ALLOW_PRIVATE_FETCH: 'true',
    ALLOWED_HOSTS: 'localhost',
    API_KEY_REQUESTS_PER_MINUTE: '3',
    UPLOAD_MAX_BYTES: '4096',
    // Mail is on (no server needs to answer: reminders are only queued here).
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'rally@example.org',
  });
  b = await createTestApp({ ALLOWED_HOSTS: 'localhost', UPLOAD_QUOTA_BYTES: '10' });
  const doc = (await a.app.inject({ url: '/api/openapi.json' })).json();
  documented =
    doc.paths['/api/campaigns'].get.responses['4XX'].content['application/json'].schema.properties.code.enum;
});
afterAll(async () => {
  server.close();
  await a?.close();
  await b?.close();
});

/**
 * The refusal has this status and code, the document lists the code, and its `params`
 * are exactly `params` (none when not given).
 */
function refused<C extends ErrorCode>(
  res: LightMyRequestResponse,
  status: number,
  code: C,
  ...[params]: undefined extends ErrorParams<C> ? [params?: ErrorParams<C>] : [params: ErrorParams<C>]
) {
  const what = `${status} ${code}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBe(status);
  const body = res.json();
  expect(body.code, what).toBe(code);
  expect(documented, what).toContain(body.code);
  expect(typeof body.message, what).toBe('string');
  expect(body.params, what).toEqual(params);
  reached.add(body.code);
}

/** A 429's params: its `Retry-After` in whole seconds, and whose limit it was. */
function waitOf(res: LightMyRequestResponse, scope: RateLimitScope) {
  const retryAfterSeconds = Number(res.headers['retry-after']);
  expect(retryAfterSeconds, res.body).toBeGreaterThan(0);
  return { retryAfterSeconds, scope };
}

const inject = (t: TestApp, method: string, url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });

/** A campaign (active unless asked) with one text asset, as `who`. */
/** A campaign of `who` with one text asset: published (as staff do, once it has the asset) unless `body` asks for a draft. */
async function campaignWithAsset(t: TestApp, who: SignedUp, body: Record<string, unknown> = {}) {
  const { status = 'active', ...fields } = body;
  const draft = (
    await inject(t, 'POST', '/api/campaigns', who.token, { name: 'Rivers', ...fields, status: 'draft' })
  ).json();
  const asset = (
    await inject(t, 'POST', '/api/assets', who.token, {
      title: 'Words',
      type: 'text',
      content: 'Rivers need us',
      campaignId: draft.id,
    })
  ).json();
  expect(asset.id, JSON.stringify(asset)).toBeGreaterThan(0);
  const published =
    status === 'draft'
      ? undefined
      : await inject(t, 'PUT', `/api/campaigns/${draft.id}`, who.token, { status });
  const campaign = published ? published.json() : draft;
  expect(campaign.status, JSON.stringify(campaign)).toBe(status);
  return { campaign, asset, ids: { assetId: asset.id, campaignId: campaign.id, organizationId: who.orgId } };
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const push = (endpoint: string) => ({
  endpoint,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

describe('the error body in the OpenAPI document', () => {
  it('lists exactly the shared codes as the `code` enum of every route’s errors', async () => {
    expect([...documented].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    const doc = (await a.app.inject({ url: '/api/openapi.json' })).json();
    let checked = 0;
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        // Pages (the supporter page, the embed card) answer their errors as HTML.
        const schema = op.responses?.['4XX']?.content?.['application/json']?.schema;
        if (!schema) continue;
        checked++;
        expect(schema.properties?.code?.enum, `${method} ${path}`).toEqual(documented);
        expect(schema.required, `${method} ${path}`).toContain('code');
      }
    expect(checked).toBeGreaterThan(40);
  });

  it('describes `params` and each field’s `rule` and `params`', async () => {
    const doc = (await a.app.inject({ url: '/api/openapi.json' })).json();
    const schema = doc.paths['/api/campaigns'].post.responses['4XX'].content['application/json'].schema;
    expect(Object.keys(schema.properties.params.properties)).toEqual(
      expect.arrayContaining(['retryAfterSeconds', 'scope', 'assetId', 'maxBytes', 'reason']),
    );
    const field = schema.properties.errors.items.properties;
    expect(field.rule.enum).toEqual([...FIELD_RULES]);
    expect(Object.keys(field.params.properties)).toEqual(
      expect.arrayContaining(['minimum', 'maximum', 'exclusive', 'format', 'fields']),
    );
  });
});

describe('every refusal carries a listed code', () => {
  it('the request itself: bad body, bad JSON, too large, wrong content type, unknown route', async () => {
    const u = await signUp(a.app);
    const wrongType = await inject(a, 'POST', '/api/campaigns', u.token, { name: 5 });
    refused(wrongType, 400, 'VALIDATION_FAILED');
    // Its params are per field (src/server/test/error-params.test.ts has each rule).
    expect(wrongType.json().errors).toEqual([
      { path: 'name', message: 'name must be a string', rule: 'invalid_type' },
    ]);
    refused(await inject(a, 'GET', '/api/campaigns?status=gone', u.token), 400, 'VALIDATION_FAILED');
    refused(await inject(a, 'GET', '/api/campaigns/abc', u.token), 400, 'VALIDATION_FAILED');
    refused(await postRaw(a.app, '/api/login', '[]'), 400, 'VALIDATION_FAILED');
    refused(await postRaw(a.app, '/api/login', '{"username":'), 400, 'MALFORMED_REQUEST');
    refused(await postRaw(a.app, '/api/login', ''), 400, 'MALFORMED_REQUEST');
    const huge = JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'secret123' });
    refused(await postRaw(a.app, '/api/login', huge), 413, 'BODY_TOO_LARGE');
    refused(await postRaw(a.app, '/api/login', 'username=a', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    refused(await inject(a, 'GET', '/api/no-such-route?x=1'), 404, 'NOT_FOUND', {
      method: 'GET',
      path: '/api/no-such-route',
    });
    refused(await inject(a, 'DELETE', '/api/no-such-route'), 404, 'NOT_FOUND', {
      method: 'DELETE',
      path: '/api/no-such-route',
    });
    refused(await inject(a, 'GET', '/uploads/no-such-file.png'), 404, 'NOT_FOUND');
    refused(await inject(a, 'GET', `/api/campaigns/${'9'.repeat(200)}`, u.token), 414, 'MALFORMED_REQUEST');
    refused(await inject(a, 'GET', '/api/campaigns/%E0%A4%A', u.token), 400, 'MALFORMED_REQUEST');
  });

  it('who is calling: signed out, expired, wrong password, bad key, role, organisation, cross-site', async () => {
    const admin = await signUp(a.app);
    const other = await signUp(a.app);
    const newcomer = await signUp(a.app, { org: false });
    const viewer = await addMember(a.app, admin, 'viewer');
    refused(await inject(a, 'GET', '/api/campaigns'), 401, 'NOT_AUTHENTICATED');
    refused(await inject(a, 'GET', '/api/campaigns', 'nosuchtoken'), 401, 'NOT_AUTHENTICATED');
    refused(
      await inject(a, 'POST', '/api/login', undefined, { username: admin.username, password: 'wrong!!1' }),
      401,
      'INVALID_CREDENTIALS',
    );
    refused(await inject(a, 'GET', '/api/campaigns', 'rk_nosuchkey'), 401, 'INVALID_API_KEY');
    refused(await inject(a, 'POST', '/api/campaigns', viewer.token, { name: 'No' }), 403, 'ROLE_REQUIRED');
    // A member of an organisation is no operator of the instance.
    refused(await inject(a, 'GET', '/api/instance/settings', viewer.token), 403, 'OPERATOR_REQUIRED');
    refused(await inject(a, 'GET', `/api/campaigns?org=${other.orgId}`, admin.token), 403, 'FORBIDDEN');
    refused(await inject(a, 'GET', '/api/campaigns', newcomer.token), 403, 'NO_ORGANIZATION');
    refused(await inject(a, 'GET', '/api/organization', newcomer.token), 404, 'NO_ORGANIZATION');
    // Another organisation's campaign is not found, not forbidden: its id says nothing.
    const theirs = await campaignWithAsset(a, other);
    refused(await inject(a, 'GET', `/api/campaigns/${theirs.campaign.id}`, admin.token), 404, 'NOT_FOUND');
    // A display name from a browser without the signed supporter cookie: nothing says whose it is.
    const noCookie = await a.app.inject({
      method: 'PUT',
      url: `/api/supporter/campaigns/${theirs.campaign.id}/profile`,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { displayName: 'Nobody', onBoard: true },
    });
    refused(noCookie, 400, 'SUPPORTER_COOKIE_REQUIRED');

    const key = (
      await inject(a, 'POST', '/api/organization/api-keys', admin.token, { name: 'Key', role: 'viewer' })
    ).json().key;
    refused(await inject(a, 'GET', '/api/organization/members', key), 403, 'API_KEY_NOT_ALLOWED');
    // Three requests a minute for this app's keys: the fourth waits.
    for (let i = 0; i < 2; i++) expect((await inject(a, 'GET', '/api/campaigns', key)).statusCode).toBe(200);
    const overKey = await inject(a, 'GET', '/api/campaigns', key);
    refused(overKey, 429, 'RATE_LIMITED', waitOf(overKey, 'api-key'));

    const crossSite = await a.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie: `token=${admin.token}`, origin: 'https://evil.example' },
      payload: { name: 'Forged' },
    });
    refused(crossSite, 403, 'CROSS_SITE_REFUSED');
    // A supporter's erasure when nothing is held for their browser: nothing erased, and said so.
    refused(await a.app.inject({ method: 'DELETE', url: '/api/supporter/my-data' }), 404, 'NO_DATA_HELD');

    const expiring = await signUp(a.app);
    await a.database.db
      .updateTable('sessions')
      .set({ expiresAt: '2000-01-01T00:00:00.000Z' })
      .where('userId', '=', expiring.userId)
      .execute();
    const expired = await inject(a, 'GET', '/api/user', expiring.token);
    refused(expired, 401, 'TOKEN_EXPIRED');
    expect(expired.json().tokenExpired).toBe(true);
  });

  it('the limiter of the public routes', async () => {
    const u = await signUp(a.app);
    const { asset } = await campaignWithAsset(a, u);
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 70 && res?.statusCode !== 429; i++)
      res = await a.app.inject({
        url: `/api/supporter/assets/${asset.id}/message-check?text=hello`,
        remoteAddress: '203.0.113.9',
      });
    refused(res!, 429, 'RATE_LIMITED', waitOf(res!, 'network'));
    expect(res!.headers['retry-after']).toBeDefined();
  });

  it('accounts and teams', async () => {
    const admin = await signUp(a.app);
    refused(
      await inject(a, 'POST', '/api/register', undefined, {
        username: admin.username,
        email: 'x@example.org',
        password: 'secret123',
      }),
      409,
      'USERNAME_TAKEN',
    );
    const other = await signUp(a.app, { org: false });
    refused(
      await inject(a, 'POST', '/api/organizations', other.token, {
        name: 'Taken',
        username: `org-${admin.username}`,
      }),
      409,
      'ORGANIZATION_USERNAME_TAKEN',
    );
    refused(
      await inject(a, 'POST', '/api/organizations', admin.token, { name: 'Second', username: 'second-org' }),
      409,
      'ALREADY_IN_ORGANIZATION',
    );
    refused(
      await inject(a, 'PUT', '/api/user/password', admin.token, {
        currentPassword: 'not-it-at-all',
        newPassword: 'secret456',
      }),
      400,
      'CURRENT_PASSWORD_INCORRECT',
    );
    refused(
      await inject(a, 'POST', '/api/password-reset/nosuchtoken', undefined, { newPassword: 'secret456' }),
      400,
      'PASSWORD_RESET_INVALID',
    );
    refused(
      await inject(a, 'PUT', '/api/user/profile', admin.token, { email: 'elsewhere@example.org' }),
      400,
      'CURRENT_PASSWORD_REQUIRED',
    );
    refused(await inject(a, 'POST', '/api/email-change/nosuchtoken/confirm'), 400, 'EMAIL_CHANGE_INVALID');
    refused(await inject(a, 'GET', '/api/invitations/nosuchtoken'), 404, 'INVITATION_NOT_FOUND');
    const invitation = (
      await inject(a, 'POST', '/api/organization/invitations', admin.token, {
        email: 'late@example.org',
        role: 'editor',
      })
    ).json();
    await a.database.db
      .updateTable('invitations')
      .set({ expiresAt: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', invitation.id)
      .execute();
    refused(await inject(a, 'GET', `/api/invitations/${tokenOf(invitation.url)}`), 410, 'INVITATION_EXPIRED');
    refused(
      await inject(a, 'POST', `/api/invitations/${tokenOf(invitation.url)}/accept`, other.token),
      410,
      'INVITATION_EXPIRED',
    );
    refused(
      await inject(a, 'PUT', `/api/organization/members/${admin.userId}`, admin.token, { role: 'editor' }),
      409,
      'LAST_ADMIN',
      { organization: `Org of ${admin.username}` },
    );
  });

  it('a suspended organisation, and held mail', async () => {
    const operator = await signUpOperator(a);
    const admin = await signUp(a.app);
    const { campaign } = await campaignWithAsset(a, admin);
    const held = await insertHeldMail(a.database.db, { organizationId: admin.orgId });
    await inject(a, 'POST', `/api/instance/held-mail/${held}/drop`, operator.token);
    refused(
      await inject(a, 'POST', `/api/instance/held-mail/${held}/release`, operator.token),
      409,
      'MAIL_NOT_HELD',
      { status: 'dropped' },
    );
    const suspend = `/api/instance/organizations/${admin.orgId}/suspend`;
    expect((await inject(a, 'POST', suspend, operator.token, { reason: 'Spam' })).statusCode).toBe(200);
    refused(
      await inject(a, 'POST', '/api/campaigns', admin.token, { name: 'No' }),
      403,
      'ORGANIZATION_SUSPENDED',
      { reason: 'Spam' },
    );
    refused(await inject(a, 'GET', `/api/supporter/campaigns/${campaign.id}`), 410, 'CAMPAIGN_UNAVAILABLE');
  });

  it('campaigns and assets', async () => {
    const u = await signUp(a.app);
    const { campaign, asset } = await campaignWithAsset(a, u, { startDate: '2025-01-01' });
    const put = (id: number, payload: unknown) => inject(a, 'PUT', `/api/campaigns/${id}`, u.token, payload);
    refused(await put(campaign.id, { status: 'draft' }), 400, 'STATUS_CHANGE_NOT_ALLOWED', {
      from: 'active',
      to: 'draft',
    });
    refused(await put(campaign.id, { endDate: '2024-06-01' }), 400, 'END_BEFORE_START');

    /** POST `path` as u: the created row. */
    const made = async (path: string, payload: object) =>
      (await inject(a, 'POST', path, u.token, payload)).json();
    const { campaign: past } = await campaignWithAsset(a, u, {
      name: 'Past',
      startDate: '2020-01-01',
      endDate: '2020-01-02',
    });
    expect((await put(past.id, { status: 'ended' })).statusCode).toBe(200);
    refused(await put(past.id, { status: 'active' }), 400, 'REOPEN_NEEDS_FUTURE_END');

    // Never live without an asset: not created so, and its last asset stays.
    refused(
      await inject(a, 'POST', '/api/campaigns', u.token, { name: 'Empty', status: 'active' }),
      409,
      'PUBLISH_NEEDS_ASSET',
    );
    refused(
      await inject(a, 'DELETE', `/api/assets/${asset.id}`, u.token),
      409,
      'LAST_ASSET_OF_LIVE_CAMPAIGN',
    );

    const draft = await made('/api/campaigns', { name: 'Draft', status: 'draft' });
    refused(await put(draft.id, { status: 'active' }), 409, 'PUBLISH_NEEDS_ASSET');
    // An image with neither share text nor description: supporters would see no words of its own.
    const banner = await made('/api/assets', {
      title: 'hero_v3_final oaks banner',
      type: 'image',
      content: 'https://example.org/oaks.png',
      campaignId: draft.id,
    });
    const wordless = await put(draft.id, { status: 'active' });
    // The titles as they are (the message quotes them), for the client to list.
    refused(wordless, 409, 'PUBLISH_NEEDS_SHARE_WORDS', { assets: ['hero_v3_final oaks banner'] });
    expect(wordless.json().message).toBe(
      'Give every image and video a share text or a description before publishing ("hero_v3_final oaks banner")',
    );
    const described = await inject(a, 'PUT', `/api/assets/${banner.id}`, u.token, {
      description: 'Oaks at dawn',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await put(draft.id, { status: 'active' })).statusCode).toBe(200);

    const order = `/api/campaigns/${campaign.id}/assets/order`;
    refused(await inject(a, 'PUT', order, u.token, { assetIds: [] }), 400, 'ASSET_ORDER_INCOMPLETE');
    const elsewhere = await campaignWithAsset(a, u);
    refused(
      await inject(a, 'PUT', order, u.token, { assetIds: [asset.id, elsewhere.asset.id] }),
      400,
      'ASSET_NOT_IN_CAMPAIGN',
      { assetId: elsewhere.asset.id },
    );
    refused(
      await inject(a, 'PUT', `/api/assets/${asset.id}`, u.token, { type: 'image' }),
      400,
      'ASSET_CONTENT_INVALID',
    );
    refused(
      await inject(a, 'POST', '/api/assets', u.token, {
        title: 'Gone',
        type: 'image',
        content: `/uploads/${'a'.repeat(32)}.png`,
        campaignId: campaign.id,
      }),
      400,
      'UPLOAD_MISSING',
    );
    refused(
      await a.app.inject({
        url: `/api/campaigns/${campaign.id}/qr.svg`,
        headers: { ...bearer(u.token), host: 'unlisted.example' },
      }),
      409,
      'PUBLIC_URL_MISSING',
    );
    refused(
      await inject(a, 'PUT', '/api/organization/settings', u.token, {
        branding: { logoUrl: `/uploads/${'b'.repeat(32)}.png` },
      }),
      400,
      'LOGO_INVALID',
    );
    // A logo within the default upload limit (5 MB), over the logo's 2 MB.
    const c = await createTestApp({ ALLOWED_HOSTS: 'localhost' });
    try {
      const w = await signUp(c.app);
      const bigLogo = await uploadFile(c.app, w.token, {
        filename: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.concat([PNG_1X1, Buffer.alloc(2.5 * 1024 * 1024)]),
      });
      refused(
        await inject(c, 'PUT', '/api/organization/settings', w.token, {
          branding: { logoUrl: bigLogo.json().file.url },
        }),
        400,
        'LOGO_TOO_LARGE',
        { maxBytes: LOGO_MAX_BYTES },
      );
    } finally {
      await c.close();
    }

    expect((await inject(a, 'DELETE', `/api/campaigns/${campaign.id}`, u.token)).statusCode).toBe(204);
    refused(await put(campaign.id, { name: 'Again' }), 400, 'CAMPAIGN_NOT_EDITABLE');
  });

  it('review before publishing', async () => {
    const admin = await signUp(a.app);
    const editor = await addMember(a.app, admin, 'editor');
    const { campaign } = await campaignWithAsset(a, admin);
    const on = await inject(a, 'PUT', '/api/organization/settings', admin.token, {
      review: { required: true },
    });
    expect(on.statusCode).toBe(200);
    // An admin's own change goes live, so the admin submits nothing; a promoted editor does.
    const waiting = await inject(a, 'PUT', `/api/campaigns/${campaign.id}`, editor.token, {
      name: 'Renamed',
    });
    expect(waiting.statusCode).toBe(202);
    await inject(a, 'PUT', `/api/organization/members/${editor.userId}`, admin.token, { canReview: true });
    const approve = `/api/campaigns/${campaign.id}/review/approve`;
    refused(await inject(a, 'POST', approve, editor.token, {}), 403, 'OWN_SUBMISSION');
    const ask = { comment: 'Another name, please' };
    const asked = await inject(
      a,
      'POST',
      `/api/campaigns/${campaign.id}/review/request-changes`,
      admin.token,
      ask,
    );
    expect(asked.statusCode).toBe(200);
    refused(await inject(a, 'POST', approve, admin.token, {}), 409, 'REVIEW_NOT_PENDING');
  });

  it('sharing and reminders', async () => {
    const u = await signUp(a.app);
    const { ids, campaign } = await campaignWithAsset(a, u, { endDate: dayFromNow(2) });
    const share = (extra: Record<string, unknown> = {}) =>
      inject(a, 'POST', '/api/shares', undefined, { ...ids, platform: 'twitter', ...extra });
    const schedule = (extra: Record<string, unknown>, t = a) =>
      inject(t, 'POST', '/api/shares/schedule', undefined, {
        ...ids,
        platform: 'all',
        scheduledFor: hoursFromNow(2),
        ...extra,
      });

    expect((await share({ ref: 'codesRef000001' })).statusCode).toBe(201);
    refused(await share({ ref: 'codesRef000001' }), 409, 'SHARE_CODE_TAKEN');
    const elsewhere = await campaignWithAsset(a, u);
    refused(await share({ assetId: elsewhere.asset.id }), 400, 'ASSET_NOT_IN_CAMPAIGN', {
      assetId: elsewhere.asset.id,
    });
    refused(await schedule({ scheduledFor: hoursFromNow(-1) }), 400, 'SCHEDULE_NOT_IN_FUTURE');
    const blocked = await inject(a, 'PUT', '/api/organization/settings', u.token, {
      guardrails: { blockedWords: ['scam'] },
    });
    expect(blocked.statusCode).toBe(200);
    refused(await share({ message: 'A SCAM' }), 400, 'BLOCKED_WORD', { word: 'SCAM' });
    refused(await schedule({ scheduledFor: hoursFromNow(24 * 5) }), 400, 'SCHEDULE_AFTER_CAMPAIGN_END');
    const moment = await inject(a, 'POST', `/api/campaigns/${campaign.id}/moments`, u.token, {
      at: hoursFromNow(5),
      platform: 'any',
    });
    expect(moment.statusCode, moment.body).toBe(201);
    // A commitment from a client without the signed visitor cookie.
    refused(
      await inject(a, 'POST', `/api/supporter/moments/${moment.json().id}/commit`, undefined, {}),
      400,
      'VISITOR_REQUIRED',
    );
    refused(
      await schedule({ reminder: { consent: true, push: push('ftp://push.example.com/x') } }),
      400,
      'PUSH_ENDPOINT_REFUSED',
    );

    const email = (address: string) => ({ reminder: { email: address, consent: true } });
    for (let i = 0; i < 3; i++) expect((await schedule(email('busy@example.org'))).statusCode).toBe(201);
    refused(await schedule(email('busy@example.org')), 400, 'REMINDER_LIMIT_REACHED', { limit: 3 });
    // Unsubscribed: the address's key (as its waiting reminder stores it) is suppressed.
    expect((await schedule(email('gone@example.org'))).statusCode).toBe(201);
    const { emailKey: key } = await a.database.db
      .selectFrom('reminders')
      .select('emailKey')
      .where('email', '=', 'gone@example.org')
      .executeTakeFirstOrThrow();
    await a.database.db
      .insertInto('reminderSuppressions')
      .values({ organizationId: u.orgId, emailKey: key!, createdAt: new Date().toISOString() })
      .execute();
    refused(await schedule(email('gone@example.org')), 400, 'REMINDER_UNSUBSCRIBED');

    // A draft takes no shares; a deleted asset neither.
    const draft = await campaignWithAsset(a, u, { status: 'draft' });
    refused(await share({ ...draft.ids }), 409, 'CAMPAIGN_NOT_OPEN');
    // Another asset first: a live campaign keeps at least one.
    const kept = { title: 'Kept', type: 'text', content: 'Still here', campaignId: ids.campaignId };
    expect((await inject(a, 'POST', '/api/assets', u.token, kept)).statusCode).toBe(201);
    expect((await inject(a, 'DELETE', `/api/assets/${ids.assetId}`, u.token)).statusCode).toBe(204);
    refused(await share(), 409, 'ASSET_DELETED');
    expect(campaign.id).toBe(ids.campaignId);

    // On a server that sends no mail, for an organisation that collects nothing, and then does.
    const v = await signUp(b.app);
    const there = await campaignWithAsset(b, v);
    const scheduleThere = (extra: Record<string, unknown>) =>
      inject(b, 'POST', '/api/shares/schedule', undefined, {
        ...there.ids,
        platform: 'all',
        scheduledFor: hoursFromNow(2),
        ...extra,
      });
    const collect = (collectInfo: boolean) =>
      inject(b, 'PUT', '/api/organization/settings', v.token, { supporters: { collectInfo } });
    expect((await collect(false)).statusCode).toBe(200);
    refused(await scheduleThere(email('ada@example.org')), 400, 'SUPPORTER_INFO_NOT_COLLECTED');
    expect((await collect(true)).statusCode).toBe(200);
    refused(await scheduleThere(email('ada@example.org')), 400, 'MAIL_NOT_CONFIGURED');
    const noHost = await b.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { host: 'unlisted.example' },
      payload: { ...there.ids, platform: 'all', scheduledFor: hoursFromNow(2), ...email('ada@example.org') },
    });
    refused(noHost, 400, 'PUBLIC_URL_MISSING');
  });

  it('uploads', async () => {
    const u = await signUp(a.app);
    refused(
      await uploadFile(a.app, u.token, {
        filename: 'big.png',
        contentType: 'image/png',
        bytes: Buffer.alloc(5000),
      }),
      413,
      'FILE_TOO_LARGE',
      // This app's UPLOAD_MAX_BYTES.
      { maxBytes: 4096 },
    );
    refused(
      await uploadFile(a.app, u.token, {
        filename: 'a.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('plain words'),
      }),
      415,
      'FILE_TYPE_UNSUPPORTED',
    );
    refused(
      await uploadFile(a.app, u.token, {
        filename: 'a.png',
        contentType: 'image/png',
        bytes: Buffer.alloc(0),
      }),
      400,
      'FILE_EMPTY',
    );
    const wrongField = await a.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(u.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
    refused(wrongField, 400, 'UPLOAD_MALFORMED', { field: 'file' });
    const notMultipart = await a.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
      payload: '{}',
    });
    refused(notMultipart, 415, 'UNSUPPORTED_MEDIA_TYPE');
    refused(await uploadFromUrl(a.app, u.token, 'ftp://example.org/a.png'), 400, 'URL_FETCH_FAILED');
    refused(await uploadFromUrl(a.app, u.token, `${serverUrl}/a.png`), 400, 'URL_FETCH_FAILED');
    // A private address, where private fetches are not allowed.
    const v = await signUp(b.app);
    refused(await uploadFromUrl(b.app, v.token, `${serverUrl}/a.png`), 400, 'URL_FETCH_FAILED');
    // b's UPLOAD_QUOTA_BYTES.
    refused(await uploadFile(b.app, v.token), 413, 'QUOTA_EXCEEDED', { maxBytes: 10 });
  });

  it('webhook endpoints', async () => {
    const u = await signUp(a.app);
    // Turned off: nothing is posted to them.
    const body = { url: `${serverUrl}/hooks`, events: ['asset.created'], enabled: false };
    const make = () =>
      a.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(u.token), payload: body });
    for (let i = 0; i < 10; i++) expect((await make()).statusCode).toBe(201);
    refused(await make(), 409, 'WEBHOOK_ENDPOINT_LIMIT');
  });

  it('the sign-up policy', async () => {
    const operator = await signUpOperator(b);
    const policy = async (payload: object) =>
      expect((await inject(b, 'PUT', '/api/instance/settings', operator.token, payload)).statusCode).toBe(
        200,
      );
    const register = (email: string, invitation?: string) =>
      inject(b, 'POST', '/api/register', undefined, {
        username: uniqueName(),
        email,
        password: 'secret123',
        ...(invitation && { invitation }),
      });
    await policy({ allowedEmailDomains: ['example.org'] });
    refused(await register('x@elsewhere.example'), 403, 'EMAIL_DOMAIN_NOT_ALLOWED');
    await policy({ registration: 'invite-only' });
    refused(await register('x@example.org'), 403, 'REGISTRATION_INVITE_ONLY');
    refused(await register('x@example.org', 'made-up'), 403, 'SIGNUP_INVITATION_INVALID');
    await policy({ registration: 'closed' });
    refused(await register('x@example.org'), 403, 'REGISTRATION_CLOSED');
    await policy({ registration: 'open', allowedEmailDomains: [] });
  });

  it("the instance's last operator deleting their account", async () => {
    const admin = await signUp(a.app);
    const member = await addMember(a.app, admin, 'editor');
    const db = a.database.db;
    const operators = await db.selectFrom('users').select('id').where('isOperator', '=', 1).execute();
    await db.updateTable('users').set({ isOperator: 0 }).execute();
    await db.updateTable('users').set({ isOperator: 1 }).where('id', '=', member.userId).execute();
    try {
      refused(
        await inject(a, 'DELETE', '/api/user', member.token, { password: 'secret123' }),
        409,
        'LAST_OPERATOR',
      );
    } finally {
      await db.updateTable('users').set({ isOperator: 0 }).where('id', '=', member.userId).execute();
      for (const { id } of operators)
        await db.updateTable('users').set({ isOperator: 1 }).where('id', '=', id).execute();
    }
  });

  it('reaches every code the enum lists, but those only a race or a bug can produce', () => {
    const expected = Object.keys(ERROR_CODES).filter((code) => !(code in UNREACHABLE));
    expect(expected.filter((code) => !reached.has(code))).toEqual([]);
  });
});
