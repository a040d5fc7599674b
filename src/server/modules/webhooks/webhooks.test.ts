import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_BATCH_MAX } from '#shared/schemas/webhooks.ts';
import { addMember } from '../../test/teams.ts';
import { bearer, createTestApp, postJson, signUp, type SignedUp, type TestApp } from '../../test/test-app.ts';
import {
  makeDue,
  messagesOf,
  type Receiver,
  runWebhookSender,
  startReceiver,
} from '../../test/webhook-receiver.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { shareRow } from '../../test/db-rows.ts';
import { WEBHOOK_BUNDLE_ITEMS, webhookSenderJob } from '../outbox/index.ts';
import { emitSharesCreated, emitWebhookEvent } from './index.ts';

// Webhook endpoints through the API, and their delivery to a local receiver
// (ALLOW_PRIVATE_FETCH lets the sender reach 127.0.0.1; the timer is off, so the
// tests run the sender themselves).

let t: TestApp;
let a: SignedUp;
let b: SignedUp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_FETCH: '1', ROLLUP_INTERVAL_MS: '0' });
  a = await signUp(t.app);
  b = await signUp(t.app);
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

interface Created {
  id: number;
  url: string;
  secret: string;
  secretPrefix: string;
  events: string[];
  enabled: boolean;
}

async function createEndpoint(body: Record<string, unknown> = {}, token = a.token): Promise<Created> {
  const res = await postJson(
    t.app,
    '/api/webhooks',
    { url: receiver.url, events: ['campaign.published'], ...body },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = a.token, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined && { payload: payload as object }),
  });

async function ping(id: number): Promise<string> {
  const res = await call('POST', `/api/webhooks/${id}/test`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().messageId;
}

const deliveries = async (id: number, page = 1) => {
  const res = await call('GET', `/api/webhooks/${id}/deliveries?page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      messageId: string;
      attempt: number;
      statusCode: number | null;
      error: string | null;
      responseExcerpt: string | null;
      eventType: string;
      durationMs: number;
    }[];
    hasMore: boolean;
  };
};

const headersOf = (r: { headers: Record<string, string> }) => ({
  'webhook-id': r.headers['webhook-id'],
  'webhook-timestamp': r.headers['webhook-timestamp'],
  'webhook-signature': r.headers['webhook-signature'],
});

describe('managing endpoints', () => {
  it('answers the secret once, keeps it sealed, and shows only its prefix afterwards', async () => {
    const made = await createEndpoint({
      description: '  CRM sync  ',
      events: ['asset.created', 'asset.created', 'share.created'],
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(32);
    expect(made.secretPrefix).toBe(made.secret.slice(0, 10));
    expect(made).toMatchObject({
      description: 'CRM sync',
      events: ['asset.created', 'share.created'],
      enabled: true,
    });
    const row = await t.database.db
      .selectFrom('webhookEndpoints')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(6, 30));
    const read = await call('GET', `/api/webhooks/${made.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(made.secret.slice(6, 30));
    expect(read.json()).toMatchObject({ id: made.id, secretPrefix: made.secretPrefix, lastDelivery: null });
    expect(read.json()).not.toHaveProperty('secret');
    const list = await call('GET', '/api/webhooks');
    expect(list.json().map((e: { id: number }) => e.id)).toContain(made.id);
    // Audited, naming the endpoint.
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'target'])
      .where('organizationId', '=', a.orgId)
      .where('action', '=', 'webhook.created')
      .execute();
    expect(audit).toContainEqual({ action: 'webhook.created', target: `webhook ${receiver.url}` });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [payload, path] of [
      [{ url: 'not a url', events: ['ping'] }, 'url'],
      [{ url: 'ftp://example.org/x', events: ['campaign.published'] }, 'url'],
      [{ url: `https://example.org/${'x'.repeat(2048)}`, events: ['campaign.published'] }, 'url'],
      [{ events: ['campaign.published'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['campaign.deleted'] }, 'events.0'],
      [{ url: receiver.url }, 'events'],
      [{ url: receiver.url, events: ['campaign.published'], description: 'x'.repeat(201) }, 'description'],
      [{ url: receiver.url, events: ['campaign.published'], enabled: 'yes' }, 'enabled'],
      [{ url: receiver.url, events: ['campaign.published'], secret: 'whsec_mine' }, ''],
    ] as const) {
      const res = await postJson(t.app, '/api/webhooks', payload, a.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (path) expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const made = await createEndpoint();
    const empty = await call('PUT', `/api/webhooks/${made.id}`, a.token, {});
    expect(empty.statusCode).toBe(400);
    const badId = await call('GET', '/api/webhooks/abc');
    expect(badId.statusCode).toBe(400);
    const badPage = await call('GET', `/api/webhooks/${made.id}/deliveries?page=0`);
    expect(badPage.statusCode).toBe(400);
  });

  it("is the admins' only, and another organisation's id is 404", async () => {
    const mine = await createEndpoint();
    const theirs = await createEndpoint({}, b.token);
    const editor = await addMember(t.app, a, 'editor');
    expect((await call('GET', '/api/webhooks', editor.token)).statusCode).toBe(403);
    expect(
      (await postJson(t.app, '/api/webhooks', { url: receiver.url, events: ['ping'] }, editor.token))
        .statusCode,
    ).toBe(403);
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const res = await call(
        method,
        `/api/webhooks/${theirs.id}${path}`,
        a.token,
        method === 'PUT' ? { enabled: false } : undefined,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe('Webhook endpoint not found');
    }
    const list = await call('GET', '/api/webhooks');
    expect(list.json().map((e: { id: number }) => e.id)).not.toContain(theirs.id);
    expect((await call('GET', `/api/webhooks/${theirs.id}`, b.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/webhooks/${mine.id}`, b.token)).statusCode).toBe(404);
  });

  it(`holds at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per organisation (409)`, async () => {
    const c = await signUp(t.app);
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) await createEndpoint({}, c.token);
    const res = await postJson(
      t.app,
      '/api/webhooks',
      { url: receiver.url, events: ['ping'.replace('ping', 'asset.created')] },
      c.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('WEBHOOK_ENDPOINT_LIMIT');
  });

  it('turns an endpoint off and on: off sends nothing, on clears the reason', async () => {
    const made = await createEndpoint();
    const off = await call('PUT', `/api/webhooks/${made.id}`, a.token, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: 'admin' });
    const before = receiver.received.length;
    await ping(made.id);
    await runWebhookSender(t);
    expect(receiver.received.length).toBe(before);
    const on = await call('PUT', `/api/webhooks/${made.id}`, a.token, { enabled: true, description: 'Back' });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, description: 'Back' });
    await runWebhookSender(t);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('deleting an endpoint drops its waiting messages', async () => {
    const made = await createEndpoint();
    await ping(made.id);
    expect((await call('DELETE', `/api/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await messagesOf(t, made.id)).map((m) => [m.status, m.reason])).toEqual([
      ['dropped', 'endpoint-deleted'],
    ]);
    expect((await call('GET', `/api/webhooks/${made.id}`)).statusCode).toBe(404);
  });
});

describe('delivery', () => {
  // An organisation per test: each makes endpoints of its own.
  beforeEach(async () => {
    a = await signUp(t.app);
  });

  it('signs per Standard Webhooks: the library verifies what the receiver got', async () => {
    const made = await createEndpoint();
    const messageId = await ping(made.id);
    const before = receiver.received.length;
    await runWebhookSender(t);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [req] = got;
    expect(req.headers['webhook-id']).toBe(messageId);
    expect(messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(req.headers['content-type']).toBe('application/json');
    const payload = new Webhook(made.secret).verify(req.body, headersOf(req)) as {
      type: string;
      data: { endpointId: number };
    };
    expect(payload).toMatchObject({ type: 'ping', data: { endpointId: made.id } });
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(made.secret).verify(req.body.replace('ping', 'pong'), headersOf(req))).toThrow();
    const other = await createEndpoint();
    expect(() => new Webhook(other.secret).verify(req.body, headersOf(req))).toThrow();
    const log = await deliveries(made.id);
    expect(log.items).toEqual([
      expect.objectContaining({
        messageId,
        eventType: 'ping',
        attempt: 1,
        statusCode: 200,
        error: null,
        responseExcerpt: 'thanks',
      }),
    ]);
    expect((await call('GET', `/api/webhooks/${made.id}`)).json().lastDelivery).toMatchObject({
      statusCode: 200,
      error: null,
    });
    expect((await messagesOf(t, made.id)).map((m) => m.status)).toEqual(['delivered']);
  });

  it('retries a receiver that fails twice, then succeeds: three attempts, one webhook-id', async () => {
    const made = await createEndpoint();
    const messageId = await ping(made.id);
    receiver.answer([500, 503]);
    const before = receiver.received.length;
    await runWebhookSender(t);
    let [row] = await messagesOf(t, made.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    // The first retry waits 5 s: not due yet.
    expect(Date.parse(row.nextAttemptAt) - Date.now()).toBeGreaterThan(3000);
    await runWebhookSender(t);
    expect(receiver.received.length).toBe(before + 1);
    await makeDue(t, made.id);
    await runWebhookSender(t);
    [row] = await messagesOf(t, made.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    // The second waits 5 minutes.
    expect(Date.parse(row.nextAttemptAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    await makeDue(t, made.id);
    await runWebhookSender(t);
    const got = receiver.received.slice(before);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([messageId, messageId, messageId]);
    for (const req of got) new Webhook(made.secret).verify(req.body, headersOf(req));
    expect((await messagesOf(t, made.id)).map((m) => [m.status, m.attempts])).toEqual([['delivered', 3]]);
    const log = await deliveries(made.id);
    expect(log.items.map((d) => [d.attempt, d.statusCode])).toEqual([
      [3, 200],
      [2, 503],
      [1, 500],
    ]);
    expect(log.items[1]).toMatchObject({
      error: 'The receiver answered 503',
      responseExcerpt: 'failed with 503',
    });
  });

  it('treats a 4xx other than 429 as final', async () => {
    const made = await createEndpoint();
    await ping(made.id);
    receiver.answer([410]);
    await runWebhookSender(t);
    expect((await messagesOf(t, made.id)).map((m) => [m.status, m.reason, m.attempts])).toEqual([
      ['failed', 'refused-by-receiver', 1],
    ]);
  });

  it('records the attempts of a step in order: failing since the first failure after the last delivery', async () => {
    const endpointHealth = async (id: number) =>
      (
        await t.database.db
          .selectFrom('webhookEndpoints')
          .select('failingSince')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).failingSince;
    // Refused, then delivered: healthy.
    const healed = await createEndpoint();
    await ping(healed.id);
    await ping(healed.id);
    receiver.answer([410, 200]);
    await runWebhookSender(t);
    expect((await messagesOf(t, healed.id)).map((m) => [m.status, m.attempts])).toEqual([
      ['failed', 1],
      ['delivered', 1],
    ]);
    expect(await endpointHealth(healed.id)).toBeNull();
    // Delivered, then refused: failing since the refusal.
    const failing = await createEndpoint();
    await ping(failing.id);
    await ping(failing.id);
    receiver.answer([200, 410]);
    await runWebhookSender(t);
    expect((await messagesOf(t, failing.id)).map((m) => [m.status, m.attempts])).toEqual([
      ['delivered', 1],
      ['failed', 1],
    ]);
    const log = await t.database.db
      .selectFrom('webhookDeliveries')
      .select(['attemptedAt', 'statusCode'])
      .where('endpointId', '=', failing.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.statusCode)).toEqual([200, 410]);
    expect(await endpointHealth(failing.id)).toBe(log[1].attemptedAt);
  });

  it('loses nothing when an instance dies mid-delivery: a stale claim is sent again', async () => {
    const made = await createEndpoint();
    const messageId = await ping(made.id);
    // An instance claims the message and dies before sending it (its step committed, no afterCommit).
    const { webhookSenderJob } = await import('../outbox/index.ts');
    const dying = webhookSenderJob({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    await t.database.db.transaction().execute((trx) => dying.step(trx));
    expect((await messagesOf(t, made.id)).map((m) => m.status)).toEqual(['sending']);
    const before = receiver.received.length;
    // Another instance, while the claim is fresh: leaves it alone.
    await runWebhookSender(t);
    expect(receiver.received.length).toBe(before);
    // Ten minutes later the claim is stale: due again and delivered.
    await t.database.db
      .updateTable('outbox')
      .set({ claimedAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('messageId', '=', messageId)
      .execute();
    await runWebhookSender(t);
    expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([messageId]);
    expect((await messagesOf(t, made.id)).map((m) => m.status)).toEqual(['delivered']);
  });

  it('sends both signatures during a rotation, only the new one after 24 h', async () => {
    const made = await createEndpoint();
    const res = await call('POST', `/api/webhooks/${made.id}/rotate-secret`);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, previousSecretExpiresAt } = res.json();
    expect(secret).not.toBe(made.secret);
    expect(Date.parse(previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await call('GET', `/api/webhooks/${made.id}`)).json()).toMatchObject({
      secretPrefix: secret.slice(0, 10),
      previousSecretExpiresAt,
    });
    let before = receiver.received.length;
    await ping(made.id);
    await runWebhookSender(t);
    const [during] = receiver.received.slice(before);
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    new Webhook(secret).verify(during.body, headersOf(during));
    new Webhook(made.secret).verify(during.body, headersOf(during));
    // The overlap over (its end moved back, as 24 h passing would).
    await t.database.db
      .updateTable('webhookEndpoints')
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    before = receiver.received.length;
    await ping(made.id);
    await runWebhookSender(t);
    const [after] = receiver.received.slice(before);
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    new Webhook(secret).verify(after.body, headersOf(after));
    expect(() => new Webhook(made.secret).verify(after.body, headersOf(after))).toThrow();
    expect((await call('GET', `/api/webhooks/${made.id}`)).json().previousSecretExpiresAt).toBeNull();
  });

  it('sends a message again on a manual retry, with the same webhook-id', async () => {
    const made = await createEndpoint();
    const messageId = await ping(made.id);
    await runWebhookSender(t);
    const res = await call('POST', `/api/webhooks/${made.id}/deliveries/${messageId}/retry`);
    expect(res.statusCode, res.body).toBe(202);
    const before = receiver.received.length;
    await runWebhookSender(t);
    expect(receiver.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([messageId]);
    expect((await deliveries(made.id)).items.map((d) => d.attempt)).toEqual([2, 1]);
    const unknown = await call('POST', `/api/webhooks/${made.id}/deliveries/msg_nosuch/retry`);
    expect(unknown.statusCode).toBe(404);
    // Another endpoint's message is not this endpoint's.
    const other = await createEndpoint();
    expect((await call('POST', `/api/webhooks/${other.id}/deliveries/${messageId}/retry`)).statusCode).toBe(
      404,
    );
  });

  it('pages the delivery log, newest first, 50 a page', async () => {
    const made = await createEndpoint();
    for (let i = 0; i < 52; i++) await ping(made.id);
    // Ten per endpoint a step.
    for (let i = 0; i < 6; i++) await runWebhookSender(t);
    const first = await deliveries(made.id);
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = await deliveries(made.id, 2);
    expect(second.items).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    const ids = [...first.items, ...second.items].map((d) => (d as unknown as { id: number }).id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });
});

describe('events in the outbox', () => {
  it('writes one message per subscribed, enabled endpoint, in the caller transaction only', async () => {
    const c = await signUp(t.app);
    const subscribed = await createEndpoint({ events: ['asset.created'] }, c.token);
    const otherEvents = await createEndpoint({ events: ['asset.updated'] }, c.token);
    const off = await createEndpoint({ events: ['asset.created'], enabled: false }, c.token);
    const data = { id: 1, campaignId: 1, type: 'text', title: 'T', at: new Date().toISOString() };
    await t.database.db.transaction().execute((trx) => emitWebhookEvent(trx, c.orgId, 'asset.created', data));
    expect((await messagesOf(t, subscribed.id)).map((m) => m.kind)).toEqual(['asset.created']);
    expect(await messagesOf(t, otherEvents.id)).toEqual([]);
    expect(await messagesOf(t, off.id)).toEqual([]);
    // A rolled-back change sends nothing.
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await emitWebhookEvent(trx, c.orgId, 'asset.created', data);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await messagesOf(t, subscribed.id)).toHaveLength(1);
  });

  it(`batches share.created: writers append (endpoint, share) items, the sender bundles them ${WEBHOOK_BATCH_MAX} a message`, async () => {
    const c = await signUp(t.app);
    const made = await createEndpoint({ events: ['share.created'] }, c.token);
    const campaign = await createCampaign(t.app, c.token);
    const asset = await createAsset(t.app, c.token, campaign.id);
    const db = t.database.db;
    const logged = async (n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const row = await db
          .insertInto('shares')
          .values(
            shareRow({
              assetId: asset.id,
              campaignId: campaign.id,
              organizationId: c.orgId,
              status: i % 2 === 0 ? 'shared' : 'intent',
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      return ids;
    };
    const emit = (ids: number[]) => db.transaction().execute((trx) => emitSharesCreated(trx, c.orgId, ids));
    const first = await logged(WEBHOOK_BATCH_MAX + 50);
    for (const id of first) await emit([id]);
    // One item per share, two ids, no message yet (no webhook-id).
    const items = await db
      .selectFrom('webhookShareItems')
      .selectAll()
      .where('endpointId', '=', made.id)
      .execute();
    expect(items.map((i) => i.shareId)).toEqual(first);
    let rows = await messagesOf(t, made.id);
    expect(rows).toEqual([]);
    // A share erased before the sender bundles it drops out (its item names nothing).
    const erased = first[10];
    await db.deleteFrom('shares').where('id', '=', erased).execute();
    const before = receiver.received.length;
    await runWebhookSender(t);
    rows = await messagesOf(t, made.id);
    expect(rows.map((r) => [r.status, JSON.parse(r.body ?? '').data.shares.length])).toEqual([
      ['delivered', WEBHOOK_BATCH_MAX],
      ['delivered', 49],
    ]);
    // Each item in exactly one message: none is left.
    expect(
      await db.selectFrom('webhookShareItems').selectAll().where('endpointId', '=', made.id).execute(),
    ).toEqual([]);
    const ids = new Set(rows.map((r) => r.messageId));
    const raw = receiver.received.slice(before).filter((r) => ids.has(r.headers['webhook-id']));
    const bodies = raw.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['share.created', 'share.created']);
    // The same bytes on both databases: compact JSON, as JSON.stringify writes it.
    for (const [i, r] of raw.entries()) expect(r.body).toBe(JSON.stringify(bodies[i]));
    const sent = bodies.flatMap((b) => b.data.shares);
    expect(sent.map((s: { id: number }) => s.id)).toEqual(first.filter((id) => id !== erased));
    // Each item is what the analytics show of its share, nothing of its supporter.
    const stored = await db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', first[1])
      .executeTakeFirstOrThrow();
    expect(sent[1]).toEqual({
      id: stored.id,
      campaignId: campaign.id,
      assetId: asset.id,
      platform: 'twitter',
      outcome: 'intent',
      language: null,
      createdAt: stored.createdAt,
    });
    // Later events make a new message; the delivered ones are never touched again.
    await emit(await logged(2));
    await runWebhookSender(t);
    rows = await messagesOf(t, made.id);
    expect(rows.map((r) => [r.status, JSON.parse(r.body ?? '').data.shares.length])).toEqual([
      ['delivered', WEBHOOK_BATCH_MAX],
      ['delivered', 49],
      ['delivered', 2],
    ]);
  });

  it("bundles at most its database's step of share items, and steps again at once while a bundle comes out full", async () => {
    const c = await signUp(t.app);
    // Off: the messages stay queued here, so the test counts them without posting them.
    const made = await createEndpoint({ events: ['share.created'], enabled: false }, c.token);
    const campaign = await createCampaign(t.app, c.token);
    const asset = await createAsset(t.app, c.token, campaign.id);
    const db = t.database.db;
    const job = webhookSenderJob({ db, dialect: t.database.dialect, config: t.config });
    const step = async () => {
      const again = await db.transaction().execute((trx) => job.step(trx));
      await job.afterCommit?.();
      return again;
    };
    // Whatever earlier tests left waiting goes first.
    while (await step()) {}
    const limit = WEBHOOK_BUNDLE_ITEMS[t.database.dialect];
    const shareIds: number[] = [];
    for (let done = 0; done <= limit; done += WEBHOOK_BATCH_MAX) {
      const rows = Array.from({ length: Math.min(WEBHOOK_BATCH_MAX, limit + 1 - done) }, () =>
        shareRow({ assetId: asset.id, campaignId: campaign.id, organizationId: c.orgId }),
      );
      const inserted = await db.insertInto('shares').values(rows).returning('id').execute();
      shareIds.push(...inserted.map((r) => r.id));
      await db
        .insertInto('webhookShareItems')
        .values(inserted.map((r) => ({ endpointId: made.id, shareId: r.id })))
        .execute();
    }
    expect(shareIds).toHaveLength(limit + 1);
    const waiting = async () =>
      (
        await db.selectFrom('webhookShareItems').select('shareId').where('endpointId', '=', made.id).execute()
      ).map((r) => r.shareId);
    // A full bundle: the runner steps again at once; the newest share still waits.
    expect(await step()).toBe(true);
    expect(await waiting()).toEqual([shareIds[limit]]);
    let sizes = (await messagesOf(t, made.id)).map((m) => JSON.parse(m.body ?? '').data.shares.length);
    expect(sizes).toEqual(Array(limit / WEBHOOK_BATCH_MAX).fill(WEBHOOK_BATCH_MAX));
    // The rest: not full, so no step at once.
    expect(await step()).toBe(false);
    expect(await waiting()).toEqual([]);
    sizes = (await messagesOf(t, made.id)).map((m) => JSON.parse(m.body ?? '').data.shares.length);
    expect(sizes.at(-1)).toBe(1);
    expect(sizes.reduce((n, k) => n + k, 0)).toBe(limit + 1);
  });
});
