// Benchmark of the supporter hot path against the machine's limit, in one run:
//   (a) a bare node:http server answering, from memory and with keep-alive, the very
//       bytes the app answers (its supporter JSON, the page HTML and a tracked link's
//       landing page): the limit;
//   (b) the real app (one campaign with 3 assets) on SQLite (a file in a temp dir)
//       and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (a
//       private schema, dropped after the run): the same rows for each database,
// each in its own child process, loaded in turn by autocannon from this process
// (64 connections, a warm-up first). Prints req/s of both, their ratio and the
// app's p99 latency as PASS/FAIL lines against the goals (ratio >= 0.50, landing
// >= 0.30, p99 < 50 ms), for a returning visitor and a first visit (cookie issued),
// then POST /api/shares (a durable 201) against bare servers running the same
// single-row INSERT, interleaved: node:http with the app's connections (the goal,
// >= 0.40), Fastify with the app's connections (bench/write-path.ts's baseline, the
// framework's ceiling) and, on PostgreSQL, node:http with one connection per load
// connection (the pool's width); docs/decisions/0014-write-path.md says why they differ.
// Exits non-zero only when something crashes; the goals are reported, not asserted.
//
//   npx tsx bench/supporter-api.ts            (BENCH_SECONDS=10 by default)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/supporter-api.ts
//   (BENCH_DIALECTS=postgres for one database only)
//   BENCH_METRICS=1 npx tsx bench/supporter-api.ts   (the app with /metrics on)
//   BENCH_ONLY=reads (or writes) for the reads or the share write only
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { postgresPoolSize } from '../src/server/db/client.ts';
import {
  alternate,
  CONNECTIONS,
  clientAddress,
  jsonPosts,
  type LoadOpts,
  ratioLine,
  serveChildCommands,
  type Server,
  type Side,
  type Summary,
  startBaseline,
  startChild,
  stop,
  summarise,
  verdict,
} from './lib/load.ts';
import {
  benchDialects,
  type Dialect,
  dialectLabel,
  durabilityOf,
  openTarget,
  PG_URL,
  prepareTarget,
  type Target,
} from './lib/target.ts';
import { newShareBody } from './lib/seed.ts';
import { reportRow } from './lib/report.ts';

const SELF = fileURLToPath(import.meta.url);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUND_SECONDS = Math.min(2, SECONDS);
export const WARMUP_SECONDS = Math.min(3, SECONDS);
export const GOAL_RATIO = 0.5;
export const GOAL_LANDING_RATIO = 0.3;
export const GOAL_P99_MS = 50;
export const GOAL_SHARE_RATIO = 0.4;
/** The app's log level during the run: the production default unless told otherwise. */
const APP_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** BENCH_ONLY=reads or writes: one half of the bench. */
const ONLY = process.env.BENCH_ONLY;
/** Set by BENCH_METRICS=1: the app runs with Prometheus metrics on. */
const METRICS_TOKEN = process.env.BENCH_METRICS === '1' ? 'bench-metrics-token-0123456789' : '';

interface AppReady {
  port: number;
  campaignId: number;
  organizationId: number;
  assetIds: number[];
  durability: string;
}

// ---------------------------------------------------------------- the app (child)

async function serveApp(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR as string;
  const { loadConfig } = await import('../src/server/config/env.ts');
  const { migrateToLatest } = await import('../src/server/db/client.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { seedBenchCampaign } = await import('./lib/seed.ts');

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: APP_LOG_LEVEL,
    // The share bench sends X-Forwarded-For so its many simulated supporters each get
    // the per-address write limit, as real ones behind a proxy would.
    TRUST_PROXY: '1',
    METRICS_TOKEN,
  });
  // The run's database (lib/target.ts); SQLite in dataDir when started without one.
  const database = openTarget();
  await migrateToLatest(database);
  const { organizationId, campaignId, assetIds } = await seedBenchCampaign(database.db);
  // Pino writes to stdout, which the parent ignores.
  const app = await buildApp({ config, database });
  const slowMs = Number(process.env.BENCH_SLOW_HOOK_MS ?? 0);
  if (slowMs > 0) {
    // A deliberately slowed build (bench/lib/hot-path-cost.test.ts): busy for slowMs per request.
    app.addHook('onRequest', (_request, _reply, done) => {
      const until = performance.now() + slowMs;
      while (performance.now() < until);
      done();
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const durability = await durabilityOf(database);
  const ready: AppReady = { port, campaignId, organizationId, assetIds, durability };
  // Started by hand (e.g. under --cpu-prof) there is no parent to tell.
  if (process.send) process.send(ready);
  else console.error(JSON.stringify(ready));
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// ---------------------------------------------------------------- parent

/** The widest share-write baseline (PostgreSQL): one connection per load connection. */
const WIDE_POOL = CONNECTIONS;

async function runOn(dialect: Dialect): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  const target = await prepareTarget(dialect, dataDir, 'bench_supporter');
  const children: ChildProcess[] = [];
  const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
  try {
    const app = await startChild<AppReady>(SELF, 'app', { ...target.env, BENCH_DATA_DIR: dataDir });
    children.push(app.child);
    if (ONLY !== 'writes') await benchReads(app, dialect, dataDir, children, rounds);
    if (ONLY !== 'reads') await benchWrites(app, target, children, rounds);
  } finally {
    await Promise.all(children.map(stop));
    await target.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The public reads against a bare node:http server answering the same bytes. */
async function benchReads(
  app: Server<AppReady>,
  dialect: Dialect,
  dataDir: string,
  children: ChildProcess[],
  rounds: number,
): Promise<void> {
  const base = `http://127.0.0.1:${app.ready.port}`;
  const jsonUrl = `${base}/api/supporter/campaigns/${app.ready.campaignId}`;
  const probe = await fetch(jsonUrl);
  const probeBody = (await probe.json()) as { assets?: unknown[] };
  if (probe.status !== 200 || probeBody.assets?.length !== 3) {
    throw new Error(`unexpected supporter JSON: ${probe.status} ${JSON.stringify(probeBody)}`);
  }
  // A returning supporter: the cookie is already set, as on every call after the page load.
  const cookie = probe.headers.get('set-cookie')?.split(';')[0] ?? '';
  const pageProbe = await fetch(`${base}/supporter/${app.ready.campaignId}`, { headers: { cookie } });
  // A tracked link's landing: the page for a share code, naming the shared asset; it
  // carries a visit token signed for this visitor (one HMAC per request).
  const landingUrl = `${base}/supporter/${app.ready.campaignId}?ref=bench-ref-0123456789&a=${app.ready.assetIds[1]}`;
  const landingProbe = await fetch(landingUrl, { headers: { cookie } });
  const bodiesFile = path.join(dataDir, 'bare-bodies.json');
  fs.writeFileSync(
    bodiesFile,
    JSON.stringify({
      '/': { type: 'application/json; charset=utf-8', body: JSON.stringify(probeBody) },
      '/page': { type: 'text/html; charset=utf-8', body: await pageProbe.text() },
      '/landing': { type: 'text/html; charset=utf-8', body: await landingProbe.text() },
    }),
  );
  const bare = await startBaseline('bytes', { BENCH_BODIES: bodiesFile });
  children.push(bare.child);
  const bareOpts: LoadOpts = { url: `http://127.0.0.1:${bare.ready.port}/` };
  const barePageOpts: LoadOpts = { url: `http://127.0.0.1:${bare.ready.port}/page` };
  const bareLandingOpts: LoadOpts = { url: `http://127.0.0.1:${bare.ready.port}/landing` };
  const jsonOpts: LoadOpts = { url: jsonUrl, headers: { cookie } };
  // A first visit: no cookie, so every answer issues one (an id, its tag, Set-Cookie).
  const firstVisitOpts: LoadOpts = { url: jsonUrl };
  const pageOpts: LoadOpts = { url: `${base}/supporter/${app.ready.campaignId}`, headers: { cookie } };
  const landingOpts: LoadOpts = { url: landingUrl, headers: { cookie } };

  const [bareRounds, jsonRounds, firstRounds, barePageRounds, pageRounds, bareLandingRounds, landingRounds] =
    await alternate(
      [
        [bare, bareOpts],
        [app, jsonOpts],
        [app, firstVisitOpts],
        [bare, barePageOpts],
        [app, pageOpts],
        [bare, bareLandingOpts],
        [app, landingOpts],
      ],
      { rounds, seconds: ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS },
    );
  await stop(bare.child);
  const bareS = summarise('bare node:http, same JSON bytes (the limit)', bareRounds);
  const jsonS = summarise('app GET /api/supporter/campaigns/:id', jsonRounds);
  const firstS = summarise('app GET /api/supporter/campaigns/:id, no cookie', firstRounds);
  const barePageS = summarise('bare node:http, same HTML bytes (the limit)', barePageRounds);
  const pageS = summarise('app GET /supporter/:id (HTML with meta tags)', pageRounds);
  const bareLandingS = summarise('bare node:http, same landing bytes', bareLandingRounds);
  const landingS = summarise('app GET /supporter/:id?ref=&a= (tracked link)', landingRounds);
  if (METRICS_TOKEN) {
    const m = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (await m.text())
      .split('\n')
      .find((l) =>
        l.startsWith('http_request_duration_seconds_count{method="GET",route="/api/supporter/campaigns/:id"'),
      );
    console.log(`INFO /metrics ${m.status}: ${line ?? '(no supporter JSON count)'}`);
  }

  const ratio = jsonS.rps / bareS.rps;
  console.log('');
  console.log(
    `${verdict(ratio >= GOAL_RATIO)} supporter JSON / bare node:http = ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)}); ` +
      `server CPU per request: bare ${bareS.cpuPerReq.toFixed(1)} us, app ${jsonS.cpuPerReq.toFixed(1)} us ` +
      `(ratio ${(bareS.cpuPerReq / jsonS.cpuPerReq).toFixed(2)}, less sensitive to other load on the machine)`,
  );
  console.log(
    `${verdict(jsonS.p99 < GOAL_P99_MS)} supporter JSON p99 = ${jsonS.p99} ms (goal < ${GOAL_P99_MS} ms; worst round ${jsonS.p99Max} ms)`,
  );
  const firstRatio = firstS.rps / bareS.rps;
  console.log(
    `${verdict(firstRatio >= GOAL_RATIO)} supporter JSON, first visit (cookie issued) / bare node:http = ` +
      `${firstRatio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)}), p99 ${firstS.p99} ms`,
  );
  const pageRatio = pageS.rps / barePageS.rps;
  console.log(
    `${verdict(pageRatio >= GOAL_RATIO)} supporter page HTML / bare node:http (same bytes) = ${pageRatio.toFixed(2)} ` +
      `(goal >= ${GOAL_RATIO.toFixed(2)}), p99 ${pageS.p99} ms`,
  );
  // The landing is the page (a 200 with the visit token), not a redirect: the bare
  // server answers its very bytes.
  const landingRatio = landingS.rps / bareLandingS.rps;
  console.log(
    `${verdict(landingRatio >= GOAL_LANDING_RATIO)} tracked-link landing / bare node:http (same bytes) = ` +
      `${landingRatio.toFixed(2)} (goal >= ${GOAL_LANDING_RATIO.toFixed(2)}), p99 ${landingS.p99} ms`,
  );
  const database = dialectLabel(dialect);
  const row = (name: string, r: number, goal: number, extra = '') =>
    reportRow({
      row: name,
      database,
      value: `${r.toFixed(2)}${extra}`,
      goal: `>= ${goal.toFixed(2)}`,
      pass: r >= goal,
    });
  row('supporter JSON / bare node:http', ratio, GOAL_RATIO);
  row('supporter JSON, first visit / bare node:http', firstRatio, GOAL_RATIO);
  row('supporter page HTML / bare node:http', pageRatio, GOAL_RATIO);
  row('tracked-link landing / bare node:http', landingRatio, GOAL_LANDING_RATIO);
}

/** The durable share write against bare servers running the same INSERT. */
async function benchWrites(
  app: Server<AppReady>,
  target: Target,
  children: ChildProcess[],
  rounds: number,
): Promise<void> {
  const dialect = target.dialect;
  const base = `http://127.0.0.1:${app.ready.port}`;
  // Durable writes: every request a new supporter share with its own ref and address,
  // the same requests for the app and the bare INSERT servers.
  const { organizationId } = app.ready;
  let n = 0;
  const shareLoad = (url: string): LoadOpts => ({
    url,
    requests: jsonPosts(() => {
      n++;
      return {
        headers: { 'x-forwarded-for': clientAddress(n) },
        body: newShareBody(app.ready, n),
      };
    }),
  });
  const insertEnv = { ...target.env, BENCH_CLICK_SHARE_ID: '0', BENCH_ORG_ID: String(organizationId) };
  const pool = dialect === 'postgres' ? `the app's pool of ${postgresPoolSize()}` : 'one SQLite connection';
  // The same single-row INSERT behind the app's framework and behind the plainest
  // server, with the app's connections and (PostgreSQL, whose pool can be widened)
  // one connection per load connection.
  const baselines: Array<[label: string, env: Record<string, string>]> = [
    [`bare Fastify INSERT, ${pool}`, {}],
    [`bare node:http INSERT, ${pool}`, { BENCH_INSERT_HTTP: 'node' }],
    ...(dialect === 'postgres'
      ? [
          [
            `bare node:http INSERT, ${WIDE_POOL} connections`,
            { BENCH_INSERT_HTTP: 'node', BENCH_POOL_SIZE: String(WIDE_POOL) },
          ] as [string, Record<string, string>],
        ]
      : []),
  ];
  const shareSides: Side[] = [[app, shareLoad(`${base}/api/shares`)]];
  for (const [, env] of baselines) {
    const b = await startBaseline('insert', { ...insertEnv, ...env });
    children.push(b.child);
    shareSides.push([b, shareLoad(`http://127.0.0.1:${b.ready.port}/shares`)]);
  }
  const [shareRounds, ...baselineRounds] = await alternate(shareSides, {
    rounds,
    seconds: ROUND_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  const shareS = summarise('app POST /api/shares (durable insert)', shareRounds);
  const [fastifyS, nodeS, wideS] = baselines.map(([label], k) => summarise(label, baselineRounds[k]));
  await stop(app.child);
  for (const c of children) await stop(c);

  // Every acknowledged share is in the database after the process is gone.
  const database = openTarget(target.env);
  const rows = Number(
    (
      await database.db
        .selectFrom('shares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'shared')
        .where('supporterId', '!=', 'bare-baseline')
        .executeTakeFirstOrThrow()
    ).n,
  );
  await database.close();
  // Warm-up rounds add rows too: rows >= answered in measured rounds.
  const acknowledged = shareS.ok;

  // The goal is set against the plainest server doing the same durable INSERT with the
  // same connections (as the reads are against bare node:http): the framework's cost
  // is the app's to pay. The Fastify baseline is the framework's ceiling (write-path.ts).
  const shareOk = ratioLine(
    `share write (POST /api/shares, ${app.ready.durability}) / bare node:http INSERT, ${pool}`,
    shareS,
    nodeS,
    GOAL_SHARE_RATIO,
  );
  reportRow({
    row: 'share write / bare node:http INSERT',
    database: dialectLabel(dialect),
    value: `${(shareS.rps / nodeS.rps).toFixed(2)} (${Math.round(shareS.cpuPerReq)} vs ${Math.round(nodeS.cpuPerReq)} us CPU)`,
    goal: `>= ${GOAL_SHARE_RATIO.toFixed(2)}`,
    pass: shareOk,
  });
  // Not goals: what the framework and the pool's width weigh on their own.
  const info = (label: string, a: Summary, b: Summary) =>
    console.log(
      `INFO ${label} = ${(a.rps / b.rps).toFixed(2)}: ${Math.round(a.rps)} vs ${Math.round(b.rps)} req/s`,
    );
  info(`share write / bare Fastify INSERT, ${pool} (write-path.ts's baseline)`, shareS, fastifyS);
  info('bare Fastify INSERT / bare node:http INSERT (the framework)', fastifyS, nodeS);
  if (wideS) {
    // A wider pool lets PostgreSQL commit many writes per WAL flush (group commit)
    // when commits wait for the disk; the app gets the same with DATABASE_POOL_SIZE.
    info(`share write / bare node:http INSERT, ${WIDE_POOL} connections (not like for like)`, shareS, wideS);
    info(`bare node:http INSERT, ${pool} / ${WIDE_POOL} connections (the pool's width)`, nodeS, wideS);
  }
  // Requests still in flight when the load stops are committed but not counted as answered.
  console.log(
    `${verdict(rows >= acknowledged)} every acknowledged share is in the database after shutdown: ` +
      `${acknowledged} answered 201 in measured rounds, ${rows} rows`,
  );
}

export async function main(): Promise<void> {
  const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
  console.log(
    `Supporter API benchmark: ${CONNECTIONS} connections; bare servers and app loaded in alternating ` +
      `${ROUND_SECONDS} s rounds (${rounds} each, after a ${WARMUP_SECONDS} s warm-up each) so all see the same ` +
      `background load; medians reported. ${os.cpus().length} CPUs, Node ${process.version}, ` +
      `app log level ${APP_LOG_LEVEL}, metrics ${METRICS_TOKEN ? 'ON' : 'off'}` +
      (PG_URL ? '' : '; PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)'),
  );
  for (const dialect of benchDialects()) {
    console.log(`\n-- ${dialectLabel(dialect)}`);
    await runOn(dialect);
  }
}

if (process.env.BENCH_ROLE === 'app') {
  serveChildCommands();
  await serveApp();
} else if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
