import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveriesPageSchema } from '#shared/schemas/webhooks.ts';
import { refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { bearer, createTestApp, postJson, signUp, type SignedUp, type TestApp } from '../../test/test-app.ts';
import { type Receiver, runWebhookSender, startReceiver } from '../../test/webhook-receiver.ts';
import { webhookSenderJob } from '../outbox/index.ts';

// Why an attempt did not deliver, as the delivery log keeps it (docs/api.md
// "Integrations > Endpoints"): a stable `errorCode` with its `errorParams` beside the
// English `error`, for each way an attempt fails; and an attempt logged before codes
// keeps its English alone.

let t: TestApp;
let owner: SignedUp;
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_FETCH: '1', ROLLUP_INTERVAL_MS: '0' });
  owner = await signUp(t.app);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function endpoint(url: string): Promise<number> {
  const res = await postJson(t.app, '/api/webhooks', { url, events: ['campaign.published'] }, owner.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function ping(id: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${id}/test`,
    headers: bearer(owner.token),
  });
  expect(res.statusCode, res.body).toBe(202);
}

/** The endpoint's newest attempt, as the API answers it (and its schema reads it). */
async function lastAttempt(id: number) {
  const res = await t.app.inject({ url: `/api/webhooks/${id}/deliveries`, headers: bearer(owner.token) });
  expect(res.statusCode, res.body).toBe(200);
  const page = webhookDeliveriesPageSchema.parse(res.json());
  return page.items[0];
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the delivery log names why an attempt failed', () => {
  it('a receiver answering 503: receiver_status with the status', async () => {
    const id = await endpoint(receiver.url);
    await ping(id);
    receiver.answer([503]);
    await runWebhookSender(t);
    expect(await lastAttempt(id)).toMatchObject({
      statusCode: 503,
      error: 'The receiver answered 503',
      errorCode: 'receiver_status',
      errorParams: { status: 503 },
    });
  });

  it('a delivered attempt has no error, code nor values', async () => {
    const id = await endpoint(receiver.url);
    await ping(id);
    await runWebhookSender(t);
    expect(await lastAttempt(id)).toMatchObject({
      statusCode: 200,
      error: null,
      errorCode: null,
      errorParams: null,
    });
  });

  it('a host nothing listens on: unreachable with the network code', async () => {
    const id = await endpoint(`http://127.0.0.1:${await closedPort()}/hooks`);
    await ping(id);
    await runWebhookSender(t);
    expect(await lastAttempt(id)).toMatchObject({
      statusCode: null,
      error: 'Could not reach the receiver (ECONNREFUSED)',
      errorCode: 'unreachable',
      errorParams: { networkCode: 'ECONNREFUSED' },
    });
  });

  it("a receiver that never answers: timeout with the seconds waited (the sender's 10 s)", {
    timeout: 30_000,
  }, async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const id = await endpoint(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`);
      await ping(id);
      await runWebhookSender(t);
      expect(await lastAttempt(id)).toMatchObject({
        statusCode: null,
        error: 'No answer within 10 s',
        errorCode: 'timeout',
        errorParams: { seconds: 10 },
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a private address refused by the guard at delivery: address_refused with the host and address', async () => {
    const id = await endpoint(receiver.url);
    await ping(id);
    const guarded = webhookSenderJob({
      db: t.database.db,
      dialect: t.database.dialect,
      config: t.config,
      policy: refusePrivateAddress,
    });
    await t.database.db.transaction().execute((trx) => guarded.step(trx));
    await guarded.afterCommit?.();
    const attempt = await lastAttempt(id);
    expect(attempt).toMatchObject({
      statusCode: null,
      errorCode: 'address_refused',
      errorParams: { host: '127.0.0.1', address: '127.0.0.1' },
    });
    expect(attempt.error).toMatch(/^Refusing to fetch 127\.0\.0\.1: it points to a loopback address/);
  });

  it('the list shows the last attempt with its code too', async () => {
    const id = await endpoint(receiver.url);
    await ping(id);
    receiver.answer([500]);
    await runWebhookSender(t);
    const res = await t.app.inject({ url: '/api/webhooks', headers: bearer(owner.token) });
    const listed = res.json().find((e: { id: number }) => e.id === id);
    expect(listed.lastDelivery).toMatchObject({
      statusCode: 500,
      errorCode: 'receiver_status',
      errorParams: { status: 500 },
    });
  });

  it('an attempt logged before codes keeps its English alone', async () => {
    const id = await endpoint(receiver.url);
    await t.database.db
      .insertInto('webhookDeliveries')
      .values({
        endpointId: id,
        messageId: 'msg_old',
        eventType: 'ping',
        attempt: 1,
        attemptedAt: new Date().toISOString(),
        statusCode: null,
        durationMs: 12,
        error: 'No answer within 10 s',
        errorCode: null,
        errorParams: null,
        responseExcerpt: null,
      })
      .execute();
    expect(await lastAttempt(id)).toMatchObject({
      error: 'No answer within 10 s',
      errorCode: null,
      errorParams: null,
    });
  });
});
