import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { bearer, createTestApp, postJson, signUp, type TestApp } from '../../test/test-app.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';
import { queueWebhookMessage, webhookCounters } from './index.ts';

// The webhook sender in its own thread (PostgreSQL): the app starts it with its timer,
// it delivers what the request thread queued, its tallies reach /metrics' counters
// here, and closing the app ends it.

const onPostgres = process.env.DB_TARGET === 'postgres';

describe('WEBHOOK_SENDER_THREAD', () => {
  it('is on in production and off otherwise, unless set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhookSenderThread).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhookSenderThread).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOK_SENDER_THREAD: 'false' }).webhookSenderThread).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_SENDER_THREAD: '1' }).webhookSenderThread).toBe(true);
    // Empty is unset, as for every flag.
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOK_SENDER_THREAD: '' }).webhookSenderThread).toBe(true);
    expect(() => loadConfig({ WEBHOOK_SENDER_THREAD: 'yes' })).toThrow();
  });
});

describe.skipIf(!onPostgres)('webhook sender in its own thread (PostgreSQL)', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      ALLOW_PRIVATE_FETCH: '1',
      WEBHOOK_SENDER_THREAD: 'true',
      ROLLUP_INTERVAL_MS: '100',
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A new organisation and its endpoint at the local receiver. */
  async function newEndpoint() {
    const a = await signUp(t.app);
    const made = await postJson(
      t.app,
      '/api/webhooks',
      { url: receiver.url, events: ['campaign.published'] },
      a.token,
    );
    expect(made.statusCode, made.body).toBe(201);
    return { a, ...(made.json() as { id: number; secret: string }) };
  }

  it('delivers from the thread, not from the request thread, and reports its tallies', async () => {
    expect(t.deps.webhookSenderThread).toBe(true);
    // The request thread's runner has no webhook sender: the thread is the only one.
    expect(t.deps.jobs.jobNames).not.toContain('outbox-webhooks');
    expect(t.deps.jobs.jobNames).toContain('outbox');
    const { a, id, secret } = await newEndpoint();
    const before = webhookCounters.delivered;

    const test = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${id}/test`,
      headers: bearer(a.token),
    });
    expect(test.statusCode, test.body).toBe(202);
    const { messageId } = test.json() as { messageId: string };

    const until = Date.now() + 15_000;
    while (Date.now() < until && (receiver.received.length === 0 || webhookCounters.delivered === before))
      await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.headers['webhook-id']).toBe(messageId);
    expect(new Webhook(secret).verify(got.body, got.headers)).toMatchObject({ type: 'ping' });
    // Counted in the thread, added here (where /metrics reads them).
    expect(webhookCounters.delivered).toBe(before + 1);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${id}/deliveries`,
      headers: bearer(a.token),
    });
    expect(log.json().items).toMatchObject([{ messageId, statusCode: 200 }]);
  });

  it('stops with the app: nothing is sent after close', async () => {
    const { a, id } = await newEndpoint();
    const sent = receiver.received.length;
    await t.app.close();
    // Queued after close: no thread is left to send it.
    await queueWebhookMessage(t.database.db, {
      organizationId: a.orgId,
      endpointId: id,
      body: { type: 'ping', timestamp: new Date().toISOString(), data: {} },
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(sent);
  });
});
