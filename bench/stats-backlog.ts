// Stats while the rollups are behind (issue: "stats that stay fast when the rollups
// are behind"): seeds SIZE shares and SIZE click-throughs straight into the database
// with no rollups (as after an import, a restore, or with the job stopped), then times
// the first GET /api/organization/stats and /api/campaigns/:id/stats and the p95 of
// ROUNDS more, against GET /api/campaigns/:id (a primary-key read) in the same run.
// The rollup job stays off, so every call meets the whole backlog. On SQLite, and on
// PostgreSQL too (a private schema, dropped after) when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set; BENCH_DIALECTS=postgres (or sqlite) runs one of them.
// Run: npx tsx bench/stats-backlog.ts [size, default 1000000]   (e.g. 100000 for a quick run)

import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Db } from '../src/server/db/client.ts';
import { statsBenchApp, statsBenchDatabase } from './lib/stats-app.ts';
import { reportRow, verdict } from './lib/report.ts';
import { benchDialects, type Dialect, dialectLabel, PG_URL } from './lib/target.ts';

const ROUNDS = 30;
const GOAL_P95_MS = 50;
const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
/** Rows per INSERT on SQLite: under its 32,766 bound variables at 9 columns. */
const CHUNK = 3000;
/** Events spread over the last 60 days, a minute apart (wrapping). */
const SPREAD_MINUTES = 60 * 24 * 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timed(fn: () => Promise<void>): Promise<{ first: number; p95: number; median: number }> {
  const t0 = performance.now();
  await fn();
  const first = performance.now() - t0;
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  samples.sort((a, b) => a - b);
  return { first, p95: percentile(samples, 0.95), median: percentile(samples, 0.5) };
}

type Bench = Awaited<ReturnType<typeof statsBenchDatabase>>;

/**
 * SQLite: chunks of multi-row INSERTs from Node (the i-th share and its click), all in
 * one transaction (one fsync, not one per chunk).
 */
export async function seedSqlite(bench: Bench, size: number, now: number) {
  await bench.db.transaction().execute((db) => seedSqliteRows(db, bench, size, now));
}

async function seedSqliteRows(db: Db, { orgId, campaignId, assetIds }: Bench, size: number, now: number) {
  const at = (k: number) => new Date(now - ((size - k) % SPREAD_MINUTES) * 60_000).toISOString();
  for (let i = 0; i < size; i += CHUNK) {
    const n = Math.min(CHUNK, size - i);
    const shares = await db
      .insertInto('shares')
      .values(
        Array.from({ length: n }, (_, j) => ({
          assetId: assetIds[0],
          platform: PLATFORMS[(i + j) % PLATFORMS.length],
          campaignId,
          organizationId: orgId,
          scheduledFor: null,
          status: 'shared',
          ref: `b${(i + j).toString(36)}`,
          supporterId: `sup${(i + j) % 5000}`,
          createdAt: at(i + j),
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('clicks')
      .values(
        shares.map((s, j) => ({
          shareId: s.id,
          campaignId,
          organizationId: orgId,
          sharerId: `sup${(i + j) % 5000}`,
          visitorId: `v${i + j}`,
          networkHash: 'n',
          createdAt: at(i + j),
        })),
      )
      .execute();
  }
}

/**
 * PostgreSQL: the same rows generated inside the server (INSERT ... SELECT FROM
 * generate_series), far faster than rows sent from Node. As a bulk import would, the
 * secondary indexes of the two tables are dropped first and built again after (one
 * sort each instead of a million insertions), then ANALYZE, as autovacuum would soon
 * after an import. The indexes that back constraints (keys, the unique share code) stay.
 */
export async function seedPostgres(bench: Bench, size: number, now: number) {
  await bench.db.connection().execute(async (db) => {
    const { rows: indexes } = await sql<{ name: string; def: string }>`
      select indexname as name, indexdef as def from pg_indexes i
      where schemaname = current_schema() and tablename in ('shares', 'clicks')
        and not exists (select 1 from pg_constraint c
          where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`.execute(db);
    for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
    await insertPostgresRows(db, bench, size, now);
    await sql`set maintenance_work_mem = '256MB'`.execute(db);
    for (const { def } of indexes) await sql.raw(def).execute(db);
    await sql`reset maintenance_work_mem`.execute(db);
    await sql`analyze shares, clicks`.execute(db);
  });
}

async function insertPostgresRows(db: Db, { orgId, campaignId, assetIds }: Bench, size: number, now: number) {
  const platforms = sql`(array[${sql.join(PLATFORMS)}])[1 + i % ${PLATFORMS.length}]`;
  const at = sql`to_char(to_timestamp(${now / 1000}) at time zone 'UTC'
      - ((${size} - i) % ${SPREAD_MINUTES}) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await sql`insert into shares ("assetId", platform, "campaignId", "organizationId", "scheduledFor",
      status, ref, "supporterId", "createdAt")
    select ${assetIds[0]}, ${platforms}, ${campaignId}, ${orgId}, null, 'shared', 'b' || i,
      'sup' || (i % 5000), ${at}
    from generate_series(0, ${size - 1}) as i`.execute(db);
  await sql`insert into clicks ("shareId", "campaignId", "organizationId", "sharerId", "visitorId",
      "networkHash", "createdAt")
    select id, "campaignId", "organizationId", "supporterId", 'v' || id, 'n', "createdAt"
    from shares where "campaignId" = ${campaignId}`.execute(db);
}

async function runOn(dialect: Dialect, size: number): Promise<boolean> {
  const bench = await statsBenchDatabase('backlog', dialect);
  const seedStart = performance.now();
  await (dialect === 'postgres' ? seedPostgres : seedSqlite)(bench, size, Date.now());
  console.log(
    `Stats with ${size.toLocaleString('en')} shares and ${size.toLocaleString('en')} clicks not rolled up ` +
      `(${dialectLabel(dialect)}; seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s)`,
  );

  // The rollup job stays off: every call meets the whole backlog.
  const { get, close } = await statsBenchApp(bench, { ROLLUP_INTERVAL_MS: '0' });
  let ok = true;
  try {
    const base = await timed(get(`/api/campaigns/${bench.campaignId}`));
    for (const [name, url] of [
      ['organisation stats', '/api/organization/stats'],
      ['campaign stats', `/api/campaigns/${bench.campaignId}/stats`],
    ] as const) {
      const r = await timed(get(url));
      // The first call counts too: a dashboard opened after an import must not hang.
      const pass = r.p95 < GOAL_P95_MS && r.first < GOAL_P95_MS;
      ok &&= pass;
      console.log(
        `${verdict(pass)} ${dialectLabel(dialect)} ${name.padEnd(18)} first ${r.first.toFixed(1)} ms  median ${r.median.toFixed(1)} ms  ` +
          `p95 ${r.p95.toFixed(1)} ms (x${(r.median / base.median).toFixed(1)} a primary-key read, ${base.median.toFixed(2)} ms)  goal first and p95 < ${GOAL_P95_MS} ms`,
      );
      reportRow({
        row: `${name}, ${(size / 1e6).toLocaleString('en')}M shares + clicks not rolled up`,
        database: dialectLabel(dialect),
        value: `first ${r.first.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`,
        goal: `< ${GOAL_P95_MS} ms`,
        pass,
      });
    }
  } finally {
    await close();
  }
  return ok;
}

/** Every database in turn; false when a goal was missed. */
export async function main(size = 1_000_000): Promise<boolean> {
  if (!PG_URL) console.log('PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  let ok = true;
  for (const dialect of benchDialects()) ok = (await runOn(dialect, size)) && ok;
  return ok;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!(await main(Number(process.argv[2] ?? 1_000_000)))) process.exitCode = 1;
}
