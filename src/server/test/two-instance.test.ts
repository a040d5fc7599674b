// The proof that several instances behave as one: two real server processes on one
// PostgreSQL database and one S3 bucket (s3rver), behind a round-robin proxy they
// trust (TRUST_PROXY), checked through what users and operators see. PostgreSQL only
// (CI's postgres project): on SQLite there is one process by design.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../tests/support/png.ts';
import { type DbHandle, migrateToLatest, openDatabase } from '../db/client.ts';
import { LOGIN_MAX_FAILURES_PER_USER } from '../modules/auth/index.ts';
import { multipartFile } from './sample-files.ts';
import { type RoundRobinProxy, startRoundRobinProxy, UPSTREAM_HEADER } from './round-robin-proxy.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';
import { expectCleanDrain } from './drain.ts';
import {
  type HttpResult,
  httpRequest,
  killServer,
  privateDatabase,
  type ServerProcess,
  startServer,
  writesAroundSigterm,
} from './server-process.ts';

const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const A = 0;
const B = 1;
/** Both instances run their background jobs this often, so they contend all the time. */
const TICK_MS = 50;
const WRITES = 200;

const LOCKED_MESSAGE = 'Too many login attempts. Please try again later.';

describe.runIf(pgUrl)('two instances on one PostgreSQL and one bucket, behind a load balancer', () => {
  let dataDirs: string[] = [];
  let database: Awaited<ReturnType<typeof privateDatabase>>;
  let db: DbHandle;
  let s3: TestS3;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let token: string;
  let organizationId: number;

  /**
   * A request through the proxy, as the staff user unless `auth` is false; `via`
   * pins it to one instance.
   */
  const send = (
    method: string,
    url: string,
    opts: { body?: unknown; via?: number; auth?: false; headers?: Record<string, string> } = {},
  ) =>
    httpRequest(proxy.port, method, url, opts.body, {
      ...(opts.via !== undefined && { [UPSTREAM_HEADER]: String(opts.via) }),
      ...(token && opts.auth !== false && { authorization: `Bearer ${token}` }),
      ...opts.headers,
    });

  beforeAll(async () => {
    dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'rally-two-')));
    database = await privateDatabase(pgUrl!, 'rally_two');
    db = openDatabase({ databaseUrl: database.url });
    // Migrated here first, so the job-run log below exists before either instance ticks.
    await migrateToLatest(db);
    await installJobRunLog(db);
    s3 = await startTestS3('rally-two');
    servers = await Promise.all(
      ['a', 'b'].map((name, i) => {
        const url = new URL(database.url);
        // Names the instance in pg_stat_activity and in the job-run log.
        url.searchParams.set('application_name', `rally-${name}`);
        return startServer({
          ...s3.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDirs[i],
          // The test's clients stand behind one more hop (as behind a CDN) that names
          // each of them in X-Forwarded-For; the round-robin proxy is the second hop.
          TRUST_PROXY: '2',
          ROLLUP_INTERVAL_MS: String(TICK_MS),
        });
      }),
    );
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));

    const username = `two${Date.now().toString(36)}`;
    const reg = await send('POST', '/api/register', {
      body: { username, email: `${username}@example.org`, password: 'secret123' },
      via: A,
    });
    expect(reg.status, reg.body.toString()).toBe(201);
    token = reg.json.token;
    const org = await send('POST', '/api/organizations', {
      body: { name: 'Two Instances', username: `org-${username}` },
      via: B,
    });
    expect(org.status, org.body.toString()).toBe(201);
    organizationId = org.json.id;
  }, 60_000);

  afterAll(async () => {
    // Both gone before the proxy and the bucket close: nothing is left talking to them.
    await Promise.all(servers.map(killServer));
    await proxy?.close();
    await s3?.close();
    await db?.close();
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function newCampaign(name: string): Promise<{ campaignId: number; assetId: number }> {
    const campaign = await send('POST', '/api/campaigns', { body: { name, status: 'draft' } });
    expect(campaign.status, campaign.body.toString()).toBe(201);
    const asset = await send('POST', '/api/assets', {
      body: { campaignId: campaign.json.id, title: 'Before', type: 'text', content: 'Share me' },
    });
    expect(asset.status, asset.body.toString()).toBe(201);
    // Published with its asset: a campaign is never live without one.
    const live = await send('PUT', `/api/campaigns/${campaign.json.id}`, { body: { status: 'active' } });
    expect(live.status, live.body.toString()).toBe(200);
    return { campaignId: campaign.json.id, assetId: asset.json.id };
  }

  /** A supporter's share, from an address of its own (the per-network write limit is per address). */
  const share = (n: number, campaign: { campaignId: number; assetId: number }, ref: string) =>
    send('POST', '/api/shares', {
      body: {
        assetId: campaign.assetId,
        campaignId: campaign.campaignId,
        organizationId,
        platform: 'twitter',
        ref,
      },
      auth: false,
      headers: { 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
    });

  const upstreamOf = (res: HttpResult) => Number(res.headers[UPSTREAM_HEADER]);

  it('shows an asset edit made through A on B’s supporter page, JSON and HTML, within 1 s', async () => {
    const { campaignId, assetId } = await newCampaign('Edited through A');
    const jsonOnB = () => send('GET', `/api/supporter/campaigns/${campaignId}`, { via: B, auth: false });
    const htmlOnB = () => send('GET', `/supporter/${campaignId}`, { via: B, auth: false });
    // B now holds both in its cache.
    expect((await jsonOnB()).json.assets.map((a: { content: string }) => a.content)).toEqual(['Share me']);
    const page = await htmlOnB();
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('Share me');

    const edited = await send('PUT', `/api/assets/${assetId}`, {
      body: { content: 'After the edit' },
      via: A,
    });
    expect(edited.status, edited.body.toString()).toBe(200);
    const editedAt = Date.now();
    let jsonMs: number | undefined;
    let htmlMs: number | undefined;
    while ((jsonMs === undefined || htmlMs === undefined) && Date.now() - editedAt < 3000) {
      const [json, html] = await Promise.all([jsonOnB(), htmlOnB()]);
      expect(upstreamOf(json)).toBe(B);
      if (jsonMs === undefined && json.json.assets[0]?.content === 'After the edit')
        jsonMs = Date.now() - editedAt;
      if (htmlMs === undefined && html.body.toString().includes('After the edit'))
        htmlMs = Date.now() - editedAt;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(jsonMs).toBeLessThan(1000);
    expect(htmlMs).toBeLessThan(1000);
  });

  it('serves an upload taken by A from B, whole and by range, from the shared bucket', async () => {
    const png = encodePng(48, 48, (x, y) => [x * 5, y * 5, (x * y) & 255]);
    const form = multipartFile({ filename: 'poster.png', contentType: 'image/png', bytes: png });
    const uploaded = await send('POST', '/api/upload', { body: form.payload, headers: form.headers, via: A });
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const url: string = uploaded.json.file.url;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // Not on A's disk: B could not read it from there.
    expect(fs.existsSync(path.join(dataDirs[A], 'uploads', path.basename(url)))).toBe(false);

    const whole = await send('GET', url, { via: B, auth: false });
    expect(whole.status).toBe(200);
    expect(upstreamOf(whole)).toBe(B);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.body.equals(png)).toBe(true);

    const part = await send('GET', url, { via: B, auth: false, headers: { range: 'bytes=16-99' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 16-99/${png.length}`);
    expect(part.body.equals(png.subarray(16, 100))).toBe(true);
  });

  it('accepts a session made on A on B, and a logout on B ends it on A', async () => {
    const username = `ses${Date.now().toString(36)}`;
    expect(
      (
        await send('POST', '/api/register', {
          body: { username, email: `${username}@example.org`, password: 'secret123' },
          auth: false,
        })
      ).status,
    ).toBe(201);
    const login = await send('POST', '/api/login', {
      body: { username, password: 'secret123' },
      via: A,
      auth: false,
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0];
    expect(cookie).toMatch(/^token=.+/);
    const asCookie = { cookie };

    const me = await send('GET', '/api/user', { via: B, auth: false, headers: asCookie });
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(username);
    expect((await send('POST', '/api/logout', { via: B, auth: false, headers: asCookie })).status).toBe(200);
    expect((await send('GET', '/api/user', { via: A, auth: false, headers: asCookie })).status).toBe(401);
  });

  it('locks ten failed logins spread over A and B exactly like ten on one instance', async () => {
    const tenFailures = async (via: number | undefined, address: string) => {
      const username = `thr${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const reg = await send('POST', '/api/register', {
        body: { username, email: `${username}@example.org`, password: 'secret123' },
        auth: false,
      });
      expect(reg.status).toBe(201);
      const client = { 'x-forwarded-for': address };
      const answers: { status: number; message: string; retryAfter: boolean; upstream: number }[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await send('POST', '/api/login', {
          body: { username, password: 'wrong-pass' },
          via,
          auth: false,
          headers: client,
        });
        answers.push({
          status: res.status,
          message: res.json.message,
          retryAfter: Number(res.headers['retry-after']) > 0,
          upstream: upstreamOf(res),
        });
      }
      // Locked on both instances, even with the right password.
      const rightOnA = await send('POST', '/api/login', {
        body: { username, password: 'secret123' },
        via: A,
        auth: false,
        headers: client,
      });
      const rightOnB = await send('POST', '/api/login', {
        body: { username, password: 'secret123' },
        via: B,
        auth: false,
        headers: client,
      });
      return { answers, right: [rightOnA.status, rightOnB.status] };
    };

    const onOne = await tenFailures(A, '198.51.100.21');
    const spread = await tenFailures(undefined, '198.51.100.22');
    expect(onOne.answers.every((a) => a.upstream === A)).toBe(true);
    expect(spread.answers.filter((a) => a.upstream === A)).toHaveLength(5);
    expect(spread.answers.filter((a) => a.upstream === B)).toHaveLength(5);

    const outcome = ({ status, message, retryAfter }: (typeof onOne.answers)[number]) => ({
      status,
      message,
      retryAfter,
    });
    expect(spread.answers.map(outcome)).toEqual(onOne.answers.map(outcome));
    expect(onOne.answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_MAX_FAILURES_PER_USER);
    expect(onOne.answers.slice(LOGIN_MAX_FAILURES_PER_USER).map(outcome)).toEqual(
      Array(10 - LOGIN_MAX_FAILURES_PER_USER).fill({
        status: 429,
        message: LOCKED_MESSAGE,
        retryAfter: true,
      }),
    );
    expect(spread.right).toEqual([429, 429]);
    expect(onOne.right).toEqual([429, 429]);
  });

  it('rolls each share up exactly once and runs the hourly cleanup once, with both instances ticking', async () => {
    const campaign = await newCampaign('Rolled up');
    // Waves of shares through both instances while both runners tick every 50 ms.
    for (let wave = 0; wave < 12; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          share(1000 + wave * 10 + i, campaign, `rollup-${wave}-${i}-${Date.now().toString(36)}`),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
      await new Promise((r) => setTimeout(r, 37));
    }
    const { maxId } = await db.db
      .selectFrom('shares')
      .select((eb) => eb.fn.max('id').as('maxId'))
      .executeTakeFirstOrThrow();
    const deadline = Date.now() + 10_000;
    let mark = 0;
    while (Date.now() < deadline) {
      mark = (
        await db.db
          .selectFrom('rollupState')
          .select('lastId')
          .where('name', '=', 'shares')
          .executeTakeFirstOrThrow()
      ).lastId;
      if (mark >= Number(maxId)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(mark).toBe(Number(maxId));

    // Counted once: the rollups hold exactly the rows.
    const rolled = await db.db
      .selectFrom('rollupTotals')
      .select((eb) => eb.fn.sum<number>('shares').as('n'))
      .where('campaignId', '=', campaign.campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(rolled.n)).toBe(120);

    // Each run took up where the one before it stopped: no batch was rolled up twice.
    const runs = await jobLog(db, 'rollupState');
    expect(runs.length).toBeGreaterThan(0);
    let previous = 0;
    for (const run of runs) {
      expect(run.oldLast).toBe(previous);
      expect(run.newLast).toBeGreaterThan(run.oldLast);
      previous = run.newLast;
    }
    expect(previous).toBe(Number(maxId));

    // The periodic jobs (the hourly upload cleanup, the staff notifications at most once
    // a minute, the console's figures every five minutes, the daily personal-data and
    // audit retentions): one run of each across both instances since they started.
    const periodic = await jobLog(db, 'jobRuns');
    expect(periodic.map((c) => c.name).sort()).toEqual([
      'audit-retention',
      'notifications',
      'organization-figures',
      'personal-data-retention',
      'upload-cleanup',
    ]);
    const cleanups = periodic.filter((c) => c.name === 'upload-cleanup');
    const by = (app: string) => runs.filter((r) => r.app === app).length;
    console.log(
      `rollups: ${runs.length} runs (rally-a ${by('rally-a')}, rally-b ${by('rally-b')}); upload cleanup by ${cleanups[0].app}`,
    );
  }, 30_000);

  it('loses no acknowledged write when A gets SIGTERM under load, while B keeps serving', async () => {
    const campaign = await newCampaign('Drained');
    const probeUrl = `/api/supporter/campaigns/${campaign.campaignId}`;
    // B, asked directly all along, must answer every time.
    const probes: (number | string)[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        try {
          probes.push((await httpRequest(servers[B].port, 'GET', probeUrl)).status);
        } catch (err) {
          probes.push((err as NodeJS.ErrnoException).code ?? String(err));
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const exitedA = servers[A].exited.then((code) => ({ code, at: Date.now() }));
    const run = await writesAroundSigterm(
      servers[A].child,
      WRITES,
      (i) => `drain${i}x${Math.random().toString(16).slice(2, 8)}`,
      (i, ref) => share(i, campaign, ref),
    );
    const exit = await exitedA;
    // Through the proxy after A is gone: B takes every request.
    const after = await Promise.all([0, 1, 2, 3].map(() => send('GET', probeUrl, { auth: false })));
    // B was probed from before the signal until A had exited; a fast drain can leave few
    // probes in that window (the test process is busy sending writes), so a few more follow.
    while (probes.length < 6) await new Promise((r) => setTimeout(r, 20));
    probing = false;
    await prober;

    const stored = await db.db
      .selectFrom('shares')
      .select('ref')
      .where('campaignId', '=', campaign.campaignId)
      .execute();
    const drain = expectCleanDrain(run, exit, new Set(stored.map((r) => r.ref)));

    expect(probes.length).toBeGreaterThan(5);
    expect(probes.filter((s) => s !== 200)).toEqual([]);
    expect(after.map((r) => [r.status, upstreamOf(r)])).toEqual(Array(4).fill([200, B]));
    console.log(
      `SIGTERM on A: ${drain.acknowledged} acknowledged and stored, ${drain.refused} answered 503, ` +
        `${drain.dropped} connection errors; A exited after ${drain.exitMs} ms; ` +
        `B answered ${probes.length} probes, all 200`,
    );
  }, 30_000);
});

/**
 * A log of every committed job run, written by triggers inside the job's own
 * transaction (so a run that rolls back leaves no line), naming the instance by its
 * connection's application_name: rollup runs move the shares mark in rollupState,
 * periodic jobs stamp jobRuns.
 */
async function installJobRunLog(db: DbHandle): Promise<void> {
  await sql`CREATE TABLE test_job_log (
    id serial PRIMARY KEY, tbl text NOT NULL, name text NOT NULL, app text NOT NULL,
    old_last bigint, new_last bigint)`.execute(db.db);
  await sql`CREATE FUNCTION test_log_job_run() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'rollupState' THEN
        -- Only moves of the mark: a batch first rewrites the marks unchanged to lock them.
        IF NEW.name = 'shares' AND NEW."lastId" <> OLD."lastId" THEN
          INSERT INTO test_job_log (tbl, name, app, old_last, new_last)
          VALUES (TG_TABLE_NAME, NEW.name, current_setting('application_name'), OLD."lastId", NEW."lastId");
        END IF;
      ELSE
        INSERT INTO test_job_log (tbl, name, app) VALUES (TG_TABLE_NAME, NEW.name, current_setting('application_name'));
      END IF;
      RETURN NEW;
    END $$`.execute(db.db);
  await sql`CREATE TRIGGER test_log_rollups AFTER UPDATE ON "rollupState"
    FOR EACH ROW EXECUTE FUNCTION test_log_job_run()`.execute(db.db);
  await sql`CREATE TRIGGER test_log_periodic AFTER INSERT OR UPDATE ON "jobRuns"
    FOR EACH ROW EXECUTE FUNCTION test_log_job_run()`.execute(db.db);
}

async function jobLog(db: DbHandle, table: 'rollupState' | 'jobRuns') {
  const { rows } = await sql<{ name: string; app: string; old_last: string | null; new_last: string | null }>`
    SELECT name, app, old_last, new_last FROM test_job_log WHERE tbl = ${table} ORDER BY id`.execute(db.db);
  return rows.map((r) => ({
    name: r.name,
    app: r.app,
    oldLast: Number(r.old_last),
    newLast: Number(r.new_last),
  }));
}
