import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_CHANNEL, webhookSenderJob } from '../modules/outbox/index.ts';
import type { TestApp } from './test-app.ts';

// Test support of the webhook tests: a local receiver that records what it got and
// answers the statuses it is told, and a way to run the webhook sender by hand.

export interface Received {
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** TCP connections the receiver has accepted so far. */
  connections: () => number;
  /** Statuses to answer, in turn; after the last, 200. */
  answer: (statuses: number[]) => void;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : `failed with ${status}`);
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    connections: () => connections,
    answer: (list) => {
      statuses = [...list];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One step of a webhook sender of `t` (its own clock if given) and the deliveries after it. */
export async function runWebhookSender(t: TestApp, opts: { now?: () => number } = {}): Promise<void> {
  const job = webhookSenderJob({
    db: t.database.db,
    dialect: t.database.dialect,
    config: t.config,
    now: opts.now,
  });
  await t.database.db.transaction().execute((trx) => job.step(trx));
  await job.afterCommit?.();
}

/** The outbox's webhook rows of an endpoint, oldest first. */
export const messagesOf = (t: TestApp, endpointId: number) =>
  t.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('channel', '=', WEBHOOK_CHANNEL)
    .where('refId', '=', endpointId)
    .orderBy('id')
    .execute();

/** Makes every waiting message of the endpoint due now (instead of waiting out its retry delay). */
export const makeDue = (t: TestApp, endpointId: number) =>
  t.database.db
    .updateTable('outbox')
    .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
    .where('channel', '=', WEBHOOK_CHANNEL)
    .where('refId', '=', endpointId)
    .where('status', '=', 'queued')
    .execute();
