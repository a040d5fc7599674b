// Stats, analytics and export at size (issue: "numbers an organisation can trust, at any
// size"). Seeds one organisation with N shares and N click-throughs (multi-row inserts),
// runs the rollup job to completion, then measures in one run, against a primary-key
// read (GET /api/campaigns/:id) as the baseline:
// - p95 of organisation stats, campaign stats, analytics for 30 and 366 days, at 10k
//   events and at N (the growth factor says whether cost follows history);
// - CSV export rows/s over a real socket and the server's memory growth while it runs;
// - share logging throughput with the rollup job running vs stopped (ratio).
// SQLite by default; PostgreSQL when BENCH_DATABASE_URL is set (a private schema).
// Run: npx tsx bench/analytics.ts            (N = 1,000,000)
//      BENCH_N=200000 npx tsx bench/analytics.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres BENCH_N=200000 npx tsx bench/analytics.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Insertable } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config/env.ts';
import { type DbHandle, migrateToLatest, openDatabase } from '../src/server/db/client.ts';
import type { ClicksTable, SharesTable } from '../src/server/db/schema.ts';
import { rollUpBatch } from '../src/server/jobs/rollups.ts';
import { createSession } from '../src/server/modules/auth/sessions.ts';
import { seedCampaign, seedOrganization } from '../src/server/modules/supporter/test-seed.ts';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const SMALL = 10_000;
const SUPPORTERS = Number(process.env.BENCH_SUPPORTERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL;
const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
const DAY = 86_400_000;
/** History spread over the last 365 days, so a 366-day export covers every row. */
const SPAN_DAYS = 365;

const p95 = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function openBenchDatabase(): Promise<{
  database: DbHandle;
  dir: string;
  cleanup: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-analytics-'));
  if (!PG_URL) {
    const database = openDatabase({ sqlitePath: path.join(dir, 'rally.db') });
    return { database, dir, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: PG_URL, pgSchema: schema });
  return {
    database,
    dir,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Seeded {
  orgId: number;
  campaignId: number;
  assetIds: number[];
  /** Events seeded so far (shares = clicks = count; share ids are 1..count). */
  count: number;
  start: number;
}

/**
 * Adds shares and clicks up to `target` each. Times increase with the id across the
 * whole target history (events arrive in time order); 10% of shares have a parent
 * (depth 1), 1% a grandparent (depth 2); each click follows a share of the last ~day.
 */
async function seedUpTo(database: DbHandle, s: Seeded, target: number, total: number): Promise<void> {
  const { db } = database;
  const batch = 2000;
  const timeOf = (n: number) => new Date(s.start + Math.floor((n / total) * SPAN_DAYS * DAY)).toISOString();
  for (let from = s.count + 1; from <= target; from += batch) {
    const to = Math.min(target, from + batch - 1);
    const shares: Insertable<SharesTable>[] = [];
    const clicks: Insertable<ClicksTable>[] = [];
    for (let n = from; n <= to; n++) {
      const depth = n > 2 && n % 100 === 2 ? 2 : n > 1 && n % 10 === 1 ? 1 : 0;
      shares.push({
        id: n,
        assetId: s.assetIds[n % s.assetIds.length],
        platform: PLATFORMS[(n >> 2) % PLATFORMS.length],
        campaignId: s.campaignId,
        organizationId: s.orgId,
        scheduledFor: null,
        status: 'shared',
        ref: `b${n.toString(36).padStart(10, '0')}`,
        supporterId: `supporter${(n * 7919) % SUPPORTERS}`,
        parentShareId: depth ? n - 1 : null,
        depth,
        createdAt: timeOf(n),
      });
      const shareId = Math.max(1, n - (n % 50));
      clicks.push({
        id: n,
        shareId,
        campaignId: s.campaignId,
        organizationId: s.orgId,
        sharerId: `supporter${(shareId * 7919) % SUPPORTERS}`,
        visitorId: `visitor${n}`,
        networkHash: `net${n % 5000}`,
        createdAt: timeOf(n),
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('shares').values(shares).execute();
      await trx.insertInto('clicks').values(clicks).execute();
    });
  }
  s.count = target;
  if (database.dialect === 'postgres') {
    // Explicit ids: move the sequences past them so the logged shares get fresh ids.
    const { sql } = await import('kysely');
    await sql`select setval(pg_get_serial_sequence('shares', 'id'), ${target})`.execute(db);
    await sql`select setval(pg_get_serial_sequence('clicks', 'id'), ${target})`.execute(db);
    await sql`analyze`.execute(db);
  }
}

/** Runs rollup batches until the marks reach the last events; returns the time taken. */
async function rollUpAll(database: DbHandle): Promise<number> {
  const t0 = performance.now();
  // `now` far ahead: seeded ids are contiguous, no gap to wait for.
  while (await database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + DAY }))) {}
  return performance.now() - t0;
}

type Get = (url: string) => Promise<void>;

async function timeP95(get: Get, url: string): Promise<number> {
  for (let i = 0; i < 10; i++) await get(url);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await get(url);
    samples.push(performance.now() - t0);
  }
  return p95(samples);
}

interface Figures {
  base: number;
  org: number;
  campaign: number;
  a30: number;
  a366: number;
  c366: number;
}

async function measureReads(get: Get, campaignId: number): Promise<Figures> {
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString().slice(0, 10);
  return {
    base: await timeP95(get, `/api/campaigns/${campaignId}`),
    org: await timeP95(get, '/api/organization/stats'),
    campaign: await timeP95(get, `/api/campaigns/${campaignId}/stats`),
    a30: await timeP95(get, `/api/organization/analytics?from=${daysAgo(29)}&to=${today}&tz=Europe/Paris`),
    a366: await timeP95(get, `/api/organization/analytics?from=${daysAgo(365)}&to=${today}&tz=Europe/Paris`),
    c366: await timeP95(
      get,
      `/api/campaigns/${campaignId}/analytics?from=${daysAgo(365)}&to=${today}&tz=Europe/Paris`,
    ),
  };
}

/** Streams the organisation's share export over a real socket; rows/s and peak RSS growth. */
async function measureExport(
  base: string,
  token: string,
): Promise<{ rows: number; perSecond: number; rssMb: number }> {
  const from = new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  (globalThis as { gc?: () => void }).gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/organization/export.csv?type=shares&from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
  let newlines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const rows = newlines - 1;
  return { rows, perSecond: rows / (ms / 1000), rssMb: (peak - rss0) / 1e6 };
}

/** Shares logged per second by `concurrency` callers for `ms`. */
async function shareThroughput(
  app: Awaited<ReturnType<typeof buildApp>>,
  s: Seeded,
  ms: number,
  tag: string,
): Promise<number> {
  let done = 0;
  let seq = 0;
  const until = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/shares',
        // Loopback is exempt from the per-address write limit: this measures the write path.
        remoteAddress: '127.0.0.1',
        payload: {
          campaignId: s.campaignId,
          assetId: s.assetIds[0],
          organizationId: s.orgId,
          platform: 'twitter',
          ref: `t${tag}${(seq++).toString(36).padStart(8, '0')}`,
        },
      });
      if (res.statusCode !== 201) throw new Error(`share: ${res.statusCode} ${res.body}`);
      done++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 16 }, worker));
  return done / ((performance.now() - t0) / 1000);
}

export async function main(): Promise<void> {
  const dialect = PG_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `Analytics at size on ${dialect}: N=${N.toLocaleString('en')} shares + N clicks, ${SUPPORTERS.toLocaleString('en')} supporters over ${SPAN_DAYS} days; p95 of ${ROUNDS} calls`,
  );
  const { database, dir, cleanup } = await openBenchDatabase();
  try {
    await migrateToLatest(database);
    const { db } = database;
    const orgId = await seedOrganization(db, 'Bench Org');
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: orgId,
      assets: [1, 2, 3, 4].map((i) => ({ title: `Asset ${i}`, type: 'text' as const, content: 'Share me' })),
    });
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ organizationId: orgId }).where('id', '=', user.id).execute();
    const token = await createSession(db, user.id);
    const s: Seeded = { orgId, campaignId, assetIds, count: 0, start: Date.now() - SPAN_DAYS * DAY };

    // Timer off: the bench runs the rollups itself, then starts a runner for the throughput part.
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ROLLUP_INTERVAL_MS: '0' });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const get: Get = async (url) => {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };

    // The small history: the first 10k events, spread over the same 365 days.
    const smallStart = s.start;
    await seedUpTo(database, s, SMALL, SMALL);
    await rollUpAll(database);
    const small = await measureReads(get, campaignId);
    // Reset to a fresh history of N: the small one was spread over the year too.
    for (const table of [
      'clicks',
      'shares',
      'rollupTotals',
      'rollupCampaignHours',
      'rollupOrgHours',
      'rollupDays',
      'rollupSupporterDays',
      'supporterCampaigns',
      'supporterOrgs',
    ] as const)
      await db.deleteFrom(table).execute();
    await db.updateTable('rollupState').set({ lastId: 0 }).execute();
    s.count = 0;
    s.start = smallStart;

    const t0 = performance.now();
    await seedUpTo(database, s, N, N);
    const seedMs = performance.now() - t0;
    const rollMs = await rollUpAll(database);
    console.log(
      `  seeded ${N.toLocaleString('en')} + ${N.toLocaleString('en')} in ${(seedMs / 1000).toFixed(1)} s; rollup to completion ${(rollMs / 1000).toFixed(1)} s (${Math.round((2 * N) / (rollMs / 1000)).toLocaleString('en')} events/s)`,
    );
    const large = await measureReads(get, campaignId);

    const rows: [string, keyof Figures, number][] = [
      ['organisation stats', 'org', 20],
      ['campaign stats', 'campaign', 20],
      ['org analytics 30 d', 'a30', 50],
      ['org analytics 366 d', 'a366', 150],
      ['campaign analytics 366 d', 'c366', 150],
    ];
    console.log(
      `  baseline (primary-key read) p95: ${fmt(small.base)} at 10k, ${fmt(large.base)} at ${N.toLocaleString('en')}`,
    );
    let failures = 0;
    for (const [label, k, goal] of rows) {
      const growth = large[k] / small[k];
      const ok = large[k] < goal && growth <= 3;
      if (!ok) failures++;
      console.log(
        `  ${verdict(ok)} ${label.padEnd(25)} p95 ${fmt(small[k]).padStart(9)} at 10k (x${(small[k] / small.base).toFixed(1)} base)  ${fmt(large[k]).padStart(9)} at N (x${(large[k] / large.base).toFixed(1)} base)  growth x${growth.toFixed(2)}  [goal < ${goal} ms, growth <= 3]`,
      );
    }

    const exp = await measureExport(base, token);
    const expOk = exp.perSecond >= 100_000 && exp.rssMb < 100;
    if (!expOk) failures++;
    console.log(
      `  ${verdict(expOk)} export ${exp.rows.toLocaleString('en')} rows at ${Math.round(exp.perSecond).toLocaleString('en')} rows/s, memory growth ${exp.rssMb.toFixed(0)} MB [goal >= 100,000 rows/s, < 100 MB]`,
    );

    // Share logging, alternating runs without and with the rollup job (every 100 ms, as busy
    // as it gets), so drift on this shared machine hits both sides alike.
    const { JobRunner } = await import('../src/server/jobs/runner.ts');
    const { rollupJob } = await import('../src/server/jobs/rollups.ts');
    const without: number[] = [];
    const withJob: number[] = [];
    for (let round = 0; round < 3; round++) {
      without.push(await shareThroughput(app, s, 2000, `a${round}`));
      const runner = new JobRunner({ db, dialect: database.dialect, jobs: [rollupJob()], intervalMs: 100 });
      runner.start();
      withJob.push(await shareThroughput(app, s, 2000, `b${round}`));
      await runner.stop();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratio = median(withJob) / median(without);
    if (ratio < 0.9) failures++;
    console.log(
      `  ${verdict(ratio >= 0.9)} share logging ${Math.round(median(withJob)).toLocaleString('en')}/s with the rollup job vs ${Math.round(median(without)).toLocaleString('en')}/s without: ratio ${ratio.toFixed(2)} [goal >= 0.9]`,
    );
    console.log(`  ${failures === 0 ? 'all goals met' : `${failures} goal(s) not met`}`);
    await app.close();
  } finally {
    await database.close();
    await cleanup();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
