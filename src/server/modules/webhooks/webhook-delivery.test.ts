import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '#shared/durations.ts';
import { refusePrivateAddress } from '../../lib/safe-fetch.ts';
import { startSmtp } from '../../test/smtp.ts';
import { bearer, createTestApp, postJson, signUp, type SignedUp, type TestApp } from '../../test/test-app.ts';
import { messagesOf, type Receiver, runWebhookSender, startReceiver } from '../../test/webhook-receiver.ts';
import { outboxSenderJob, WEBHOOK_RETRY_DELAYS_MS, webhookSenderJob } from '../outbox/index.ts';
import { emitWebhookEvent } from './index.ts';

// The delivery guarantees of docs/api.md "Integrations > Delivery" that need more than
// one sender or another clock: one attempt per message with two instances sending,
// the address guard at delivery time, and an endpoint turned off after 24 h of
// failures with its admins told.

let t: TestApp;
let t2: TestApp;
let strict: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let receiver: Receiver;

beforeAll(async () => {
  smtp = await startSmtp();
  const env = {
    ALLOW_PRIVATE_FETCH: '1',
    ROLLUP_INTERVAL_MS: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Rally <rally@example.org>',
    MAIL_HOLD_NEW_ORGS_HOURS: '0',
  };
  t = await createTestApp(env);
  // A second instance on the same database: another process's sender.
  t2 = await createTestApp(env, { sameDatabaseAs: t });
  // Production's rule: public https addresses only.
  strict = await createTestApp({ ROLLUP_INTERVAL_MS: '0' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t2.close();
  await t.close();
  await strict.close();
  await receiver.close();
  await smtp.close();
});

async function endpoint(owner: SignedUp, url = receiver.url): Promise<number> {
  const res = await postJson(t.app, '/api/webhooks', { url, events: ['asset.created'] }, owner.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** `n` asset.created events of the organisation, each in a transaction of its own. */
async function emit(orgId: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await t.database.db.transaction().execute((trx) =>
      emitWebhookEvent(trx, orgId, 'asset.created', {
        id: i + 1,
        campaignId: 1,
        type: 'text',
        title: `Asset ${i + 1}`,
        at: new Date().toISOString(),
      }),
    );
}

describe('two instances', () => {
  it('send each message once: every webhook-id arrives exactly once, one attempt each', async () => {
    const owners = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const ids = [];
    for (const owner of owners) {
      const id = await endpoint(owner);
      ids.push(id);
      await emit(owner.orgId, 25);
    }
    const before = receiver.received.length;
    // Both instances' senders, stepping at the same time, over and over, until nothing is left.
    const jobs = [t, t2, t, t2].map((app) =>
      webhookSenderJob({ db: app.database.db, dialect: app.database.dialect, config: app.config }),
    );
    for (let round = 0; round < 12; round++) {
      await Promise.all(
        jobs.map(async (job, i) => {
          const app = i % 2 === 0 ? t : t2;
          await app.database.db.transaction().execute((trx) => job.step(trx));
          await job.afterCommit?.();
        }),
      );
      const left = (await Promise.all(ids.map((id) => messagesOf(t, id))))
        .flat()
        .filter((m) => m.status !== 'delivered');
      if (left.length === 0) break;
    }
    const rows = (await Promise.all(ids.map((id) => messagesOf(t, id)))).flat();
    expect(rows).toHaveLength(75);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    const got = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(got).toHaveLength(75);
    expect(new Set(got)).toEqual(new Set(rows.map((r) => r.messageId)));
    const log = await t.database.db
      .selectFrom('webhookDeliveries')
      .select(['messageId'])
      .where('endpointId', 'in', ids)
      .execute();
    expect(log).toHaveLength(75);
  });
});

describe('connections', () => {
  it('post one message after another to a receiver over one kept connection', async () => {
    const own = await startReceiver();
    try {
      const owner = await signUp(t.app);
      const id = await endpoint(owner, own.url);
      await emit(owner.orgId, 5);
      for (let i = 0; i < 5 && (await messagesOf(t, id)).some((m) => m.status !== 'delivered'); i++)
        await runWebhookSender(t);
      expect((await messagesOf(t, id)).map((m) => m.status)).toEqual(Array(5).fill('delivered'));
      expect(own.received).toHaveLength(5);
      expect(own.connections()).toBe(1);
    } finally {
      await own.close();
    }
  });
  it('never make two endpoints on one host wait for each other: they post at the same time', async () => {
    // A host that holds each post a moment and counts how many it holds at once.
    let open = 0;
    let most = 0;
    const server = http.createServer((req, res) => {
      open++;
      most = Math.max(most, open);
      req.resume();
      setTimeout(() => {
        open--;
        res.writeHead(204).end();
      }, 300);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const owners = [await signUp(t.app), await signUp(t.app)];
      const ids = [await endpoint(owners[0], `${host}/a`), await endpoint(owners[1], `${host}/b`)];
      await emit(owners[0].orgId, 1);
      await emit(owners[1].orgId, 1);
      await runWebhookSender(t);
      for (const id of ids) expect((await messagesOf(t, id)).map((m) => m.status)).toEqual(['delivered']);
      expect(most).toBe(2);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the address guard', () => {
  it('refuses a private address when the endpoint is saved', async () => {
    const owner = await signUp(strict.app);
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://[::1]/hooks',
      'http://example.org/x',
    ]) {
      const res = await postJson(
        strict.app,
        '/api/webhooks',
        { url, events: ['asset.created'] },
        owner.token,
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].path).toBe('url');
    }
  });

  it('checks the address again at every attempt: a name that now resolves to a private address is refused, and retried', async () => {
    const owner = await signUp(t.app);
    // Saved while the name was allowed (here: the test instance's rule); at delivery
    // the production rule applies, as it would if the name's DNS had changed since.
    const id = await endpoint(owner, receiver.url.replace('127.0.0.1', 'localhost'));
    await emit(owner.orgId, 1);
    const before = receiver.received.length;
    const guarded = webhookSenderJob({
      db: t.database.db,
      dialect: t.database.dialect,
      config: t.config,
      policy: refusePrivateAddress,
    });
    await t.database.db.transaction().execute((trx) => guarded.step(trx));
    await guarded.afterCommit?.();
    expect(receiver.received.length).toBe(before);
    const [row] = await messagesOf(t, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    const res = await t.app.inject({ url: `/api/webhooks/${id}/deliveries`, headers: bearer(owner.token) });
    expect(res.json().items[0]).toMatchObject({ attempt: 1, statusCode: null });
    expect(res.json().items[0].error).toMatch(/address/i);
  });
});

describe('after the retry window', () => {
  it('fails the message, turns the endpoint off and mails its admins, on a clock moved 24 h on', async () => {
    const owner = await signUp(t.app);
    const res = await postJson(
      t.app,
      '/api/webhooks',
      { url: receiver.url, events: ['asset.created'], description: 'CRM sync' },
      owner.token,
    );
    const id: number = res.json().id;
    await emit(owner.orgId, 1);
    const start = Date.now();
    let now = start;
    const clock = () => now;
    // The receiver fails every attempt.
    receiver.answer(Array(20).fill(503));
    const sender = () => runWebhookSender(t, { now: clock });
    await sender();
    // Each retry when it falls due: 5 s, 5 min, 30 min, 2 h, 5 h and 10 h after the last.
    for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
      now += delay + 1000;
      await sender();
    }
    const [row] = await messagesOf(t, id);
    expect(row).toMatchObject({ attempts: 7, status: 'failed', reason: 'not-delivered-in-time' });
    expect(now - start).toBeLessThan(24 * HOUR_MS);
    // Still within the day: the endpoint stays on.
    let ep = (await t.app.inject({ url: `/api/webhooks/${id}`, headers: bearer(owner.token) })).json();
    expect(ep).toMatchObject({ enabled: true, disabledReason: null });
    now = start + 24 * HOUR_MS + 60_000;
    await sender();
    ep = (await t.app.inject({ url: `/api/webhooks/${id}`, headers: bearer(owner.token) })).json();
    expect(ep).toMatchObject({ enabled: false, disabledReason: 'failing' });
    receiver.answer([]);
    // The admins' notice leaves through the outbox.
    const mail = outboxSenderJob({
      db: t.database.db,
      dialect: t.database.dialect,
      config: t.config,
      mailer: t.deps.mailer,
      now: clock,
    });
    await t.database.db.transaction().execute((trx) => mail.step(trx));
    await mail.afterCommit?.();
    await expect
      .poll(() => smtp.messages.filter((m) => (m.text ?? '').includes(receiver.url)).length)
      .toBe(1);
    const notice = smtp.messages.find((m) => (m.text ?? '').includes(receiver.url));
    expect(notice?.text).toContain('CRM sync');
    // Turned off, it is sent nothing more until an admin turns it on again.
    await emit(owner.orgId, 1);
    const before = receiver.received.length;
    await sender();
    expect(receiver.received.length).toBe(before);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/webhooks/${id}`,
      headers: bearer(owner.token),
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
  });
});
