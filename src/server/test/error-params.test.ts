import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_RULES } from '#shared/errors.ts';
import { COMMAND_LINE } from '../lib/instance-audit.ts';
import { HttpError } from '../lib/errors.ts';
import { issuePasswordResetLink } from '../modules/account/index.ts';
import { setOperator } from '../modules/instance/index.ts';
import { insertHeldMail } from './db-rows.ts';
import { addMember } from './teams.ts';
import {
  bearer,
  createTestApp,
  postRaw,
  signUp,
  signUpOperator,
  type TestApp,
  uniqueName,
} from './test-app.ts';
import { uploadFromUrl } from './upload-file.ts';

// docs/api.md "Errors the client words": the values each refusal's words are made of,
// beyond what src/server/test/error-codes.test.ts checks at every code: each field
// rule of VALIDATION_FAILED, the refusals a code gives in more than one place, and a
// `message` that stays English whatever language the request asks for.

let t: TestApp;
let server: http.Server;
let serverUrl = '';

beforeAll(async () => {
  // Serves 8 KB: more than this app's upload limit.
  server = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(8192)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    ALLOW_PRIVATE_FETCH: 'true',
    ALLOWED_HOSTS: 'localhost',
    UPLOAD_MAX_BYTES: '4096',
    // Mail is on (only queued here), so an email change asks for confirmation.
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'rally@example.org',
  });
});
afterAll(async () => {
  server.close();
  await t?.close();
});

const inject = (method: string, url: string, token?: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });

/** A 400 VALIDATION_FAILED: its `errors`, each with a rule of the fixed set. */
function fieldErrors(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.params).toBeUndefined();
  for (const e of body.errors) expect(FIELD_RULES, res.body).toContain(e.rule);
  return body.errors;
}

describe('VALIDATION_FAILED: a rule and its values for each field', () => {
  it('required, invalid_type, too_big, invalid_value and unknown_field on a body', async () => {
    const u = await signUp(t.app);
    expect(fieldErrors(await inject('POST', '/api/campaigns', u.token, {}))).toEqual([
      { path: 'name', message: 'name is required', rule: 'required' },
    ]);
    expect(fieldErrors(await inject('POST', '/api/campaigns', u.token, { name: 5 }))).toEqual([
      { path: 'name', message: 'name must be a string', rule: 'invalid_type' },
    ]);
    const several = await inject('POST', '/api/campaigns', u.token, {
      name: 'x'.repeat(500),
      status: 'nope',
      role: 1,
      colour: 'red',
    });
    expect(fieldErrors(several)).toEqual([
      {
        path: 'name',
        message: 'Campaign name must be at most 200 characters',
        rule: 'too_big',
        params: { maximum: 200 },
      },
      { path: 'status', message: 'A new campaign must be draft or active', rule: 'invalid_value' },
      {
        path: '',
        message: 'Unknown fields: role, colour',
        rule: 'unknown_field',
        params: { fields: ['role', 'colour'] },
      },
    ]);
    // The message is still the first field's.
    expect(several.json().message).toBe('Campaign name must be at most 200 characters');
  });

  it('too_small and invalid_format, with the form’s own words in `message`', async () => {
    const res = await inject('POST', '/api/register', undefined, {
      username: 'a',
      email: 'not-an-address',
      password: 'x',
    });
    expect(fieldErrors(res)).toEqual([
      {
        path: 'username',
        message: 'Username must be at least 3 characters',
        rule: 'too_small',
        params: { minimum: 3 },
      },
      {
        path: 'email',
        message: 'Please enter a valid email address',
        rule: 'invalid_format',
        params: { format: 'email' },
      },
      {
        path: 'password',
        message: 'Password must be at least 6 characters',
        rule: 'too_small',
        params: { minimum: 6 },
      },
    ]);
  });

  it('a bound the value may not reach is `exclusive`; path and query values have rules too', async () => {
    const u = await signUp(t.app);
    expect(fieldErrors(await inject('GET', '/api/campaigns/0', u.token))).toEqual([
      {
        path: 'id',
        message: 'Id must be a positive integer',
        rule: 'too_small',
        params: { minimum: 0, exclusive: true },
      },
    ]);
    const [status] = fieldErrors(await inject('GET', '/api/campaigns?status=gone', u.token));
    expect(status).toMatchObject({ path: 'status', rule: 'invalid_value' });
    expect(status.params).toBeUndefined();
  });

  it('a missing nested field is required; a check of the schema’s own is `invalid`', async () => {
    const u = await signUp(t.app);
    const { id } = (await inject('POST', '/api/campaigns', u.token, { name: 'Rivers' })).json();
    expect(fieldErrors(await inject('PUT', `/api/campaigns/${id}`, u.token, {}))).toEqual([
      { path: '', message: 'Send at least one field to change', rule: 'invalid' },
    ]);
    const missing = await inject('PUT', '/api/organization/settings', u.token, { branding: { logoUrl: 5 } });
    expect(fieldErrors(missing)[0]).toMatchObject({ path: 'branding.logoUrl', rule: 'invalid_type' });
    const push = fieldErrors(
      await inject('POST', '/api/shares/schedule', undefined, {
        assetId: 1,
        campaignId: 1,
        organizationId: 1,
        platform: 'all',
        scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
        reminder: { consent: true, push: { endpoint: 'https://push.example.com/x' } },
      }),
    );
    expect(push).toContainEqual(expect.objectContaining({ path: 'reminder.push.keys', rule: 'required' }));
  });

  it('a body that is no JSON object is one field error on the body itself', async () => {
    for (const raw of ['[]', '5', 'null']) {
      const res = await postRaw(t.app, '/api/login', raw);
      expect(fieldErrors(res)).toEqual([
        { path: '', message: 'Request body must be a JSON object', rule: 'invalid_type' },
      ]);
    }
  });
});

describe('params where a code is refused in more than one place', () => {
  it('LAST_ADMIN names the organisation when its last admin leaves or deletes their account', async () => {
    const admin = await signUp(t.app);
    const organization = `Org of ${admin.username}`;
    await addMember(t.app, admin, 'editor');
    for (const res of [
      await inject('DELETE', `/api/organization/members/${admin.userId}`, admin.token),
      await inject('DELETE', '/api/user', admin.token, { password: 'secret123' }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LAST_ADMIN', params: { organization } });
    }
  });

  it('MAIL_NOT_HELD says the mail is still held while its organisation’s suspension keeps it', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    const held = await insertHeldMail(t.database.db, {
      organizationId: admin.orgId,
      reason: 'organization-suspended',
    });
    const res = await inject('POST', `/api/instance/held-mail/${held}/release`, operator.token);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MAIL_NOT_HELD', params: { status: 'held' } });
  });

  it('ORGANIZATION_SUSPENDED gives the reason to API keys as to members', async () => {
    const operator = await signUpOperator(t);
    const admin = await signUp(t.app);
    const key = (
      await inject('POST', '/api/organization/api-keys', admin.token, { name: 'Key', role: 'viewer' })
    ).json().key;
    const suspend = `/api/instance/organizations/${admin.orgId}/suspend`;
    expect((await inject('POST', suspend, operator.token, { reason: 'Unpaid hosting' })).statusCode).toBe(
      200,
    );
    const res = await inject('GET', '/api/campaigns', key);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ORGANIZATION_SUSPENDED',
      params: { reason: 'Unpaid hosting' },
    });
  });

  it('FILE_TOO_LARGE from a URL gives the upload limit', async () => {
    const u = await signUp(t.app);
    const res = await uploadFromUrl(t.app, u.token, `${serverUrl}/big.png`);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', params: { maxBytes: 4096 } });
  });

  it('RATE_LIMITED counts an account’s email changes as the account’s', async () => {
    const u = await signUp(t.app, { org: false });
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 6 && res?.statusCode !== 429; i++)
      res = await inject('PUT', '/api/user/profile', u.token, {
        email: `changed${i}@example.net`,
        currentPassword: 'secret123',
      });
    expect(res?.statusCode, res?.body).toBe(429);
    expect(res?.json()).toMatchObject({
      code: 'RATE_LIMITED',
      params: { retryAfterSeconds: Number(res?.headers['retry-after']), scope: 'account' },
    });
  });

  it('NOT_FOUND names the account a command-line reset or operator grant asked for', async () => {
    const username = uniqueName('nobody');
    for (const attempt of [
      () =>
        issuePasswordResetLink(t.database.db, { username, origin: 'http://localhost', actor: COMMAND_LINE }),
      () => setOperator(t.database.db, { username, operator: true, actor: COMMAND_LINE }),
    ]) {
      const err = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', extras: { params: { username } } });
    }
  });
});

describe('message', () => {
  it('stays English whatever language the request asks for; params are the same', async () => {
    const u = await signUp(t.app);
    const english = await inject('GET', '/api/no-such-route');
    for (const headers of [{ 'accept-language': 'es-MX,es;q=0.9' }, { cookie: 'rally_lang=fr' }]) {
      const res = await inject('GET', '/api/no-such-route', undefined, undefined, headers);
      expect(res.json()).toEqual(english.json());
      const invalid = await inject('POST', '/api/campaigns', u.token, { name: 'x'.repeat(500) }, headers);
      expect(invalid.json().message).toBe('Campaign name must be at most 200 characters');
    }
    expect(english.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Not found: GET /api/no-such-route',
      params: { method: 'GET', path: '/api/no-such-route' },
    });
  });
});
