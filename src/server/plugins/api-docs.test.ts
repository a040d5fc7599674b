import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '#shared/error-code-docs.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { type ApiErrorBody, apiErrorSchema } from '#shared/schemas/common.ts';
import { importBodySchema, importRowSchema } from '#shared/schemas/imports.ts';
import {
  BATCHED_WEBHOOK_EVENTS,
  WEBHOOK_BATCH_LIST_KEY,
  WEBHOOK_BATCH_MAX,
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENTS,
} from '#shared/schemas/webhooks.ts';
import {
  appPerFile,
  bearer,
  createTestApp,
  postJson,
  postShare,
  sendJson,
  signUp,
  type TestApp,
} from '../test/test-app.ts';
import { CONFLICTS, FILE_BODIES } from './openapi-bodies.ts';
import { type Receiver, runWebhookSender, startReceiver } from '../test/webhook-receiver.ts';

/**
 * The codes of the server's `conflict(...)` calls, each with the files that make it,
 * read from the sources (tests aside, comments dropped). A call whose code is not a
 * literal would escape this reading: it fails instead.
 */
const HAND_MADE_409 = new Set([path.join('lib', 'errors.ts'), path.join('plugins', 'error-handler.ts')]);

function conflictCallCodes(): Map<string, string[]> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const codes = new Map<string, string[]>();
  for (const file of fs.readdirSync(root, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = fs
      .readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const [, first] of source.matchAll(/\bconflict\(\s*([^,)]*)/g)) {
      const code = /^'([A-Z_]+)'$/.exec(first!.trim())?.[1];
      if (!code) throw new Error(`${file}: conflict(${first}...) has no literal code`);
      codes.set(code, [...(codes.get(code) ?? []), file]);
    }
    // A 409 made by hand would escape too: the one maker is conflict() (lib/errors.ts), and
    // the error handler's ALREADY_EXISTS (a unique-key race no service words) the one other.
    if (!HAND_MADE_409.has(file) && /new HttpError\(\s*409|\.code\(\s*409\s*\)|statusCode: 409/.test(source))
      throw new Error(`${file}: a 409 not made with conflict()`);
  }
  return codes;
}

const t = appPerFile();

describe('GET /api/docs', () => {
  it('answers the interactive reference as HTML, and every file it loads answers 200', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui">');
    // Served under the app's own security headers, with no inline script for the CSP to refuse.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const files = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.some((f) => f.endsWith('swagger-ui-bundle.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('swagger-initializer.js'))).toBe(true);
    for (const file of files) {
      const url = new URL(file, 'http://localhost/api/docs').pathname;
      expect(url.startsWith('/api/docs/')).toBe(true);
      const asset = await t.app.inject({ url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body.length, url).toBeGreaterThan(0);
    }
  });

  it('points the UI at the same OpenAPI document as /api/openapi.json', async () => {
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    const viaDocs = await t.app.inject({ url: '/api/docs/json' });
    const direct = await t.app.inject({ url: '/api/openapi.json' });
    expect(viaDocs.statusCode).toBe(200);
    expect(viaDocs.json()).toEqual(direct.json());
    expect(Object.keys(viaDocs.json().paths)).toContain('/api/campaigns');
  });

  it('declares the bearer scheme (sessions and API keys) on every route that needs a caller', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearer.description).toContain('rk_');
    expect(doc.paths['/api/campaigns'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/organization/api-keys'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/login'].post.security).toBeUndefined();
  });

  it('keeps the docs out of the document it shows', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });
});

// The document's examples and webhook payloads, each checked against the schema it
// illustrates: the document's own JSON Schema (what a client generator reads) and,
// where the route has one, the route's zod schema (which also holds the refinements
// JSON Schema cannot say, such as "a full URL").
describe('the examples and webhooks of GET /api/openapi.json', () => {
  const routes = new Map<string, RouteOptions>();
  let app: TestApp;
  let receiver: Receiver;
  let doc: any;
  beforeAll(async () => {
    app = await createTestApp(
      { DEV_TOOLS: '1', ALLOW_PRIVATE_FETCH: '1', PUBLIC_URL: 'https://rally.example' },
      {
        onRoute: (route) => {
          for (const m of [route.method].flat()) if (m !== 'HEAD') routes.set(`${m} ${route.url}`, route);
        },
      },
    );
    receiver = await startReceiver();
    doc = (await app.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  // One validator per schema (the same schema object is often shared by several media types).
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const compiled = new WeakMap<object, ValidateFunction>();
  function check(schema: object, value: unknown): string | null {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate(value) ? null : ajv.errorsText(validate.errors);
  }

  const operations = () =>
    Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  /** The route an operation documents: `{id}` back to `:id`. */
  const routeOf = (method: string, path: string) =>
    routes.get(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`);

  it('gives every request body and every JSON response an example that fits its schema', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method, op } of operations()) {
      const where = `${method} ${path}`;
      const route = routeOf(method, path);
      expect(route, where).toBeDefined();
      const bodies = Object.entries((op.requestBody?.content ?? {}) as Record<string, any>);
      if (op.requestBody && bodies.length === 0) problems.push(`${where}: request body without media type`);
      for (const [type, body] of bodies) {
        if (body.example === undefined) {
          problems.push(`${where}: ${type} request body without example`);
          continue;
        }
        const wrong = check(body.schema, body.example);
        if (wrong) problems.push(`${where}: ${type} request example: ${wrong}`);
        // The route's own schema too: its refinements are not in the JSON Schema.
        const zodBody = route?.schema?.body as z.ZodType | undefined;
        if (type === 'application/json' && (zodBody || !FILE_BODIES[`${method} ${route?.url}`])) {
          const parsed = zodBody?.safeParse(body.example);
          if (!parsed?.success)
            problems.push(`${where}: request example refused by the route: ${parsed?.error?.message}`);
        }
        checked++;
      }
      const errorExamples = [];
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        // Files and pages (CSV, HTML, SVG, PNG, PDF, uploads, metrics) are described in words, not by example.
        const media = response.content?.['application/json'];
        if (!media) continue;
        if (/^[45]XX$/.test(status)) {
          const named = Object.entries(
            (media.examples ?? {}) as Record<string, { summary: string; value: unknown }>,
          );
          if (named.length === 0) problems.push(`${where} ${status}: no error example`);
          for (const [name, example] of named) {
            expect(example.summary, `${where} ${name}`).toMatch(new RegExp(`^${status[0]}`));
            const wrong =
              check(media.schema, example.value) ??
              apiErrorSchema.safeParse(example.value).error?.message ??
              null;
            if (wrong) problems.push(`${where} ${status} ${name}: ${wrong}`);
            errorExamples.push(example);
            checked++;
          }
        } else if (media.example === undefined) problems.push(`${where} ${status}: response without example`);
        else {
          const wrong = check(media.schema, media.example);
          if (wrong) problems.push(`${where} ${status}: response example: ${wrong}`);
          checked++;
        }
      }
      // A page's refusals are pages too (text/html): every other operation shows its JSON ones.
      const pages = Object.values(op.responses as Record<string, any>).every(
        (r) => !r.content || Object.keys(r.content).every((type) => type === 'text/html'),
      );
      if (errorExamples.length === 0 && !pages) problems.push(`${where}: no error example`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('names the refusals a route can answer, worded as the server words them', async () => {
    const examples = (path: string, method: string) =>
      doc.paths[path][method].responses['4XX'].content['application/json'].examples;
    // An admin's route with a body and an id: each refusal it can make.
    const put = examples('/api/webhooks/{id}', 'put');
    expect(Object.keys(put)).toEqual([
      'validationFailed',
      'notAuthenticated',
      'apiKeyNotAllowed',
      'roleRequired',
      'notFound',
    ]);
    expect(put.roleRequired.value).toEqual({ code: 'ROLE_REQUIRED', message: 'This needs the admin role' });
    // The 400 example is the body the server answers to the same input.
    const staff = await signUp(app.app);
    for (const [path, method] of [
      ['/api/webhooks', 'post'],
      ['/api/campaigns', 'post'],
    ] as const) {
      const real = await app.app.inject({ method, url: path, headers: bearer(staff.token), payload: {} });
      expect(real.statusCode).toBe(400);
      expect(examples(path, method).validationFailed.value).toEqual(real.json());
    }
    // A public route without input has nothing to refuse a caller for.
    expect(Object.keys(examples('/api/login', 'post'))).toEqual(['validationFailed']);
    // Session-only routes say that an API key is refused.
    expect(examples('/api/user', 'get').apiKeyNotAllowed.value.code).toBe('API_KEY_NOT_ALLOWED');
  });

  // Operations that take no body, each for a reason: the path (an id or a token) is
  // the whole input of an action, logout ends the caller's own session, and the
  // development tools (DEV_TOOLS=1 only) act on the caller's organisation.
  const BODYLESS = [
    'POST /api/campaigns/{id}/review/withdraw',
    'POST /api/debug/create-test-content',
    'POST /api/debug/run-jobs',
    'POST /api/logout',
    'PUT /api/user/first-run/{step}',
    'POST /api/email-change/{token}/confirm',
    'POST /api/email-change/{token}/undo',
    'POST /api/invitations/{token}/accept',
    'POST /api/webhooks/{id}/rotate-secret',
    'POST /api/webhooks/{id}/test',
    'POST /api/webhooks/{id}/deliveries/{messageId}/retry',
    'POST /api/campaigns/{id}/duplicate',
    'POST /unsubscribe/{token}',
    'POST /my-data/{token}',
    'POST /reminders/confirm/{token}',
    'POST /notifications/unsubscribe/{token}',
    'POST /api/instance/organizations/{id}/restore',
    'POST /api/instance/held-mail/{id}/release',
    'POST /api/instance/held-mail/{id}/drop',
    'POST /api/organization/supporter-profiles/{id}/hide',
    'POST /api/organization/supporter-profiles/{id}/unhide',
  ];

  it('documents a request body on every operation that takes one, file bodies included', async () => {
    const without = operations()
      .filter(({ method, op }) => ['POST', 'PUT', 'PATCH'].includes(method) && !op.requestBody)
      .map(({ method, path }) => `${method} ${path}`);
    expect(without.sort()).toEqual([...BODYLESS].sort());
    // A bodyless action declares no body schema: nothing for the document to miss.
    for (const name of BODYLESS) {
      const [method, path] = name.split(' ') as [string, string];
      expect(routeOf(method, path)?.schema?.body, name).toBeUndefined();
    }
    // The file routes: a multipart `file` as binary; the import's JSON variant is the shared schema's.
    for (const [path, types] of [
      ['/api/upload', ['multipart/form-data']],
      ['/api/campaigns/import', ['multipart/form-data', 'application/json']],
    ] as const) {
      const content = doc.paths[path].post.requestBody.content;
      expect(Object.keys(content).sort(), path).toEqual([...types].sort());
      expect(content['multipart/form-data'].schema.properties.file).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(content['multipart/form-data'].schema.required).toEqual(['file']);
    }
    const json = doc.paths['/api/campaigns/import'].post.requestBody.content['application/json'];
    const rows = importBodySchema.parse(json.example).rows;
    for (const row of rows) expect(importRowSchema.safeParse(row).error).toBeUndefined();
    // The route answers its documented JSON example (a dry run by default).
    const staff = await signUp(app.app);
    const res = await postJson(app.app, '/api/campaigns/import', json.example, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().valid).toBe(true);
  });

  /** The documented example of `code` on a route (`METHOD url`). */
  const documented409 = (route: string, code: string) => {
    const [method, url] = route.split(' ') as [string, string];
    const path = url.replace(/:(\w+)/g, '{$1}');
    const named = doc.paths[path]?.[method.toLowerCase()]?.responses['4XX'].content['application/json']
      .examples as Record<string, { summary: string; value: ApiErrorBody }> | undefined;
    return Object.values(named ?? {}).find((e) => e.value.code === code);
  };

  it('documents every 409 a service answers, on the routes that answer it', () => {
    // From the code: every `conflict('CODE', ...)` call of the server (tests aside).
    const thrown = conflictCallCodes();
    expect(thrown.size).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const [code, files] of thrown)
      if (!CONFLICTS[code as ErrorCode]?.length) problems.push(`${code} (${files.join(', ')}): no example`);
    for (const [code, wordings] of Object.entries(CONFLICTS)) {
      if (!thrown.has(code)) problems.push(`${code}: documented, but no conflict() call answers it`);
      for (const wording of wordings ?? []) {
        expect(wording.summary, code).toMatch(/^409: /);
        expect(wording.routes.length, code).toBeGreaterThan(0);
        for (const route of wording.routes) {
          if (!routes.has(route)) problems.push(`${code}: no route ${route}`);
          // One wording of a code per route: the document shows one example per code.
          if ((wordings ?? []).filter((w) => w.routes.includes(route)).length > 1)
            problems.push(`${code}: two wordings on ${route}`);
          const example = documented409(route, code);
          if (!example) problems.push(`${code}: not in the document of ${route}`);
          else
            expect(example, `${route} ${code}`).toEqual({
              summary: wording.summary,
              value: { code, message: wording.message, ...(wording.params && { params: wording.params }) },
            });
        }
      }
    }
    expect(problems).toEqual([]);
    // The codes are the server's own, each said to answer 409.
    for (const code of thrown.keys()) expect(ERROR_CODES[code as ErrorCode], code).toMatch(/\(409/);
  });

  /** Checks a real 409 against the route's documented example: code, wording and params' names. */
  const expectDocumented = (route: string, res: { statusCode: number; body: string; json: () => any }) => {
    expect(res.statusCode, `${route}: ${res.body}`).toBe(409);
    const body = res.json() as ApiErrorBody;
    const example = documented409(route, body.code)?.value;
    expect(example, `${route} ${body.code}`).toBeDefined();
    expect({ code: example?.code, message: example?.message }).toEqual({
      code: body.code,
      message: body.message,
    });
    expect(Object.keys(example?.params ?? {})).toEqual(Object.keys(body.params ?? {}));
  };

  it('answers the documented 409s, as documented', async () => {
    // The same username twice.
    const taken = await signUp(app.app, { org: false });
    expectDocumented(
      'POST /api/register',
      await postJson(app.app, '/api/register', {
        username: taken.username,
        email: `other-${taken.username}@example.org`,
        password: 'secret123',
      }),
    );
    // Publishing a draft with no asset, or creating a campaign live without one.
    const staff = await signUp(app.app);
    const draft = await postJson(app.app, '/api/campaigns', { name: 'Clean rivers' }, staff.token);
    expect(draft.statusCode, draft.body).toBe(201);
    expectDocumented(
      'PUT /api/campaigns/:id',
      await sendJson(app.app, 'PUT', `/api/campaigns/${draft.json().id}`, { status: 'active' }, staff.token),
    );
    expectDocumented(
      'POST /api/campaigns',
      await postJson(app.app, '/api/campaigns', { name: 'Clean rivers', status: 'active' }, staff.token),
    );
    // The sole admin steps down.
    expectDocumented(
      'PUT /api/organization/members/:userId',
      await sendJson(
        app.app,
        'PUT',
        `/api/organization/members/${staff.userId}`,
        { role: 'editor' },
        staff.token,
      ),
    );
    // A share link code used twice; a share of a deleted asset; a share of a paused campaign.
    const content = (
      await app.app.inject({
        method: 'POST',
        url: '/api/debug/create-test-content',
        headers: bearer(staff.token),
      })
    ).json();
    const ids = { campaignId: content.campaign.id, assetId: content.asset.id, organizationId: staff.orgId };
    const ref = 'docs-ref-0123456789';
    expect((await postShare(app.app, ids, ref)).statusCode).toBe(201);
    expectDocumented('POST /api/shares', await postShare(app.app, ids, ref));
    const second = await postJson(
      app.app,
      '/api/assets',
      { campaignId: ids.campaignId, type: 'text', title: 'Second', content: 'Rivers need us' },
      staff.token,
    );
    expect(second.statusCode, second.body).toBe(201);
    const gone = await sendJson(app.app, 'DELETE', `/api/assets/${ids.assetId}`, undefined, staff.token);
    expect(gone.statusCode, gone.body).toBe(204);
    expectDocumented('POST /api/shares', await postShare(app.app, ids));
    // The last asset left of the live campaign stays.
    expectDocumented(
      'DELETE /api/assets/:id',
      await sendJson(app.app, 'DELETE', `/api/assets/${second.json().id}`, undefined, staff.token),
    );
    const paused = await sendJson(
      app.app,
      'PUT',
      `/api/campaigns/${ids.campaignId}`,
      { status: 'paused' },
      staff.token,
    );
    expect(paused.statusCode, paused.body).toBe(200);
    expectDocumented('POST /api/shares', await postShare(app.app, { ...ids, assetId: second.json().id }));
  });

  it("answers the QR code's documented 409 where the server does not know its address", async () => {
    // The file's app has no PUBLIC_URL, and this host is not one it allows.
    const staff = await signUp(t.app);
    const campaign = await postJson(t.app, '/api/campaigns', { name: 'Clean rivers' }, staff.token);
    expect(campaign.statusCode, campaign.body).toBe(201);
    const res = await t.app.inject({
      url: `/api/campaigns/${campaign.json().id}/qr.svg`,
      headers: { ...bearer(staff.token), host: 'unknown.example' },
    });
    expectDocumented('GET /api/campaigns/:id/qr.svg', res);
  });

  const eventTypes = [...WEBHOOK_EVENTS, 'ping'] as const;
  const payloadSchema = (type: string) => doc.webhooks[type].post.requestBody.content['application/json'];

  it('lists every webhook event with its headers, payload schema and an example that fits it', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...eventTypes].sort());
    for (const type of eventTypes) {
      const post = doc.webhooks[type].post;
      expect(post.description, type).toBeTruthy();
      expect(
        post.parameters
          .filter((p: { in: string; required: boolean }) => p.in === 'header' && p.required)
          .map((p: { name: string }) => p.name),
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const { schema, example } = payloadSchema(type);
      expect(check(schema, example), type).toBeNull();
      expect(example.type).toBe(type);
      expect(WEBHOOK_EVENT_DATA[type].parse(example.data)).toEqual(example.data);
      // And refuses what is not this event's payload.
      const other = type === 'ping' ? 'share.created' : 'ping';
      expect(check(schema, { ...example, type: other }), type).not.toBeNull();
      expect(check(schema, { ...example, data: payloadSchema(other).example.data }), type).not.toBeNull();
      const [first] = Object.keys(example.data);
      const { [first as string]: _dropped, ...incomplete } = example.data;
      expect(check(schema, { ...example, data: incomplete }), `${type} without ${first}`).not.toBeNull();
    }
  });

  it(`documents that a batched message holds at most ${WEBHOOK_BATCH_MAX} items`, () => {
    for (const type of BATCHED_WEBHOOK_EVENTS) {
      const { schema, example } = payloadSchema(type);
      const key = WEBHOOK_BATCH_LIST_KEY[type];
      const items = Array(WEBHOOK_BATCH_MAX).fill(example.data[key][0]);
      expect(check(schema, { ...example, data: { [key]: items } }), type).toBeNull();
      expect(check(schema, { ...example, data: { [key]: [...items, items[0]] } }), type).not.toBeNull();
      expect(doc.webhooks[type].post.description).toContain(`at most ${WEBHOOK_BATCH_MAX}`);
    }
  });

  it('describes the payloads the server really sends', async () => {
    const staff = await signUp(app.app);
    const made = await postJson(
      app.app,
      '/api/webhooks',
      { url: receiver.url, events: [...WEBHOOK_EVENTS] },
      staff.token,
    );
    expect(made.statusCode, made.body).toBe(201);
    const content = (
      await app.app.inject({
        method: 'POST',
        url: '/api/debug/create-test-content',
        headers: bearer(staff.token),
      })
    ).json();
    const campaignId = content.campaign.id;
    const assetId = content.asset.id;
    expect((await postShare(app.app, { campaignId, assetId, organizationId: staff.orgId })).statusCode).toBe(
      201,
    );
    expect(
      (await sendJson(app.app, 'PUT', `/api/assets/${assetId}`, { title: 'Cleaner water' }, staff.token))
        .statusCode,
    ).toBe(200);
    for (const status of ['paused', 'active', 'ended']) {
      const res = await sendJson(app.app, 'PUT', `/api/campaigns/${campaignId}`, { status }, staff.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    await app.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(staff.token),
    });
    expect(
      (await postJson(app.app, `/api/webhooks/${made.json().id}/test`, {}, staff.token)).statusCode,
    ).toBe(202);
    await runWebhookSender(app);

    const sent = receiver.received.map((r) => JSON.parse(r.body) as { type: string });
    for (const payload of sent)
      expect(check(payloadSchema(payload.type).schema, payload), payload.type).toBeNull();
    expect(new Set(sent.map((p) => p.type))).toEqual(
      new Set([
        'share.created',
        'asset.created',
        'asset.updated',
        'campaign.paused',
        'campaign.published',
        'campaign.ended',
        'campaign.archived',
        'ping',
      ]),
    );
  });
});
