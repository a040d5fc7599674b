// The query plans of the retention passes (docs/privacy.md "How long"), on SQLite and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL (a private schema,
// dropped after the run): a migrated database gets BENCH_ROWS raw events of each kind
// and BENCH_ROWS / 2 audit entries over three years across 20 organisations (one in
// ten a removal naming someone no longer a member), lapsed and live reminder rows
// (one share in 20 a scheduled one, its moment 30 days after its creation), then each
// pass's own query (built by the job's code) is explained and timed as the migrations
// leave the schema, with `audit_org_created_idx` (added by 0039, dropped by 0040:
// SQLite's planner preferred it to a faster plan) made again, and without the indexes
// of migrations 0039 and 0041.
//
//   npx tsx bench/retention-plans.ts            (BENCH_ROWS=200000 by default)
//   BENCH_DIALECTS=postgres npx tsx bench/retention-plans.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Compilable, sql } from 'kysely';
import { DAY_MS } from '../src/shared/durations.ts';
import { type DbHandle, migrateToLatest } from '../src/server/db/client.ts';
import { createIndex } from '../src/server/db/migrations/lib/ddl.ts';
import { formerMembersEntries } from '../src/server/modules/privacy/audit-retention.job.ts';
import { lapsedLinks } from '../src/server/modules/privacy/reminder-retention.job.ts';
import {
  cutoffFor,
  type EventTable,
  eventSource,
  strippable,
} from '../src/server/modules/privacy/retention.job.ts';
import { insertOrganizationRow, insertUserRow } from '../src/server/test/db-rows.ts';
import { seedCampaign } from '../src/server/test/seed-db.ts';
import { benchDialects, type Dialect, dialectLabel, openTarget, prepareTarget } from './lib/target.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const ORGS = 20;
const SPAN_DAYS = 3 * 365;
const NOW = Date.now();
const START = NOW - SPAN_DAYS * DAY_MS;

/** The indexes migrations 0039 (those 0040 keeps) and 0041 add for the passes: `drop index` names them. */
const NEW_INDEXES = [
  'shares_org_created_idx',
  'visits_org_created_idx',
  'variantViews_campaign_created_idx',
  'reminderUnsubscribes_created_idx',
  'reminderAddresses_lapse_idx',
  'shares_org_scheduled_idx',
];

/** An index 0039 added and 0040 dropped, made again to compare. */
const DROPPED_INDEX = {
  name: 'audit_org_created_idx',
  table: 'auditLog',
  columns: ['organizationId', 'createdAt'],
};

/** SQL for "the i-th instant of the span" (ISO text, as the app stores times). */
function instant(dialect: Dialect, i: string, n: number): string {
  const seconds = `(${i} * ${Math.floor((SPAN_DAYS * 86_400) / n)})`;
  return dialect === 'postgres'
    ? `to_char(to_timestamp(${START / 1000} + ${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', ${START / 1000} + ${seconds}, 'unixepoch')`;
}

/** `insert into ... select ... from` the numbers 1..n (i), joined to the organisation map (m). */
function series(dialect: Dialect, n: number): string {
  const numbers =
    dialect === 'postgres'
      ? `generate_series(1, ${n}) as g(i)`
      : `(with recursive g(i) as (select 1 union all select i + 1 from g where i < ${n}) select i from g) as g`;
  return `from ${numbers} join "benchMap" m on m.k = g.i % ${ORGS}`;
}

async function seed(handle: DbHandle, dialect: Dialect) {
  const { db } = handle;
  await sql`create table "benchMap" (k integer, "orgId" integer, "campaignId" integer, "assetId" integer, "variantId" integer, "userId" integer)`.execute(
    db,
  );
  for (let k = 0; k < ORGS; k++) {
    const userId = await insertUserRow(db, `bench-admin-${k}`);
    const orgId = await insertOrganizationRow(db, {
      name: `Org ${k}`,
      username: `org-${k}`,
      creatorId: userId,
    });
    await db.updateTable('users').set({ organizationId: orgId }).where('id', '=', userId).execute();
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: orgId,
      assets: [{ title: 'A', type: 'text', content: 'a' }],
    });
    const variant = await db
      .insertInto('assetVariants')
      .values({
        assetId: assetIds[0]!,
        organizationId: orgId,
        text: 'V',
        position: 0,
        createdAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into "benchMap" values (${k}, ${orgId}, ${campaignId}, ${assetIds[0]}, ${variant.id}, ${userId})`.execute(
      db,
    );
  }
  const at = instant(dialect, 'g.i', ROWS);
  const day = `substr(${at}, 1, 10)`;
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`insert into shares ("assetId", platform, "campaignId", "organizationId", "scheduledFor", ref, "supporterId", "parentShareId", "supporterName", "createdAt")
    select m."assetId", 'twitter', m."campaignId", m."orgId", case when g.i % 20 = 0 then ${instant(dialect, `(g.i + ${Math.round((ROWS * 30) / SPAN_DAYS)})`, ROWS)} end, 'r' || g.i, 'visitor' || (g.i % 5000), null, 'Name ' || g.i, ${at} ${series(dialect, ROWS)}`);
  await run(`insert into clicks ("shareId", "campaignId", "organizationId", "sharerId", "visitorId", "networkHash", "createdAt")
    select (select min(id) from shares), m."campaignId", m."orgId", 'visitor' || (g.i % 5000), 'c' || g.i, 'net', ${at} ${series(dialect, ROWS)}`);
  await run(`insert into visits ("campaignId", "organizationId", "visitorId", day, source, "createdAt")
    select m."campaignId", m."orgId", 'v' || g.i, ${day}, null, ${at} ${series(dialect, ROWS)}`);
  await run(`insert into "variantViews" ("variantId", "visitorId", day, "campaignId", "createdAt")
    select m."variantId", 'w' || g.i, ${day}, m."campaignId", ${at} ${series(dialect, ROWS)}`);
  const audits = Math.floor(ROWS / 2);
  await run(`insert into "auditLog" ("organizationId", "actorId", action, target, "createdAt")
    select m."orgId", m."userId", case when g.i % 10 = 0 then 'member.removed' else 'campaign.updated' end,
      case when g.i % 10 = 0 then 'gone' || g.i else 'campaign ' || g.i end, ${instant(dialect, 'g.i', audits)} ${series(dialect, audits)}`);
  const links = Math.floor(ROWS / 10);
  await run(`insert into "reminderUnsubscribes" ("tokenHash", "organizationId", "emailKey", "createdAt")
    select 't' || g.i, m."orgId", 'k' || g.i, ${instant(dialect, 'g.i', links)} ${series(dialect, links)}`);
  await run(`insert into "reminderAddresses" ("organizationId", "emailKey", "mailboxKey", status, "tokenHash", "createdAt", "expiresAt", "confirmedAt")
    select m."orgId", 'a' || g.i, 'b' || g.i, case when g.i % 20 = 0 then 'pending' else 'confirmed' end, null,
      ${instant(dialect, 'g.i', links)}, case when g.i % 20 = 0 then ${instant(dialect, 'g.i', links)} end, null ${series(dialect, links)}`);
  await run(dialect === 'postgres' ? 'analyze' : 'analyze');
}

/** The plan of a query and how long it takes (best of three). */
async function explain(handle: DbHandle, q: Compilable) {
  const { sql: text, parameters } = q.compile();
  const plan =
    handle.dialect === 'postgres'
      ? (
          await sql<{
            'QUERY PLAN': string;
          }>`explain ${sql.raw(inline(text, parameters, 'postgres'))}`.execute(handle.db)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n')
      : (
          await sql<{
            detail: string;
          }>`explain query plan ${sql.raw(inline(text, parameters, 'sqlite'))}`.execute(handle.db)
        ).rows
          .map((r) => r.detail)
          .join('\n');
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await sql.raw(inline(text, parameters, handle.dialect)).execute(handle.db);
    best = Math.min(best, performance.now() - t0);
  }
  return { plan, ms: best };
}

/** The query with its parameters written in (EXPLAIN takes no bound parameters on SQLite's side here). */
function inline(text: string, parameters: readonly unknown[], dialect: Dialect): string {
  const literal = (v: unknown) =>
    typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  return dialect === 'postgres'
    ? text.replace(/\$(\d+)/g, (_, n) => literal(parameters[Number(n) - 1]))
    : text.replace(
        /\?/g,
        (() => {
          let i = 0;
          return () => literal(parameters[i++]);
        })(),
      );
}

async function plans(handle: DbHandle) {
  const { db } = handle;
  const org = (await sql<{ orgId: number }>`select "orgId" from "benchMap" where k = 7`.execute(db)).rows[0]!
    .orgId;
  const cutoff = cutoffFor(13, NOW);
  // A daily pass: the day since the last one.
  const pass = { organizationId: org, cutoff, from: new Date(Date.parse(cutoff) - DAY_MS).toISOString() };
  const mark = 10 * ROWS;
  const queries: [string, Compilable][] = (
    ['shares', 'clicks', 'visits', 'variantViews'] as EventTable[]
  ).map((table) => [`raw events: ${table}`, strippable(db, eventSource(table), pass, mark, 1000)]);
  queries.push([
    'raw events: held-back scheduled shares',
    strippable(db, eventSource('shares', 'scheduledFor'), pass, mark, 1000),
  ]);
  for (const which of ['departed', 'deleted', 'named'] as const)
    queries.push([
      `audit: former members (${which})`,
      formerMembersEntries(db, 24, cutoffFor(24, NOW), 1000, which),
    ]);
  queries.push(['reminders: lapsed unsubscribe links', lapsedLinks(db, NOW, 500)]);
  queries.push([
    'reminders: lapsed confirmations',
    db
      .selectFrom('reminderAddresses')
      .select('id')
      .where('status', '=', 'pending')
      .where('expiresAt', '<=', new Date(NOW).toISOString())
      .orderBy('expiresAt')
      .limit(500),
  ]);
  const out: Record<string, { plan: string; ms: number }> = {};
  for (const [name, q] of queries) out[name] = await explain(handle, q);
  return out;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-retention-plans-'));
try {
  for (const dialect of benchDialects()) {
    const target = await prepareTarget(dialect, dir, 'retention');
    const handle = openTarget(target.env);
    try {
      await migrateToLatest(handle);
      const t0 = performance.now();
      await seed(handle, dialect);
      console.log(
        `\n## ${dialectLabel(dialect)}: ${ROWS} events of each kind, ${ROWS / 2} audit entries, ${ORGS} organisations (seeded in ${Math.round(performance.now() - t0)} ms)`,
      );
      const after = await plans(handle);
      const { name: dropped, table, columns } = DROPPED_INDEX;
      await createIndex(handle.db, dropped, table, columns);
      await sql.raw('analyze').execute(handle.db);
      const withDropped = await plans(handle);
      await sql`drop index ${sql.ref(dropped)}`.execute(handle.db);
      for (const name of NEW_INDEXES) await sql`drop index ${sql.ref(name)}`.execute(handle.db);
      await sql.raw('analyze').execute(handle.db);
      const before = await plans(handle);
      for (const name of Object.keys(after)) {
        const ms = (r: Record<string, { ms: number }>) => `${r[name]!.ms.toFixed(1)} ms`;
        console.log(
          `\n### ${name}: ${ms(before)} (no 0039/0041 indexes) -> ${ms(withDropped)} (with ${DROPPED_INDEX.name}) -> ${ms(after)} (now)`,
        );
        console.log(`no 0039/0041 indexes:\n${indent(before[name]!.plan)}`);
        if (name.startsWith('audit'))
          console.log(`with ${dropped} (0039):\n${indent(withDropped[name]!.plan)}`);
        console.log(`now:\n${indent(after[name]!.plan)}`);
      }
    } finally {
      await handle.close();
      await target.cleanup();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

function indent(text: string) {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}
