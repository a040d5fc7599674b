// The operator console's organisation table at 10,000 organisations (issue: "paging that
// stays fast at 10,000 organisations", under 200 ms). Seeds ORGS organisations straight
// into the database, each with members, campaigns, rollup hours (inside and before the
// last 30 days), sent mail (today, this month, last month), uploads and activity-log
// entries, then times GET /api/instance/organizations sorted by several columns (and
// filtered) against GET /api/campaigns/:id (a primary-key read) in the same run, the
// calls alternating. Prints each call's p95 in ms, its ratio to the baseline, and
// PASS/FAIL for p95 < 200 ms. SQLite, then PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (lib/target.ts; BENCH_DIALECTS narrows it).
// Run: [TEST_DATABASE_URL=postgres://...] npx tsx bench/instance-organizations.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import type { Db } from '../src/server/db/client.ts';
import { DAY_MS, HOUR_MS } from '../src/shared/durations.ts';
import {
  ORGANIZATION_FIGURES_EVERY_MS,
  organizationFiguresJob,
} from '../src/server/modules/instance/index.ts';
import { verdict } from './lib/load.ts';
import { statsBenchApp, statsBenchDatabase } from './lib/stats-app.ts';
import { type Dialect, benchDialects, dialectLabel } from './lib/target.ts';

const ORGS = Number(process.env.INSTANCE_BENCH_ORGS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const GOAL_MS = 200;
const MEMBERS = 3;
const CAMPAIGNS = 3;
/** Hours with shares or clicks per organisation: half inside the last 30 days, half before. */
const HOURS = 40;
const MAILS = 12;
const UPLOADS = 3;
const AUDIT = 5;

const p95 = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

/** Inserts rows in statements small enough for SQLite's bound-parameter limit. */
async function insertAll<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  if (rows.length === 0) return;
  const per = Math.max(1, Math.floor(20_000 / Object.keys(rows[0]).length));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += per)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + per) as any)
        .execute();
  });
}

/** ORGS organisations (ids after the bench's own), with their members and figures. */
async function seedOrganizations(db: Db, dialect: Dialect): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const after = async (table: 'users' | 'organizations') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((e) => e.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    ) + 1;
  const firstUser = await after('users');
  const firstOrg = await after('organizations');
  const chunk = 1000;
  for (let from = 0; from < ORGS; from += chunk) {
    const n = Math.min(chunk, ORGS - from);
    const orgIds = Array.from({ length: n }, (_, i) => firstOrg + from + i);
    const userOf = (k: number, m: number) => firstUser + (from + k) * MEMBERS + m;
    const created = (k: number) => iso(now - ((from + k) % 700) * DAY_MS - k * 1000);
    /** `count` rows of `table` per organisation of the chunk. */
    const each = <T extends keyof Database>(
      table: T,
      count: number,
      row: (orgId: number, k: number, i: number) => Insertable<Database[T]>,
    ) =>
      insertAll(
        db,
        table,
        orgIds.flatMap((orgId, k) => Array.from({ length: count }, (_, i) => row(orgId, k, i))),
      );
    await each('users', MEMBERS, (orgId, k, m) => ({
      id: userOf(k, m),
      username: `bench-user-${orgId}-${m}`,
      usernameKey: `bench-user-${orgId}-${m}`,
      passwordHash: 'x',
      role: m === 0 ? 'admin' : 'editor',
      email: null,
      firstName: null,
      lastName: null,
      phone: null,
      organizationId: orgId,
      joinedAt: created(k),
      createdAt: created(k),
      updatedAt: created(k),
    }));
    await each('organizations', 1, (orgId, k) => ({
      id: orgId,
      name: `${['Friends of', 'Save the', 'Clean', 'Open'][orgId % 4]} ${orgId.toString(36)} river`,
      username: `bench-org-${orgId}`,
      usernameKey: `bench-org-${orgId}`,
      description: null,
      creatorId: userOf(k, 0),
      createdAt: created(k),
    }));
    await each('campaigns', CAMPAIGNS, (orgId, k, c) => ({
      name: `Campaign ${c}`,
      description: null,
      organizationId: orgId,
      startDate: null,
      endDate: null,
      createdAt: created(k),
    }));
    await each('rollupOrgHours', HOURS, (orgId, _k, h) => ({
      organizationId: orgId,
      // Distinct hours: the even ones in the last 30 days, the odd ones in the 30 before.
      hour: iso(now - (((h * 17 + orgId) % 720) + (h % 2) * 720) * HOUR_MS).slice(0, 13),
      shares: (orgId * 7 + h) % 50,
      clicks: (orgId * 13 + h) % 90,
    }));
    await each('outbox', MAILS, (orgId, _k, m) => {
      // Spread over the last 28 days: some today, most this month, some the month before.
      const sentAt = iso(now - ((orgId + m * 3) % 40) * DAY_MS * 0.7);
      return {
        channel: 'email',
        kind: 'reminder',
        organizationId: orgId,
        recipient: null,
        recipientKey: `key-${orgId}-${m}`,
        subject: 'Your reminder',
        status: 'sent',
        nextAttemptAt: sentAt,
        expiresAt: sentAt,
        createdAt: sentAt,
        sentAt,
      };
    });
    await each('uploads', UPLOADS, (orgId, k, u) => ({
      name: `bench-${orgId}-${u}.png`,
      organizationId: orgId,
      userId: userOf(k, 0),
      size: ((orgId * 31 + u) % 5000) * 1024,
      createdAt: created(k),
    }));
    await each('auditLog', AUDIT, (orgId, k, a) => ({
      organizationId: orgId,
      actorId: userOf(k, a % MEMBERS),
      action: 'campaign.updated',
      target: 'campaign',
      createdAt: iso(now - ((orgId + a * 5) % 90) * DAY_MS),
    }));
  }
  if (dialect === 'postgres') {
    for (const table of ['users', 'organizations'])
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    await sql`analyze`.execute(db);
  }
}

const READS: [label: string, url: string][] = [
  ['newest first (default)', '/api/instance/organizations'],
  ['by name', '/api/instance/organizations?sort=name'],
  ['by members', '/api/instance/organizations?sort=members'],
  ['by campaigns', '/api/instance/organizations?sort=campaigns&order=asc'],
  ['by shares 30 d', '/api/instance/organizations?sort=shares30d'],
  ['by click-throughs 30 d', '/api/instance/organizations?sort=clicks30d'],
  ['by mail today', '/api/instance/organizations?sort=mailToday'],
  ['by mail this month', '/api/instance/organizations?sort=mailMonth'],
  ['by storage', '/api/instance/organizations?sort=storage'],
  ['by last activity', '/api/instance/organizations?sort=lastActivity'],
  ['by shares, page 100', '/api/instance/organizations?sort=shares30d&page=100&pageSize=50'],
  ['search "river" by storage', '/api/instance/organizations?q=river&sort=storage'],
  ['active only by members', '/api/instance/organizations?status=active&sort=members'],
];

async function measure(dialect: Dialect): Promise<number> {
  const bench = await statsBenchDatabase('instance', dialect);
  const { db, campaignId } = bench;
  const t0 = performance.now();
  await seedOrganizations(db, dialect);
  const total = Number(
    (
      await db
        .selectFrom('organizations')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `\nOrganisation table on ${dialectLabel(dialect)}: ${total.toLocaleString('en')} organisations (${MEMBERS} members, ${CAMPAIGNS} campaigns, ${HOURS} rollup hours, ${MAILS} mails, ${UPLOADS} uploads, ${AUDIT} activity entries each), seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; p95 of ${ROUNDS} calls, alternating with the baseline`,
  );
  // The figures job's run over every organisation, as the server's runner makes it.
  const job = organizationFiguresJob();
  const r0 = performance.now();
  let steps = 0;
  for (let more = true; more; steps++) more = await db.transaction().execute((trx) => job.step(trx));
  console.log(
    `  figures job: a run over every organisation took ${(performance.now() - r0).toFixed(0)} ms in ${steps} steps (every ${ORGANIZATION_FIGURES_EVERY_MS / 60_000} min)`,
  );
  // The bench's user (a member of the first organisation) is the instance's operator.
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('users').set({ isOperator: 1 }).where('id', '=', user.id).execute();
  const { get, close } = await statsBenchApp(bench);
  let failures = 0;
  try {
    const baseline = get(`/api/campaigns/${campaignId}`);
    const calls = READS.map(([, url]) => get(url));
    for (let i = 0; i < 3; i++) for (const call of [baseline, ...calls]) await call();
    const samples = [baseline, ...calls].map(() => [] as number[]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [k, call] of [baseline, ...calls].entries()) {
        const t = performance.now();
        await call();
        samples[k].push(performance.now() - t);
      }
    }
    const base = p95(samples[0]);
    console.log(`  ${'baseline (primary-key read)'.padEnd(30)} p95 ${base.toFixed(2)} ms`);
    for (const [k, [label]] of READS.entries()) {
      const ms = p95(samples[k + 1]);
      const ok = ms < GOAL_MS;
      if (!ok) failures++;
      console.log(
        `  ${label.padEnd(30)} p95 ${ms.toFixed(1).padStart(6)} ms  ${(ms / base).toFixed(1).padStart(6)}x baseline  ${verdict(ok)} (< ${GOAL_MS} ms)`,
      );
    }
  } finally {
    await close();
  }
  return failures;
}

export async function main(): Promise<number> {
  let failures = 0;
  for (const dialect of benchDialects()) failures += await measure(dialect);
  console.log(failures === 0 ? '  all goals met' : `  ${failures} goal(s) not met`);
  return failures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = (await main()) > 0 ? 1 : 0;
}
