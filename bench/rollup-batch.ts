// What one batch of the rollup job costs against what writing its events cost, on
// SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL. The
// job runs inside the app's process and on the app's database, so whatever a rolled-up
// event costs comes off share logging (bench/write-path.ts measures that ratio under
// load; this one says where it comes from, without a load generator's noise).
// Each round writes BATCH shares one single-row INSERT at a time (what POST /api/shares
// writes), from SUPPORTERS supporters sharing over and over (every share of the batch
// updates a per-supporter row: the job's worst case), then rolls them up in one batch.
// Goal: rolling a batch up takes at most 0.2 of what its writes took, wall clock and this
// process's CPU (wall includes the database's work). A bare INSERT is about a third of
// what POST /api/shares costs the app, so that is under a tenth of share logging.
// Run: [TEST_DATABASE_URL=postgres://...] npx tsx bench/rollup-batch.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DbHandle, migrateToLatest, openDatabase } from '../src/server/db/client.ts';
import { ROLLUP_BATCH, rollUpBatch } from '../src/server/modules/stats/index.ts';
import { shareRow } from '../src/server/test/db-rows.ts';
import { median, verdict } from './lib/load.ts';
import { seedBenchCampaign } from './lib/seed.ts';

const BATCH = ROLLUP_BATCH;
const SUPPORTERS = 1000;
const ROUNDS = Number(process.env.ROLLUP_BENCH_ROUNDS ?? 8);
const GOAL = 0.2;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Cost {
  wallMs: number;
  cpuMs: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Cost> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const c = process.cpuUsage(c0);
  return { wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

async function measure(database: DbHandle) {
  await migrateToLatest(database);
  const { db } = database;
  const { organizationId, campaignId, assetIds } = await seedBenchCampaign(db);
  const supporters = Array.from({ length: SUPPORTERS }, () => randomBytes(12).toString('base64url'));
  const writes: Cost[] = [];
  const rollups: Cost[] = [];
  let n = 0;
  // Round 0 warms up (first rows of every per-supporter table); it is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    const write = await timed(async () => {
      for (let i = 0; i < BATCH; i++, n++)
        await db
          .insertInto('shares')
          .values(
            shareRow({
              assetId: assetIds[n % assetIds.length],
              campaignId,
              organizationId,
              ref: randomBytes(9).toString('base64url'),
              supporterId: supporters[n % SUPPORTERS],
              depth: n % 2,
            }),
          )
          .execute();
    });
    // `now` ahead: the ids are contiguous, no gap to wait for.
    const rollup = await timed(() =>
      db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 })),
    );
    if (round === 0) continue;
    writes.push(write);
    rollups.push(rollup);
  }
  const m = (xs: Cost[], k: keyof Cost) => median(xs.map((x) => x[k]));
  return {
    write: { wallMs: m(writes, 'wallMs'), cpuMs: m(writes, 'cpuMs') },
    rollup: { wallMs: m(rollups, 'wallMs'), cpuMs: m(rollups, 'cpuMs') },
  };
}

function report(name: string, r: Awaited<ReturnType<typeof measure>>): number {
  console.log(`-- ${name}`);
  console.log(
    `writing ${BATCH} shares one INSERT each   wall ${r.write.wallMs.toFixed(0)} ms, app CPU ${r.write.cpuMs.toFixed(0)} ms`,
  );
  console.log(
    `rolling them up in one batch           wall ${r.rollup.wallMs.toFixed(0)} ms, app CPU ${r.rollup.cpuMs.toFixed(0)} ms` +
      ` (${((r.rollup.cpuMs * 1000) / BATCH).toFixed(1)} us app CPU per event)`,
  );
  let failures = 0;
  for (const k of ['wallMs', 'cpuMs'] as const) {
    const ratio = r.rollup[k] / r.write[k];
    const ok = ratio <= GOAL;
    if (!ok) failures++;
    console.log(
      `${verdict(ok)} rollup / writes, ${k === 'wallMs' ? 'wall clock' : 'app CPU'} = ${ratio.toFixed(3)} (goal <= ${GOAL})`,
    );
  }
  return failures;
}

export async function main(): Promise<number> {
  console.log(
    `Rollup batch: ${BATCH} shares from ${SUPPORTERS} supporters, medians of ${ROUNDS} rounds; ${os.cpus().length} CPUs, Node ${process.version}\n`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-rollup-'));
  const sqlite = openDatabase({ sqlitePath: path.join(dir, 'rally.db') });
  let failures = 0;
  try {
    failures += report('SQLite', await measure(sqlite));
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!PG_URL) {
    console.log('  PostgreSQL skipped: set TEST_DATABASE_URL (or BENCH_DATABASE_URL)');
    return failures;
  }
  const schema = `bench_rollup_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const postgres = openDatabase({ databaseUrl: PG_URL, pgSchema: schema });
  try {
    failures += report('PostgreSQL', await measure(postgres));
  } finally {
    await postgres.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  console.log(failures === 0 ? '\nall rollup-batch goals met' : `\n${failures} rollup-batch goal(s) not met`);
  return failures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  process.exitCode = (await main()) > 0 ? 1 : 0;
