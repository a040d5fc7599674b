// The supporter hot path's cost as the npm test guard reads it: server CPU time per
// request of each public read, divided by a bare node:http server's for the very same
// bytes, over a fixed number of requests, the cheapest of a few interleaved rounds.
// A cost, not a throughput: it barely moves when other work shares the machine.
// The budgets were set from the profile in docs/decisions/0026-hot-path-hooks.md; the
// guard fails at 20% over a budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuPerRequest, type LoadOpts, ROOT, type Server, startBaseline, startChild, stop } from './load.ts';

/** App CPU per request / bare CPU per request, as profiled after the hooks were trimmed. */
export const HOT_PATH_BUDGETS = {
  'supporter JSON, returning visitor': 2.3,
  'supporter JSON, first visit (cookie issued)': 3.3,
  'supporter page HTML, returning visitor': 2.5,
  // One HMAC for the visit token (about as much CPU as the bare server's whole answer).
  'tracked-link landing (page with ?ref=, visit token)': 4.0,
} as const;
export type HotPathRead = keyof typeof HOT_PATH_BUDGETS;
/** A read fails the guard when it costs this much more than its budget. */
export const OVER_BUDGET = 1.2;

export interface HotPathCost {
  read: HotPathRead;
  appUs: number;
  bareUs: number;
  /** appUs / bareUs */
  ratio: number;
  budget: number;
  pass: boolean;
}

interface AppReady {
  port: number;
  campaignId: number;
  assetIds: number[];
}

/**
 * Starts the bench app (bench/supporter-api.ts) and a bare server with its bytes, and
 * measures each read. `appEnv` reaches the app's process (BENCH_SLOW_HOOK_MS slows it
 * on purpose, to show that the guard notices).
 */
export async function measureHotPathCost(
  opts: { requests?: number; rounds?: number; appEnv?: Record<string, string> } = {},
): Promise<HotPathCost[]> {
  const requests = opts.requests ?? 2000;
  const rounds = opts.rounds ?? 7;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-hot-path-'));
  const servers: Server<unknown>[] = [];
  try {
    const app = await startChild<AppReady>(path.join(ROOT, 'bench/supporter-api.ts'), 'app', {
      BENCH_DATA_DIR: dataDir,
      // The job timer's work is paid per second, not per request: counted here it grew
      // with the measurement's wall time, so a busy machine read a dearer hot path.
      ROLLUP_INTERVAL_MS: '0',
      ...opts.appEnv,
    });
    servers.push(app);
    const base = `http://127.0.0.1:${app.ready.port}`;
    const jsonPath = `/api/supporter/campaigns/${app.ready.campaignId}`;
    const pagePath = `/supporter/${app.ready.campaignId}`;
    const landingPath = `${pagePath}?ref=bench-ref-0123456789&a=${app.ready.assetIds[1]}`;
    const first = await fetch(base + jsonPath);
    const cookie = first.headers.get('set-cookie')?.split(';')[0] ?? '';
    const headers = { cookie };
    const reads: Array<[HotPathRead, string, Record<string, string>]> = [
      ['supporter JSON, returning visitor', jsonPath, headers],
      ['supporter JSON, first visit (cookie issued)', jsonPath, {}],
      ['supporter page HTML, returning visitor', pagePath, headers],
      ['tracked-link landing (page with ?ref=, visit token)', landingPath, headers],
    ];
    // The bare server answers each read's own bytes, from memory.
    const bodies: Record<string, { type: string; body: string }> = {};
    for (const [read, url, h] of reads) {
      const res = await fetch(base + url, { headers: h });
      bodies[`/${reads.findIndex((r) => r[0] === read)}`] = {
        type: res.headers.get('content-type') ?? '',
        body: await res.text(),
      };
    }
    const bodiesFile = path.join(dataDir, 'bare-bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startBaseline('bytes', { BENCH_BODIES: bodiesFile });
    servers.push(bare);
    const bareBase = `http://127.0.0.1:${(bare.ready as { port: number }).port}`;

    const loads = reads.map(([read, url, h], i) => ({
      read,
      app: { url: base + url, headers: h } as LoadOpts,
      bare: { url: `${bareBase}/${i}` } as LoadOpts,
    }));
    // A warm-up for both (the JIT, the cache entry, the pages per origin and asset).
    for (const l of loads) {
      await cpuPerRequest(app, l.app, requests / 2);
      await cpuPerRequest(bare, l.bare, requests / 2);
    }
    // Each round loads the bare server and then the app with the same read; the ratio of
    // that pair sees the same moment's background load. The median pair is the figure.
    const pairs = loads.map(() => [] as Array<{ app: number; bare: number }>);
    for (let r = 0; r < rounds; r++) {
      for (const [i, l] of loads.entries()) {
        const bareUs = await cpuPerRequest(bare, l.bare, requests);
        pairs[i].push({ bare: bareUs, app: await cpuPerRequest(app, l.app, requests) });
      }
    }
    return loads.map(({ read }, i) => {
      const sorted = pairs[i].sort((a, b) => a.app / a.bare - b.app / b.bare);
      const mid = sorted[(sorted.length - 1) >> 1];
      const ratio = mid.app / mid.bare;
      const budget = HOT_PATH_BUDGETS[read];
      return { read, appUs: mid.app, bareUs: mid.bare, ratio, budget, pass: ratio <= budget * OVER_BUDGET };
    });
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeCost(c: HotPathCost): string {
  return (
    `${c.pass ? 'PASS' : 'FAIL'} ${c.read}: app ${c.appUs.toFixed(1)} us CPU/request, bare ${c.bareUs.toFixed(1)} us, ` +
    `ratio ${c.ratio.toFixed(2)} (budget ${c.budget.toFixed(2)}, fails above ${(c.budget * OVER_BUDGET).toFixed(2)})`
  );
}
