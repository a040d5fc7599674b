// Share logging with a webhook endpoint subscribed to share.created against the same
// app with none, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set)
// on PostgreSQL in a private schema. The app runs in a child process with the webhook
// sender at its production interval and where production runs it (PostgreSQL: a thread
// of its own; SQLite: the request thread); a local receiver in this process verifies every
// delivery's signature with the `standardwebhooks` package and counts the shares it
// got. Rounds of POST /api/shares alternate without and with the endpoint (ABBA), so a
// drift of this shared machine falls on both sides alike; then every share logged
// while the endpoint was on must arrive, each once, and at least 10,000 of them.
// Goals: share logging with webhooks / without >= 0.9; every share.created delivered.
//
//   npx tsx bench/webhooks.ts                       (BENCH_SECONDS=32 per side)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhooks.ts
//   (BENCH_DIALECTS=postgres for one database only)
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';
import {
  alternate,
  clientAddress,
  jsonPosts,
  type LoadOpts,
  type Round,
  ratioLine,
  serveChildCommands,
  startChild,
  stop,
  summarise,
  verdict,
} from './lib/load.ts';
import { newShareBody } from './lib/seed.ts';
import * as databases from './lib/target.ts';

const SELF = fileURLToPath(import.meta.url);
// 16 rounds a side (an even number: ABBA puts each side first equally often). With 5,
// the same app on both sides gave ratios from 0.93 to 1.04, as wide as the margin
// measured (docs/decisions/0031-webhooks.md).
const SECONDS = Number(process.env.BENCH_SECONDS ?? 32);
const ROUND_SECONDS = Math.min(2, SECONDS);
const ROUNDS = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
const GOAL = 0.9;
/** Events the run delivers at least (more rounds with the endpoint on, untimed, until then). */
const EVENTS = 10_000;

interface AppReady {
  port: number;
  campaignId: number;
  organizationId: number;
  assetIds: number[];
  secret: string;
  senderIntervalMs: number;
  durability: string;
}

// ---------------------------------------------------------------- the app (child)

async function serveApp(): Promise<void> {
  const { loadConfig } = await import('../src/server/config/env.ts');
  const { migrateToLatest } = await import('../src/server/db/client.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { JobRunner } = await import('../src/server/jobs/runner.ts');
  const { webhookSenderJob } = await import('../src/server/modules/outbox/index.ts');
  const { startWebhookSenderThread } = await import('../src/server/modules/outbox/webhook-sender-thread.ts');
  const { invalidateWebhookTargets } = await import('../src/server/modules/webhooks/index.ts');
  const { createWebhook } = await import('../src/server/modules/webhooks/webhooks.service.ts');
  const { seedBenchCampaign } = await import('./lib/seed.ts');

  const database = databases.openTarget();
  await migrateToLatest(database);
  const { db, dialect } = database;
  const { organizationId, campaignId, assetIds } = await seedBenchCampaign(db);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: '1',
    // The receiver is on this machine.
    ALLOW_PRIVATE_FETCH: '1',
    // The bench runs the webhook sender itself (below), at the production interval.
    ROLLUP_INTERVAL_MS: '0',
  });
  const senderIntervalMs = loadConfig({}).rollupIntervalMs;
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await db
    .insertInto('users')
    .values({
      username: 'bench-admin',
      email: 'bench-admin@example.org',
      passwordHash: 'x',
      role: 'admin',
      organizationId,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endpoint = await createWebhook({
    db,
    orgId: organizationId,
    actorId: admin.id,
    dialect,
    config,
    input: { url: process.env.BENCH_RECEIVER_URL as string, events: ['share.created'], enabled: false },
  });
  const setEnabled = async (on: boolean) => {
    await db
      .updateTable('webhookEndpoints')
      .set({ enabled: on ? 1 : 0 })
      .where('id', '=', endpoint.id)
      .execute();
    invalidateWebhookTargets(db, organizationId);
  };
  // The sender as production runs it: on PostgreSQL in a thread of its own, on SQLite in
  // the request thread (app.ts).
  const thread =
    dialect === 'postgres'
      ? startWebhookSenderThread({
          databaseUrl: database.databaseUrl as string,
          pgSchema: database.pgSchema,
          config,
          intervalMs: senderIntervalMs,
          log: { info: () => {}, warn: console.warn, error: console.error },
        })
      : undefined;
  await thread?.pause();
  const sender = webhookSenderJob({ db, dialect, config });
  let runner: InstanceType<typeof JobRunner> | undefined;
  const startSender = async () => {
    if (thread) return thread.resume();
    runner ??= new JobRunner({ db, dialect, jobs: [sender], intervalMs: senderIntervalMs });
    runner.start((job, err) => console.error(`background job ${job} failed`, err));
  };
  const stopSender = async () => {
    await thread?.pause();
    await runner?.stop();
    runner = undefined;
  };
  // When the endpoint was on: the shares logged then are the ones it must get.
  const windows: { from: string; to: string | null }[] = [];
  // Waiting: messages not yet delivered, and items not yet bundled into one.
  const queued = async () => {
    const messages = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel', '=', 'webhook')
      .where('status', 'in', ['queued', 'sending'])
      .executeTakeFirstOrThrow();
    // share.created waits as (endpoint, share) pairs until it is bundled.
    const items = await db
      .selectFrom('webhookShareItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(messages.n) + Number(items.n);
  };
  serveChildCommands({
    // The endpoint on and the sender running: what a "with" round costs includes sending.
    'webhooks-on': async () => {
      await setEnabled(true);
      // Still on from the round before (ABBA): the same window goes on.
      if (windows.at(-1)?.to !== null) windows.push({ from: new Date().toISOString(), to: null });
      await startSender();
      return { on: true };
    },
    // No endpoint (and so no sending): the baseline.
    'webhooks-off': async () => {
      await setEnabled(false);
      const open = windows.at(-1);
      if (open && open.to === null) open.to = new Date().toISOString();
      await stopSender();
      return { on: false };
    },
    // Whatever is still waiting is sent; untimed, no share is logged meanwhile.
    drain: async () => {
      const open = windows.at(-1);
      if (open && open.to === null) open.to = new Date().toISOString();
      await db.updateTable('webhookEndpoints').set({ enabled: 1 }).where('id', '=', endpoint.id).execute();
      await startSender();
      const until = Date.now() + 180_000;
      while ((await queued()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      await stopSender();
      await setEnabled(false);
      return { waiting: await queued(), windows };
    },
  });
  process.on('SIGTERM', async () => {
    await thread?.stop();
    await runner?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
  const ready: AppReady = {
    port: (app.server.address() as AddressInfo).port,
    campaignId,
    organizationId,
    assetIds,
    secret: endpoint.secret,
    senderIntervalMs,
    durability: await databases.durabilityOf(database),
  };
  process.send?.(ready);
}

// ---------------------------------------------------------------- parent

/**
 * A receiver that keeps each delivery and, once the timed rounds are over, verifies
 * it and counts the shares in it, by id: its own work stays out of the rounds (it
 * runs in this process, beside the load).
 */
async function startReceiver() {
  let verify: Webhook | undefined;
  const kept: { body: string; headers: Record<string, string> }[] = [];
  const shares = new Map<number, number>();
  let deliveries = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      kept.push({
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers as Record<string, string>,
      });
      res.writeHead(204).end();
    });
  });
  /** Verifies and counts what arrived since the last call. */
  const settle = () => {
    for (const { body, headers } of kept.splice(0)) {
      try {
        const payload = verify?.verify(body, headers) as { data: { shares: { id: number }[] } };
        deliveries++;
        for (const s of payload.data.shares) shares.set(s.id, (shares.get(s.id) ?? 0) + 1);
      } catch {
        badSignatures++;
      }
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    setSecret: (secret: string) => {
      verify = new Webhook(secret);
    },
    shares,
    settle,
    counts: () => ({ deliveries, badSignatures }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function runOn(dialect: databases.Dialect): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-webhooks-'));
  const target = await databases.prepareTarget(dialect, dataDir, 'bench_webhooks');
  const receiver = await startReceiver();
  let failures = 0;
  try {
    const app = await startChild<AppReady>(SELF, 'app', {
      ...target.env,
      BENCH_DATA_DIR: dataDir,
      BENCH_RECEIVER_URL: receiver.url,
    });
    receiver.setSecret(app.ready.secret);
    console.log(
      `\n${databases.dialectLabel(dialect)} (${app.ready.durability}), webhook sender every ${app.ready.senderIntervalMs} ms`,
    );
    let n = 0;
    const load: LoadOpts = {
      url: `http://127.0.0.1:${app.ready.port}/api/shares`,
      requests: jsonPosts(() => {
        n++;
        return { headers: { 'x-forwarded-for': clientAddress(n) }, body: newShareBody(app.ready, n) };
      }),
    };
    const series = async (on: boolean): Promise<Round> => {
      await app.ask(on ? 'webhooks-on' : 'webhooks-off');
      const [[r]] = await alternate([[app, load]], { rounds: 1, seconds: ROUND_SECONDS, warmupSeconds: 0.5 });
      return r;
    };
    const without: Round[] = [];
    const withHooks: Round[] = [];
    for (let i = 0; i < ROUNDS; i++)
      for (const on of i % 2 === 0 ? [false, true] : [true, false])
        (on ? withHooks : without).push(await series(on));
    const s = {
      without: summarise('app POST /api/shares, no webhook endpoint', without),
      with: summarise('app POST /api/shares, an endpoint subscribed to share.created', withHooks),
    };
    if (!ratioLine('share logging with webhooks / without', s.with, s.without, GOAL)) failures++;

    // Every share the app logged while the endpoint was on reaches the receiver, once;
    // more rounds with it on (untimed) until at least EVENTS have.
    type Drained = { waiting: number; windows: { from: string; to: string }[] };
    let drained = await app.ask<Drained>('drain');
    receiver.settle();
    while (receiver.shares.size < EVENTS) {
      await app.ask('webhooks-on');
      await alternate([[app, load]], { rounds: 1, seconds: ROUND_SECONDS, warmupSeconds: 0 });
      drained = await app.ask<Drained>('drain');
      receiver.settle();
    }
    await stop(app.child);
    const ids = await sharesLoggedIn(target.env, drained.windows);
    const got = receiver.shares;
    const missing = ids.filter((id) => !got.has(id)).length;
    const twice = [...got.values()].filter((k) => k > 1).length;
    const { deliveries, badSignatures } = receiver.counts();
    const ok = missing === 0 && badSignatures === 0 && got.size >= EVENTS && drained.waiting === 0;
    if (!ok) failures++;
    console.log(
      `${verdict(ok)} share.created delivered: ${got.size} shares in ${deliveries} signed deliveries ` +
        `(${(got.size / Math.max(1, deliveries)).toFixed(1)} a delivery); ${missing} of ${ids.length} logged ` +
        `with the endpoint on missing, ${twice} more than once (at least once allows it), ${badSignatures} bad signatures`,
    );
  } finally {
    await receiver.close();
    await target.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}

/**
 * The ids of the shares logged while the endpoint was on, a margin inside each window
 * (a request in flight at the switch may have looked before or after it).
 */
async function sharesLoggedIn(env: Record<string, string>, windows: { from: string; to: string }[]) {
  const MARGIN_MS = 250;
  const database = databases.openTarget(env);
  try {
    const ids: number[] = [];
    for (const w of windows) {
      const rows = await database.db
        .selectFrom('shares')
        .select('id')
        .where('createdAt', '>', new Date(Date.parse(w.from) + MARGIN_MS).toISOString())
        .where('createdAt', '<', new Date(Date.parse(w.to) - MARGIN_MS).toISOString())
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  } finally {
    await database.close();
  }
}

export async function main(): Promise<void> {
  let failures = 0;
  for (const dialect of databases.benchDialects()) failures += await runOn(dialect);
  console.log(failures === 0 ? '\nall goals met' : `\n${failures} goal(s) missed`);
}

if (process.env.BENCH_ROLE === 'app') await serveApp();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
