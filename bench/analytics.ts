// Stats, analytics and export at size (issue: "numbers an organisation can trust, at any
// size"). Seeds one organisation with N shares, N click-throughs and N visits (multi-row
// inserts in transactions, not the HTTP API; 10% of the shares and 60% of the visits
// carry a `?src=` tag, so the analytics' per-source figures are measured at size too),
// runs the rollup job to completion, and the same with 10k events in a second database. Both apps stay open and the calls alternate between
// them, so load on this shared machine hits both sizes alike. Measures, against a
// primary-key read (GET /api/campaigns/:id, same inject path) as the baseline:
// - p95 of organisation and campaign stats, analytics for 30 and 366 days, at 10k and
//   at N (the growth factor says whether cost follows history);
// - CSV export rows/s over a real socket and the server's memory growth while it runs.
// Share logging with the rollup job running vs stopped is bench/write-path.ts's line (the
// app in its own process under HTTP load, the job at its production interval).
// SQLite, then PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set, each in
// private storage (a temporary file, a private schema). ANALYTICS_BENCH_DB=sqlite or
// postgres runs one of them.
// Run: npx tsx bench/analytics.ts                                      (N = 1,000,000)
//      ANALYTICS_BENCH_ROWS=100000 npx tsx bench/analytics.ts
//      TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/analytics.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config/env.ts';
import { type DbHandle, migrateToLatest, openDatabase } from '../src/server/db/client.ts';
import type { ClicksTable, SharesTable, VisitsTable } from '../src/server/db/schema.ts';
import { rollUpBatch } from '../src/server/modules/stats/index.ts';
import { createSession } from '../src/server/modules/auth/index.ts';
import { seedCampaign, seedOrganization } from '../src/server/test/seed-db.ts';
import { DAY_MS } from '../src/shared/durations.ts';

const DEFAULT_ROWS = 1_000_000;
const SMALL = 10_000;
const SUPPORTERS = Number(process.env.BENCH_SUPPORTERS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
/** History spread over the last 365 days, so a 366-day export covers every row. */
const SPAN_DAYS = 365;

const p95 = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function openBenchDatabase(pgUrl: string | undefined): Promise<{
  database: DbHandle;
  dir: string;
  cleanup: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-analytics-'));
  if (!pgUrl) {
    const database = openDatabase({ sqlitePath: path.join(dir, 'rally.db') });
    return { database, dir, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: pgUrl, pgSchema: schema });
  return {
    database,
    dir,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Seeded {
  orgId: number;
  campaignId: number;
  assetIds: number[];
  /** Events seeded so far (shares = clicks = visits = count; share ids are 1..count). */
  count: number;
  start: number;
}

/**
 * Adds shares, clicks and visits up to `target` each. Times increase with the id across
 * the whole target history (events arrive in time order); 10% of shares have a parent
 * (depth 1), 1% a grandparent (depth 2); each click follows a share of the last ~day.
 * Tags: 10% of shares came through `qr`; visits are half `qr`, a tenth `mail`, the rest
 * untagged (one per visitor and day, as the visits table keeps them).
 */
export async function seedUpTo(database: DbHandle, s: Seeded, target: number, total: number): Promise<void> {
  const { db } = database;
  const batch = 2000;
  const timeOf = (n: number) =>
    new Date(s.start + Math.floor((n / total) * SPAN_DAYS * DAY_MS)).toISOString();
  for (let from = s.count + 1; from <= target; from += batch) {
    const to = Math.min(target, from + batch - 1);
    const shares: Insertable<SharesTable>[] = [];
    const clicks: Insertable<ClicksTable>[] = [];
    const visits: Insertable<VisitsTable>[] = [];
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
        source: n % 10 === 0 ? 'qr' : null,
        createdAt: timeOf(n),
      });
      visits.push({
        id: n,
        campaignId: s.campaignId,
        organizationId: s.orgId,
        visitorId: `visitor${n}`,
        day: timeOf(n).slice(0, 10),
        source: n % 2 === 0 ? 'qr' : n % 10 === 1 ? 'mail' : null,
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
      await trx.insertInto('visits').values(visits).execute();
    });
  }
  s.count = target;
  if (database.dialect === 'postgres') {
    // Explicit ids: move the sequences past them so the logged shares get fresh ids.
    await sql`select setval(pg_get_serial_sequence('shares', 'id'), ${target})`.execute(db);
    await sql`select setval(pg_get_serial_sequence('clicks', 'id'), ${target})`.execute(db);
    await sql`select setval(pg_get_serial_sequence('visits', 'id'), ${target})`.execute(db);
    await sql`analyze`.execute(db);
  }
}

/** Runs rollup batches until the marks reach the last events; returns the time taken. */
export async function rollUpAll(database: DbHandle): Promise<number> {
  const t0 = performance.now();
  // `now` far ahead: seeded ids are contiguous, no gap to wait for.
  while (await database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + DAY_MS }))) {}
  return performance.now() - t0;
}

type Get = (url: string) => Promise<void>;

/** p95 of `url` on each app, the calls alternating between them. */
async function timeP95Pair(gets: [Get, Get], url: (i: number) => string): Promise<[number, number]> {
  for (let i = 0; i < 10; i++) for (const [k, get] of gets.entries()) await get(url(k));
  const samples: [number[], number[]] = [[], []];
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, get] of gets.entries()) {
      const t0 = performance.now();
      await get(url(k));
      samples[k].push(performance.now() - t0);
    }
  }
  return [p95(samples[0]), p95(samples[1])];
}

const READS = [
  ['baseline (primary-key read)', 'base', 0],
  ['organisation stats', 'org', 20],
  ['campaign stats', 'campaign', 20],
  ['org analytics 30 d', 'a30', 50],
  ['campaign analytics 30 d', 'c30', 50],
  ['org analytics 366 d', 'a366', 150],
  ['campaign analytics 366 d', 'c366', 150],
] as const;
type Read = (typeof READS)[number][1];

async function measureReads(gets: [Get, Get], campaignIds: [number, number]) {
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS).toISOString().slice(0, 10);
  const urls: Record<Read, (k: number) => string> = {
    base: (k) => `/api/campaigns/${campaignIds[k]}`,
    org: () => '/api/organization/stats',
    campaign: (k) => `/api/campaigns/${campaignIds[k]}/stats`,
    a30: () => `/api/organization/analytics?from=${daysAgo(29)}&to=${today}&tz=Europe/Paris`,
    c30: (k) => `/api/campaigns/${campaignIds[k]}/analytics?from=${daysAgo(29)}&to=${today}&tz=Europe/Paris`,
    a366: () => `/api/organization/analytics?from=${daysAgo(365)}&to=${today}&tz=Europe/Paris`,
    c366: (k) =>
      `/api/campaigns/${campaignIds[k]}/analytics?from=${daysAgo(365)}&to=${today}&tz=Europe/Paris`,
  };
  const out = {} as Record<Read, [number, number]>;
  for (const [, k] of READS) out[k] = await timeP95Pair(gets, urls[k]);
  return out;
}

/** Streams the organisation's share export over a real socket; rows/s and peak RSS growth. */
async function measureExport(
  base: string,
  token: string,
): Promise<{ rows: number; perSecond: number; rssMb: number }> {
  const from = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
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

/** One database with one organisation of `rows` shares + `rows` clicks, rolled up, and its app. */
export async function setUp(pgUrl: string | undefined, rows: number, log: boolean) {
  const { database, dir, cleanup } = await openBenchDatabase(pgUrl);
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
  const s: Seeded = { orgId, campaignId, assetIds, count: 0, start: Date.now() - SPAN_DAYS * DAY_MS };
  const t0 = performance.now();
  await seedUpTo(database, s, rows, rows);
  const seedMs = performance.now() - t0;
  const rollMs = await rollUpAll(database);
  if (database.dialect === 'postgres') {
    // The rollup just wrote about a million rows that no statistics describe yet: reads
    // measured now would race autovacuum's pass over them. Measure the settled state a
    // running installation is in, not the first minute after a bulk load.
    await sql`vacuum analyze`.execute(db);
  }
  if (log)
    console.log(
      `  seeded ${rows.toLocaleString('en')} shares, clicks and visits each in ${(seedMs / 1000).toFixed(1)} s; rollup to completion ${(rollMs / 1000).toFixed(1)} s (${Math.round((3 * rows) / (rollMs / 1000)).toLocaleString('en')} events/s)`,
    );
  // Timer off: the bench ran the rollups itself, and the reads measure a settled state.
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ROLLUP_INTERVAL_MS: '0' });
  const app = await buildApp({ config, database, logger: false });
  const get: Get = async (url) => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  return {
    database,
    app,
    token,
    s,
    get,
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}

const ratio = (x: number, base: number) => `x${(x / base).toFixed(1)} base`;

async function runOn(pgUrl: string | undefined, rows: number): Promise<number> {
  const dialect = pgUrl ? 'PostgreSQL' : 'SQLite';
  console.log(
    `\nAnalytics at size on ${dialect}: N=${rows.toLocaleString('en')} shares + N clicks + N visits against ${SMALL.toLocaleString('en')} + ${SMALL.toLocaleString('en')}, ${SUPPORTERS.toLocaleString('en')} supporters over ${SPAN_DAYS} days; p95 of ${ROUNDS} calls, alternating sizes`,
  );
  const small = await setUp(pgUrl, SMALL, false);
  const large = await setUp(pgUrl, rows, true);
  let failures = 0;
  try {
    const r = await measureReads([small.get, large.get], [small.s.campaignId, large.s.campaignId]);
    const [b10k, bN] = r.base;
    console.log(`  baseline (primary-key read) p95: ${fmt(b10k)} at 10k, ${fmt(bN)} at N`);
    for (const [label, k, goal] of READS) {
      if (k === 'base') continue;
      const [at10k, atN] = r[k];
      const growth = atN / at10k;
      const ok = atN < goal && growth <= 3;
      if (!ok) failures++;
      console.log(
        `  ${verdict(ok)} ${label.padEnd(25)} p95 ${fmt(at10k).padStart(9)} at 10k (${ratio(at10k, b10k)})  ${fmt(atN).padStart(9)} at N (${ratio(atN, bN)})  growth x${growth.toFixed(2)}  [goal < ${goal} ms, growth <= 3]`,
      );
    }

    await large.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(large.app.server.address() as AddressInfo).port}`;
    const exp = await measureExport(base, large.token);
    const expOk = exp.perSecond >= 100_000 && exp.rssMb < 100;
    if (!expOk) failures++;
    console.log(
      `  ${verdict(expOk)} export ${exp.rows.toLocaleString('en')} rows at ${Math.round(exp.perSecond).toLocaleString('en')} rows/s (x${(exp.perSecond / (1000 / bN)).toFixed(0)} primary-key reads/s), memory growth ${exp.rssMb.toFixed(0)} MB [goal >= 100,000 rows/s, < 100 MB]`,
    );

    // Share logging with the rollup job running vs stopped has one home, bench/write-path.ts:
    // real app processes under HTTP load at the production interval, both sides in one run.
    console.log('  share logging with the rollup job vs without: measured by bench/write-path.ts');
    console.log(`  ${failures === 0 ? 'all goals met' : `${failures} goal(s) not met`} on ${dialect}`);
  } finally {
    await small.close();
    await large.close();
  }
  return failures;
}

/** `rows`: events of each kind at size N (ANALYTICS_BENCH_ROWS, else 1,000,000). */
export async function main(rows = Number(process.env.ANALYTICS_BENCH_ROWS ?? DEFAULT_ROWS)): Promise<number> {
  const which = process.env.ANALYTICS_BENCH_DB;
  let failures = 0;
  if (which !== 'postgres') failures += await runOn(undefined, rows);
  if (which !== 'sqlite') {
    if (PG_URL) failures += await runOn(PG_URL, rows);
    else console.log('  PostgreSQL skipped: set TEST_DATABASE_URL (or BENCH_DATABASE_URL)');
  }
  return failures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
