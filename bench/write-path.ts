// The public write path and the tracked link, against baselines in the same run, on
// SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL in a
// private schema. Each comparison alternates rounds between the two sides (a warm-up
// round each first) and prints medians, the ratio and PASS/FAIL:
// - POST /api/shares vs a bare Fastify single-row INSERT into shares on the same
//   database (same pool size, same requests): goal >= 0.4. The framework's ceiling:
//   bench/supporter-api.ts also reads it against bare node:http doing the same INSERT,
//   which counts Fastify's own cost too (docs/decisions/0014-write-path.md);
// - POST /api/clicks (a new visitor with a cookie the app issued, each click counted)
//   vs a bare single-row INSERT into clicks: goal >= 0.4;
// - GET /supporter/:id?ref=... (a tracked-link visit by a new visitor) vs a bare
//   node:http server answering the same bytes: goal >= 0.45;
// - POST /api/shares with the rollup job running vs not: goal >= 0.9.
// Then counts rows: every 201 share and every counted click is in the database.
//
//   npx tsx bench/write-path.ts                     (BENCH_SECONDS=10 per side and series)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/write-path.ts
//   (BENCH_DIALECTS=postgres for one database only)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { BROWSER_UA } from '../src/server/test/visitor.ts';
import { issueVisitToken } from '../src/server/modules/supporter/index.ts';
import { SUPPORTER_COOKIE_NAME, VISIT_TOKEN_MIN_AGE_MS } from '../src/shared/constants.ts';
import { newShareBody } from './lib/seed.ts';
import {
  alternate,
  clientAddress,
  jsonPosts,
  type LoadOpts,
  ratioLine,
  type Server,
  serveChildCommands,
  startBaseline,
  startChild,
  stop,
  summarise,
  verdict,
} from './lib/load.ts';
import * as databases from './lib/target.ts';

const SELF = fileURLToPath(import.meta.url);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUND_SECONDS = Math.min(2, SECONDS);
/** Long enough for the app's lazily loaded modules and JIT: its first seconds cost several times more CPU. */
const WARMUP_SECONDS = Math.min(4, SECONDS);
const ROUNDS = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
/** Shares seeded before the run: the tracked links the clicks and parentRefs point at. */
const SEEDED_SHARES = 2000;
const GOALS = { share: 0.4, click: 0.4, visit: 0.45, rollups: 0.9 };

interface AppReady {
  port: number;
  campaignId: number;
  organizationId: number;
  assetIds: number[];
  /** Id of the first seeded share (the click baseline's shareId). */
  firstShareId: number;
  cookieKey: string;
  durability: string;
  rollupIntervalMs: number;
}

// ---------------------------------------------------------------- the app (child)

async function serveApp(): Promise<void> {
  const { loadConfig } = await import('../src/server/config/env.ts');
  const { migrateToLatest } = await import('../src/server/db/client.ts');
  const { buildApp } = await import('../src/server/app.ts');
  const { JobRunner } = await import('../src/server/jobs/runner.ts');
  const { rollupJob, rollUpBatch } = await import('../src/server/modules/stats/index.ts');
  const { loadVisitorCookieKey } = await import('../src/server/lib/app-secrets.ts');
  const { seedBenchCampaign } = await import('./lib/seed.ts');
  const { shareRow } = await import('../src/server/test/db-rows.ts');

  const database = databases.openTarget();
  await migrateToLatest(database);
  const { db } = database;
  const { organizationId, campaignId, assetIds } = await seedBenchCampaign(db);
  const now = new Date().toISOString();
  const seeded = await db
    .insertInto('shares')
    .values(
      Array.from({ length: SEEDED_SHARES }, (_, n) =>
        shareRow({
          assetId: assetIds[n % assetIds.length],
          campaignId,
          organizationId,
          ref: seededRef(n),
          supporterId: 'bench-sharer',
          createdAt: now,
        }),
      ),
    )
    .returning('id')
    .execute();

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // Requests carry X-Forwarded-For, so the simulated supporters each get their own
    // per-address limits, as real ones behind a proxy would.
    TRUST_PROXY: '1',
    // The bench turns the rollup job on and off itself (below).
    ROLLUP_INTERVAL_MS: '0',
  });
  const rollupIntervalMs = loadConfig({}).rollupIntervalMs;
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const durability = await databases.durabilityOf(database);

  // The rollup job as the app runs it (jobs/index.ts), at the production interval: one
  // job for the process's life, started and stopped by the rounds.
  const job = rollupJob({ db, dialect: database.dialect });
  let runner: InstanceType<typeof JobRunner> | undefined;
  serveChildCommands({
    'rollups-on': () => {
      runner = new JobRunner({
        db,
        dialect: database.dialect,
        jobs: [job],
        intervalMs: rollupIntervalMs,
      });
      runner.start((job, err) => console.error(`background job ${job} failed`, err));
      return { on: true };
    },
    // Rolls the backlog up (the earlier series left every row of theirs), untimed. On
    // PostgreSQL it then vacuums the rollup tables, so that the catch-up's dead rows are
    // not cleaned up during the next round (which would charge a round with the job for
    // the rollup of the round before it).
    'rollups-catch-up': async () => {
      while (await db.transaction().execute((trx) => rollUpBatch(trx))) {}
      if (database.dialect === 'postgres') {
        // This schema's rollup tables only: the cluster may hold other people's data.
        const { rows } = await sql<{ t: string }>`
          select tablename as t from pg_tables where schemaname = current_schema()
            and (tablename like 'rollup%' or tablename like 'supporter%')`.execute(db);
        await sql`vacuum ${sql.join(rows.map((r) => sql.table(r.t)))}`.execute(db);
      }
      return { caughtUp: true };
    },
    'rollups-off': async () => {
      await runner?.stop();
      runner = undefined;
      return { on: false };
    },
  });
  process.on('SIGTERM', async () => {
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
    firstShareId: seeded[0].id,
    cookieKey: (await loadVisitorCookieKey(db)).toString('base64url'),
    durability,
    rollupIntervalMs,
  };
  process.send?.(ready);
}

const seededRef = (n: number) => `seed${n.toString(36).padStart(8, '0')}`;

// ---------------------------------------------------------------- parent

async function runOn(dialect: databases.Dialect): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-bench-write-'));
  const target = await databases.prepareTarget(dialect, dataDir, 'bench_write');
  const children: Server<unknown>[] = [];
  let failures = 0;
  try {
    const app = await startChild<AppReady>(SELF, 'app', { ...target.env, BENCH_DATA_DIR: dataDir });
    children.push(app);
    const { campaignId, organizationId, port } = app.ready;
    const base = `http://127.0.0.1:${port}`;
    const { signedVisitorCookie } = await import('../src/server/lib/supporter-id.ts');
    const cookieKey = Buffer.from(app.ready.cookieKey, 'base64url');

    // The tracked-link page as a new visitor gets it; the bare server answers those bytes.
    const visitPath = `/supporter/${campaignId}`;
    const probe = await fetch(`${base}${visitPath}?ref=${seededRef(1)}`);
    const html = await probe.text();
    if (probe.status !== 200 || !probe.headers.get('set-cookie')) {
      throw new Error(`unexpected tracked-link page: ${probe.status}`);
    }
    const bodiesFile = path.join(dataDir, 'bodies.json');
    fs.writeFileSync(
      bodiesFile,
      JSON.stringify({ [visitPath]: { type: 'text/html; charset=utf-8', body: html } }),
    );
    const bytes = await startBaseline('bytes', { BENCH_BODIES: bodiesFile });
    children.push(bytes);
    const insert = await startBaseline<{ port: number; durability: string }>('insert', {
      ...target.env,
      BENCH_CLICK_SHARE_ID: String(app.ready.firstShareId),
      BENCH_ORG_ID: String(organizationId),
    });
    children.push(insert);
    const bareBase = `http://127.0.0.1:${insert.ready.port}`;
    console.log(
      `  durability: app ${app.ready.durability}, baseline ${insert.ready.durability}` +
        (dialect === 'postgres' ? ' (the same cluster: its fsync setting applies to both sides alike)' : ''),
    );

    // Identical requests for the app and the baseline, so the load generator does the same work.
    let n = 0;
    // Returning supporters (the page set their cookie before they share): 1,000 of them.
    const supporterCookies = Array.from(
      { length: 1000 },
      () =>
        `${SUPPORTER_COOKIE_NAME}=${signedVisitorCookie(cookieKey, randomBytes(18).toString('base64url'))}`,
    );
    const shareRequest = (): LoadOpts['requests'] =>
      jsonPosts(() => {
        n++;
        return {
          headers: {
            'x-forwarded-for': clientAddress(n),
            'user-agent': BROWSER_UA,
            cookie: supporterCookies[n % supporterCookies.length],
          },
          body: {
            ...newShareBody(app.ready, n),
            // Every other share arrived through a seeded share's link.
            ...(n % 2 === 0 && { parentRef: seededRef(n % SEEDED_SHARES) }),
          },
        };
      });
    // A new visitor per click (a cookie the app issued), from its own address: each one counts.
    const clickRequest = (): LoadOpts['requests'] =>
      jsonPosts(() => {
        n++;
        const visitor = randomBytes(18).toString('base64url');
        const ref = seededRef(n % SEEDED_SHARES);
        return {
          headers: {
            'x-forwarded-for': clientAddress(n),
            'user-agent': BROWSER_UA,
            cookie: `${SUPPORTER_COOKIE_NAME}=${signedVisitorCookie(cookieKey, visitor)}`,
          },
          // The visit token the tracked-link page gave this visitor, old enough to count.
          body: {
            campaignId,
            ref,
            token: issueVisitToken(
              cookieKey,
              { visitorId: visitor, campaignId, ref },
              Date.now() - VISIT_TOKEN_MIN_AGE_MS - 1000,
            ),
          },
        };
      });
    const visitRequest = (): LoadOpts['requests'] => [
      {
        method: 'GET',
        setupRequest: (req) => {
          n++;
          return {
            ...req,
            path: `${visitPath}?ref=${seededRef(n % SEEDED_SHARES)}`,
            headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': clientAddress(n) },
          };
        },
      },
    ];
    const load = (url: string, requests: LoadOpts['requests']): LoadOpts => ({ url, requests });
    const timing = { rounds: ROUNDS, seconds: ROUND_SECONDS, warmupSeconds: WARMUP_SECONDS };

    const [bareShares, appShares] = await alternate(
      [
        [insert, load(`${bareBase}/shares`, shareRequest())],
        [app, load(`${base}/api/shares`, shareRequest())],
      ],
      timing,
    );
    const [bareClicks, appClicks] = await alternate(
      [
        [insert, load(`${bareBase}/clicks`, clickRequest())],
        [app, load(`${base}/api/clicks`, clickRequest())],
      ],
      timing,
    );
    const [bareVisits, appVisits] = await alternate(
      [
        [bytes, load(`http://127.0.0.1:${bytes.ready.port}${visitPath}`, visitRequest())],
        [app, load(`${base}${visitPath}`, visitRequest())],
      ],
      timing,
    );
    // Share logging with the rollup job stopped and running, alternating.
    const withoutJob: Awaited<ReturnType<typeof alternate>>[number] = [];
    const withJob: typeof withoutJob = [];
    // Steady state: the job starts with no backlog and rolls up what arrives meanwhile.
    const rollupRound = async (on: boolean) => {
      await app.ask('rollups-catch-up');
      await app.ask(on ? 'rollups-on' : 'rollups-off');
      const [r] = await alternate([[app, load(`${base}/api/shares`, shareRequest())]], {
        rounds: 1,
        seconds: ROUND_SECONDS,
        warmupSeconds: 0.5,
      });
      await app.ask('rollups-off');
      return r[0];
    };
    // Pairs in turn order without-with, then with-without (ABBA): a drift of the
    // machine's speed through the series falls on both sides alike.
    for (let i = 0; i < ROUNDS; i++) {
      for (const on of i % 2 === 0 ? [false, true] : [true, false])
        (on ? withJob : withoutJob).push(await rollupRound(on));
    }
    for (const c of [bytes, insert]) await stop(c.child);

    const s = {
      bareShares: summarise('bare Fastify INSERT into shares', bareShares),
      appShares: summarise('app POST /api/shares', appShares),
      bareClicks: summarise('bare Fastify INSERT into clicks', bareClicks),
      appClicks: summarise('app POST /api/clicks (new visitor, counted)', appClicks),
      bareVisits: summarise('bare node:http, same HTML bytes', bareVisits),
      appVisits: summarise('app GET /supporter/:id?ref= (new visitor)', appVisits),
      without: summarise('app POST /api/shares, rollup job stopped', withoutJob),
      with: summarise(`app POST /api/shares, rollup job every ${app.ready.rollupIntervalMs} ms`, withJob),
    };
    const checks = [
      ratioLine('POST /api/shares / bare Fastify INSERT', s.appShares, s.bareShares, GOALS.share),
      ratioLine('POST /api/clicks / bare INSERT', s.appClicks, s.bareClicks, GOALS.click),
      ratioLine('tracked-link visit / bare node:http', s.appVisits, s.bareVisits, GOALS.visit),
      ratioLine('share logging with rollups / without', s.with, s.without, GOALS.rollups),
    ];
    failures += checks.filter((ok) => !ok).length;

    // Every acknowledged write is in the database once the app is gone.
    const answeredShares = [...appShares, ...withoutJob, ...withJob].reduce((k, r) => k + r.ok, 0);
    await stop(app.child);
    const database = databases.openTarget(target.env);
    const count = async (table: 'shares' | 'clicks', not: string) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(table === 'shares' ? 'supporterId' : 'sharerId', '!=', not)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Logged shares (not the seeded ones, not the baseline's), clicks counted by the app.
    const shareRows = (await count('shares', 'bare-baseline')) - SEEDED_SHARES;
    const clickRows = await count('clicks', 'bare-baseline');
    await database.close();
    // Warm-up rounds add rows too, and requests in flight when a round ends are
    // committed but not counted as answered: rows >= answered.
    const sharesOk = shareRows >= answeredShares;
    const appClicksAnswered = appClicks.reduce((k, r) => k + r.ok, 0);
    const clicksOk = clickRows >= appClicksAnswered;
    if (!sharesOk) failures++;
    if (!clicksOk) failures++;
    console.log(
      `${verdict(sharesOk)} every 201 share is in the database: ${answeredShares} answered 201 in measured rounds, ${shareRows} rows`,
    );
    console.log(
      `${verdict(clicksOk)} every confirmation of a new visitor counted: ${appClicksAnswered} answered 204 in measured rounds, ${clickRows} click rows`,
    );
  } finally {
    await Promise.all(children.map((c) => stop(c.child)));
    await target.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}

export async function main(): Promise<void> {
  // BENCH_DIALECTS=postgres (or sqlite) runs one of them only.
  const dialects = databases.benchDialects();
  console.log(
    `Write path and tracked link: 64 connections, alternating ${ROUND_SECONDS} s rounds (${ROUNDS} per side, ` +
      `after a ${WARMUP_SECONDS} s warm-up), medians; ${os.cpus().length} CPUs, Node ${process.version}` +
      (databases.PG_URL ? '' : '; PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)'),
  );
  let failures = 0;
  for (const dialect of dialects) {
    console.log(`\n-- ${databases.dialectLabel(dialect)}`);
    failures += await runOn(dialect);
  }
  console.log(`\n${failures === 0 ? 'all write-path goals met' : `${failures} write-path goal(s) not met`}`);
}

if (process.env.BENCH_ROLE === 'app') {
  await serveApp();
} else if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
