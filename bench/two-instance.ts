// The supporter hot path of a scaled-out deployment, in one run:
//   (a) a bare node:http server answering the app's own supporter JSON and HTML
//       bytes from memory (bench/lib/baselines.ts), behind the round-robin proxy;
//   (b) two real server processes on one PostgreSQL database, behind the same proxy
//       (src/server/test/round-robin-proxy.ts, the two-instance test's load balancer),
// each proxy in its own child process, loaded in turn by autocannon from this process
// (64 connections, alternating rounds after a warm-up). Prints req/s, the ratio (b)/(a)
// and (b)'s p99 as PASS/FAIL lines against the goals (ratio >= 0.50, p99 < 50 ms).
// Needs a PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), a server on which
// it may create and drop a database of its own; without one it says so and skips.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/two-instance.ts
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { migrateToLatest, openDatabase } from '../src/server/db/client.ts';
import { startRoundRobinProxy } from '../src/server/test/round-robin-proxy.ts';
import { privateDatabase, type ServerProcess, startServer } from '../src/server/test/server-process.ts';
import {
  alternate,
  CONNECTIONS,
  type LoadOpts,
  type Server,
  startBaseline,
  stop,
  summarise,
  verdict,
} from './lib/load.ts';
import { seedBenchCampaign } from './lib/seed.ts';
import { GOAL_P99_MS, GOAL_RATIO, ROUND_SECONDS, SECONDS, WARMUP_SECONDS } from './supporter-api.ts';

const SELF = fileURLToPath(import.meta.url);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const APP_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/** CPU time (user + system) of a process so far, in microseconds, from /proc (0 elsewhere). */
function cpuMicros(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** What a round measures: the proxy in front and the processes behind it, CPU summed. */
function behindProxy(proxy: ChildProcess, upstreams: (ChildProcess | undefined)[]): Server<unknown> {
  const all = [proxy, ...upstreams];
  return {
    child: proxy,
    ready: undefined,
    cpu: async () => all.reduce((sum, c) => sum + cpuMicros(c?.pid), 0),
    ask: () => Promise.reject(new Error('the proxy takes no commands')),
  };
}

/** The proxy as a child process of its own, so it does not share autocannon's event loop. */
function startProxy(upstreamPorts: number[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: { ...process.env, BENCH_ROLE: 'proxy', BENCH_UPSTREAMS: upstreamPorts.join(',') },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`proxy exited early (code ${code})`)));
  });
}

/** Requests each instance answered, as the proxy counted them. */
function servedBy(proxy: ChildProcess): Promise<number[]> {
  return new Promise((resolve) => {
    proxy.once('message', (m) => resolve((m as { served: number[] }).served));
    proxy.send('served');
  });
}

export async function main(): Promise<void> {
  if (!PG_URL) {
    console.log(
      'SKIP two-instance bench: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server',
    );
    return;
  }
  const database = await privateDatabase(PG_URL, 'rally_bench_two');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-two-'));
  const instances: ServerProcess[] = [];
  const children: ChildProcess[] = [];
  const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
  try {
    console.log(
      `Two instances on PostgreSQL behind a round-robin proxy, against a bare node:http server behind the same proxy: ` +
        `${CONNECTIONS} connections, alternating ${ROUND_SECONDS} s rounds (${rounds} each, after a ${WARMUP_SECONDS} s ` +
        `warm-up each), medians reported. ${os.cpus().length} CPUs, Node ${process.version}, app log level ${APP_LOG_LEVEL}`,
    );
    const handle = openDatabase({ databaseUrl: database.url });
    await migrateToLatest(handle);
    const { campaignId } = await seedBenchCampaign(handle.db);
    await handle.close();

    instances.push(
      ...(await Promise.all(
        ['a', 'b'].map((name) =>
          startServer({
            DATABASE_URL: database.url,
            DATA_DIR: path.join(dataDir, name),
            TRUST_PROXY: '1',
            LOG_LEVEL: APP_LOG_LEVEL,
          }),
        ),
      )),
    );
    const appProxy = await startProxy(instances.map((s) => s.port));
    children.push(appProxy.child);
    const base = `http://127.0.0.1:${appProxy.port}`;
    const jsonUrl = `${base}/api/supporter/campaigns/${campaignId}`;
    const probe = await fetch(jsonUrl);
    const probeBody = (await probe.json()) as { assets?: unknown[] };
    if (probe.status !== 200 || probeBody.assets?.length !== 3) {
      throw new Error(`unexpected supporter JSON: ${probe.status} ${JSON.stringify(probeBody)}`);
    }
    // A returning supporter: the cookie is already set, as on every call after the page load.
    const cookie = probe.headers.get('set-cookie')?.split(';')[0] ?? '';
    const pageUrl = `${base}/supporter/${campaignId}`;
    const page = await fetch(pageUrl, { headers: { cookie } });
    const bodiesFile = path.join(dataDir, 'bare-bodies.json');
    const bodies = {
      '/': { type: 'application/json; charset=utf-8', body: JSON.stringify(probeBody) },
      '/page': { type: 'text/html; charset=utf-8', body: await page.text() },
    };
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));

    const bare = await startBaseline('bytes', { BENCH_BODIES: bodiesFile });
    children.push(bare.child);
    const bareProxy = await startProxy([bare.ready.port]);
    children.push(bareProxy.child);

    const apps = behindProxy(
      appProxy.child,
      instances.map((s) => s.child),
    );
    const baseline = behindProxy(bareProxy.child, [bare.child]);
    const bareOpts: LoadOpts = { url: `http://127.0.0.1:${bareProxy.port}/` };
    const barePageOpts: LoadOpts = { url: `http://127.0.0.1:${bareProxy.port}/page` };
    const jsonOpts: LoadOpts = { url: jsonUrl, headers: { cookie } };
    const pageOpts: LoadOpts = { url: pageUrl, headers: { cookie } };

    const [bareRounds, jsonRounds, barePageRounds, pageRounds] = await alternate(
      [
        [baseline, bareOpts],
        [apps, jsonOpts],
        [baseline, barePageOpts],
        [apps, pageOpts],
      ],
      { rounds, seconds: ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS },
    );
    const served = await servedBy(appProxy.child);
    const bareS = summarise('proxy + bare node:http, same JSON bytes', bareRounds);
    const jsonS = summarise('proxy + 2 apps GET /api/supporter/campaigns/:id', jsonRounds);
    const barePageS = summarise('proxy + bare node:http, same HTML bytes', barePageRounds);
    const pageS = summarise('proxy + 2 apps GET /supporter/:id', pageRounds);

    const ratio = jsonS.rps / bareS.rps;
    const pageRatio = pageS.rps / barePageS.rps;
    console.log('');
    console.log(
      `INFO requests answered per instance: A ${served[0]}, B ${served[1]} (CPU per request above: proxy and servers behind it)`,
    );
    console.log(
      `${verdict(ratio >= GOAL_RATIO)} two instances, supporter JSON / bare node:http behind the same proxy = ` +
        `${ratio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)})`,
    );
    console.log(
      `${verdict(jsonS.p99 < GOAL_P99_MS)} two instances, supporter JSON p99 = ${jsonS.p99} ms (goal < ${GOAL_P99_MS} ms; worst round ${jsonS.p99Max} ms; bare behind the proxy ${bareS.p99} ms)`,
    );
    console.log(
      `${verdict(pageRatio >= GOAL_RATIO)} two instances, supporter page HTML / bare node:http behind the same proxy = ` +
        `${pageRatio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)})`,
    );
    console.log(
      `${verdict(pageS.p99 < GOAL_P99_MS)} two instances, supporter page HTML p99 = ${pageS.p99} ms (goal < ${GOAL_P99_MS} ms; worst round ${pageS.p99Max} ms; bare behind the proxy ${barePageS.p99} ms)`,
    );
  } finally {
    await Promise.all(children.map(stop));
    await Promise.all(instances.map((s) => stop(s.child)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (process.env.BENCH_ROLE === 'proxy') {
  const proxy = await startRoundRobinProxy((process.env.BENCH_UPSTREAMS ?? '').split(',').map(Number));
  process.on('message', (m) => {
    if (m === 'served') process.send?.({ served: proxy.served });
  });
  process.send?.({ port: proxy.port });
} else if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
