// Benchmark of the supporter hot path against the machine's limit, in one run:
//   (a) a bare node:http server answering, from memory and with keep-alive, the very
//       bytes the app answers (its supporter JSON and supporter page HTML): the limit;
//   (b) the real app (SQLite file in a temp dir, one campaign with 3 assets),
// each in its own child process, loaded in turn by autocannon from this process
// (64 connections, a warm-up first). Prints req/s of both, their ratio and the
// app's p99 latency as PASS/FAIL lines against the goals (ratio >= 0.50, p99 < 50 ms),
// then the throughput of POST /api/shares, whose 201 is durable (fsync per commit).
// Exits non-zero only when something crashes; the goals are reported, not asserted.
//
//   npx tsx bench/supporter-api.ts            (BENCH_SECONDS=10 by default)
//   BENCH_METRICS=1 npx tsx bench/supporter-api.ts   (the app with /metrics on)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import {
  alternate,
  CONNECTIONS,
  type LoadOpts,
  round,
  serveChildCommands,
  startBaseline,
  startChild,
  stop,
  summarise,
  verdict,
} from './lib/load.ts';

const SELF = fileURLToPath(import.meta.url);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUND_SECONDS = Math.min(2, SECONDS);
export const WARMUP_SECONDS = Math.min(3, SECONDS);
export const GOAL_RATIO = 0.5;
export const GOAL_P99_MS = 50;
/** The app's log level during the run: the production default unless told otherwise. */
const APP_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Set by BENCH_METRICS=1: the app runs with Prometheus metrics on. */
const METRICS_TOKEN = process.env.BENCH_METRICS === '1' ? 'bench-metrics-token-0123456789' : '';

interface AppReady {
  port: number;
  campaignId: number;
  organizationId: number;
  assetIds: number[];
  dbFile: string;
}

// ---------------------------------------------------------------- the app (child)

async function serveApp(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR as string;
  const { loadConfig } = await import('../src/server/config/env.ts');
  const { openDatabase, migrateToLatest } = await import('../src/server/db/client.ts');
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
  const dbFile = path.join(dataDir, 'rally.db');
  const database = openDatabase({ sqlitePath: dbFile });
  await migrateToLatest(database);
  const { organizationId, campaignId, assetIds } = await seedBenchCampaign(database.db);
  // Pino writes to stdout, which the parent ignores.
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const ready: AppReady = { port, campaignId, organizationId, assetIds, dbFile };
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

export async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-'));
  const children: ChildProcess[] = [];
  const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
  try {
    console.log(
      `Supporter API benchmark: ${CONNECTIONS} connections; bare server and app loaded in alternating ` +
        `${ROUND_SECONDS} s rounds (${rounds} each, after a ${WARMUP_SECONDS} s warm-up each) so both see the same ` +
        `background load; medians reported. ${os.cpus().length} CPUs, Node ${process.version}, ` +
        `app log level ${APP_LOG_LEVEL}, metrics ${METRICS_TOKEN ? 'ON' : 'off'}, SQLite in ${dataDir}`,
    );

    const app = await startChild<AppReady>(SELF, 'app', { BENCH_DATA_DIR: dataDir });
    children.push(app.child);

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
    const bodiesFile = path.join(dataDir, 'bare-bodies.json');
    fs.writeFileSync(
      bodiesFile,
      JSON.stringify({
        '/': { type: 'application/json; charset=utf-8', body: JSON.stringify(probeBody) },
        '/page': { type: 'text/html; charset=utf-8', body: await pageProbe.text() },
      }),
    );
    const bare = await startBaseline('bytes', { BENCH_BODIES: bodiesFile });
    children.push(bare.child);
    const bareOpts: LoadOpts = { url: `http://127.0.0.1:${bare.ready.port}/` };
    const barePageOpts: LoadOpts = { url: `http://127.0.0.1:${bare.ready.port}/page` };
    const jsonOpts: LoadOpts = { url: jsonUrl, headers: { cookie } };
    const pageOpts: LoadOpts = { url: `${base}/supporter/${app.ready.campaignId}`, headers: { cookie } };

    const [bareRounds, jsonRounds, barePageRounds, pageRounds] = await alternate(
      [
        [bare, bareOpts],
        [app, jsonOpts],
        [bare, barePageOpts],
        [app, pageOpts],
      ],
      { rounds, seconds: ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS },
    );
    await stop(bare.child);
    const bareS = summarise('bare node:http, same JSON bytes (the limit)', bareRounds);
    const jsonS = summarise('app GET /api/supporter/campaigns/:id', jsonRounds);
    const barePageS = summarise('bare node:http, same HTML bytes (the limit)', barePageRounds);
    const pageS = summarise('app GET /supporter/:id (HTML with meta tags)', pageRounds);
    if (METRICS_TOKEN) {
      const m = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const line = (await m.text())
        .split('\n')
        .find((l) =>
          l.startsWith(
            'http_request_duration_seconds_count{method="GET",route="/api/supporter/campaigns/:id"',
          ),
        );
      console.log(`INFO /metrics ${m.status}: ${line ?? '(no supporter JSON count)'}`);
    }

    // Durable writes: every request a new supporter share with its own ref and address.
    const { campaignId, organizationId, assetIds } = app.ready;
    let n = 0;
    const shareOpts: LoadOpts = {
      url: `${base}/api/shares`,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({
                assetId: assetIds[n % assetIds.length],
                campaignId,
                organizationId,
                platform: 'twitter',
                ref: randomBytes(9).toString('base64url'),
              }),
            };
          },
        },
      ],
    };
    const shareWarm = await round(app, shareOpts, WARMUP_SECONDS);
    const shareRun = await round(app, shareOpts, SECONDS);
    const shareS = summarise('app POST /api/shares (durable insert)', [shareRun]);
    await stop(app.child);

    // Every acknowledged share is in the file after the process is gone.
    const db = new SQLite(app.ready.dbFile, { readonly: true });
    const rows = (
      db.prepare("SELECT count(*) AS n FROM shares WHERE status = 'shared'").get() as { n: number }
    ).n;
    const journal = db.pragma('journal_mode', { simple: true });
    db.close();
    const acknowledged = shareWarm.ok + shareRun.ok;

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
    const pageRatio = pageS.rps / barePageS.rps;
    console.log(
      `${verdict(pageRatio >= GOAL_RATIO)} supporter page HTML / bare node:http (same bytes) = ${pageRatio.toFixed(2)} ` +
        `(goal >= ${GOAL_RATIO.toFixed(2)}), p99 ${pageS.p99} ms`,
    );
    console.log(
      `INFO POST /api/shares: ${Math.round(shareS.rps)} shares/s, p99 ${shareS.p99} ms; durable: SQLite ` +
        `journal_mode=${journal}, synchronous=FULL, so each 201 follows an fsync of the WAL`,
    );
    // Requests still in flight when the load stops are committed but not counted as answered.
    console.log(
      `${verdict(rows >= acknowledged)} every acknowledged share is on disk after shutdown: ` +
        `${acknowledged} answered 201, ${rows} rows`,
    );
  } finally {
    await Promise.all(children.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
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
