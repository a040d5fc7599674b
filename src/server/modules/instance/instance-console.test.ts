import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#shared/durations.ts';
import pkg from '../../../../package.json' with { type: 'json' };
import { migrationsFor } from '../../db/migrations/index.ts';
import type { OutboxTable } from '../../db/schema.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { addMember, postApiKey } from '../../test/teams.ts';
import { appPerFile, bearer, errorMessages, type SignedUp, signUp, uniqueName } from '../../test/test-app.ts';
import { refreshOrganizationFigures } from './organization-figures.ts';

// The console's own reads, GET /api/instance/organizations and /api/instance/health:
// operators only (the first account of the instance is its operator), each refusal,
// and the figures against rows written straight into the database.

const t = appPerFile({ METRICS_TOKEN: 'metrics-secret-for-tests' });
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });

const refreshAll = () => refreshOrganizationFigures(t.database.db, { after: 0, upTo: 2 ** 31 - 1 });

let operatorPromise: Promise<SignedUp> | undefined;
/** An operator of the instance who is also an organisation's admin (so has an API key to try). */
const operator = () => {
  operatorPromise ??= signUp(t.app).then(async (op) => {
    await t.database.db.updateTable('users').set({ isOperator: 1 }).where('id', '=', op.userId).execute();
    return op;
  });
  return operatorPromise;
};

/** An outbox row of `status`, written (and sent, if so) at `at`. */
const mail = (organizationId: number, status: string, at: number): Insertable<OutboxTable> => ({
  channel: 'email',
  kind: 'reminder',
  organizationId,
  recipient: null,
  recipientKey: 'k',
  subject: 'Your reminder',
  status,
  nextAttemptAt: iso(at),
  expiresAt: iso(at + DAY_MS),
  createdAt: iso(at),
  sentAt: status === 'sent' ? iso(at) : null,
});

describe('who may read the console', () => {
  const paths = ['/api/instance/organizations', '/api/instance/health'];

  it('answers the operator, and refuses everyone else', async () => {
    const op = await operator();
    const admin = await signUp(t.app);
    const viewer = await addMember(t.app, admin, 'viewer');
    const key = (await postApiKey(t.app, op.token, { name: 'ops', role: 'editor' })).json().key as string;
    for (const path of paths) {
      expect((await get(path, op.token)).statusCode, path).toBe(200);
      expect((await get(path)).statusCode, path).toBe(401);
      for (const [who, token] of [
        ['an organisation admin', admin.token],
        ['a member', viewer.token],
      ]) {
        const refused = await get(path, token);
        expect(refused.statusCode, `${path} as ${who}`).toBe(403);
        expect(refused.json().code).toBe('OPERATOR_REQUIRED');
      }
      // An API key of the operator's own organisation is no operator.
      const byKey = await get(path, key);
      expect(byKey.statusCode, `${path} with an API key`).toBe(403);
      expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('says plainly what is wrong with a query', async () => {
    const { token } = await operator();
    const cases: [string, string][] = [
      ['sort=size', 'sort must be one of: name, createdAt, members'],
      ['order=up', 'order must be asc or desc'],
      ['status=banned', 'status must be one of: active, suspended'],
      ['page=0', 'page must be at least 1'],
      ['page=two', 'page must be a number'],
      ['pageSize=1000', 'pageSize must be at most 200'],
      [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/instance/organizations?${query}`, token);
      expect(res.statusCode, query).toBe(400);
      expect(errorMessages(res).join(' '), query).toContain(message);
    }
    expect((await get('/api/instance/organizations?colour=red', token)).statusCode).toBe(400);
  });
});

describe('GET /api/instance/organizations', () => {
  it('shows each figure from where it is kept', async () => {
    const { token } = await operator();
    const owner = await signUp(t.app);
    await addMember(t.app, owner, 'editor');
    const orgId = owner.orgId;
    const { db } = t.database;
    await seedCampaign(db, { organizationId: orgId });
    await seedCampaign(db, { organizationId: orgId });
    const hour = (ms: number) => iso(ms).slice(0, 13);
    await db
      .insertInto('rollupOrgHours')
      .values([
        { organizationId: orgId, hour: hour(NOW - HOUR_MS), shares: 5, clicks: 7 },
        { organizationId: orgId, hour: hour(NOW - 10 * DAY_MS), shares: 2, clicks: 3 },
        // Older than 30 days: not counted.
        { organizationId: orgId, hour: hour(NOW - 31 * DAY_MS), shares: 100, clicks: 100 },
      ])
      .execute();
    const monthStart = Date.UTC(new Date(NOW).getUTCFullYear(), new Date(NOW).getUTCMonth(), 1);
    await db
      .insertInto('outbox')
      .values([
        mail(orgId, 'sent', NOW - MINUTE_MS),
        mail(orgId, 'sent', NOW - 2 * MINUTE_MS),
        mail(orgId, 'sent', monthStart + 1000),
        mail(orgId, 'sent', monthStart - DAY_MS),
        // Not sent: not counted.
        mail(orgId, 'queued', NOW),
        mail(orgId, 'failed', NOW),
      ])
      .execute();
    await db
      .insertInto('uploads')
      .values([
        { name: 'a.png', organizationId: orgId, userId: owner.userId, size: 1000, createdAt: iso(NOW) },
        { name: 'b.png', organizationId: orgId, userId: owner.userId, size: 2500, createdAt: iso(NOW) },
      ])
      .execute();
    await refreshAll();

    const res = await get(
      `/api/instance/organizations?q=${encodeURIComponent(`org-${owner.username}`)}`,
      token,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const [row] = page.items;
    const today = new Date(NOW).getUTCDate();
    expect(row).toMatchObject({
      id: orgId,
      name: `Org of ${owner.username}`,
      username: `org-${owner.username}`,
      members: 2,
      campaigns: 2,
      shares30d: 7,
      clicks30d: 10,
      // Mail sent at the month's start is also today's on the 1st.
      mailToday: today === 1 ? 3 : 2,
      mailMonth: 3,
      storageBytes: 3500,
      storageQuotaBytes: t.config.uploadQuotaBytes,
      status: 'active',
      suspendedReason: null,
    });
    // Creating the organisation and inviting are in its activity log: the latest is the last activity.
    const lastAudit = await db
      .selectFrom('auditLog')
      .select('createdAt')
      .where('organizationId', '=', orgId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.lastActivityAt).toBe(
      lastAudit.createdAt > `${hour(NOW - HOUR_MS)}:00:00.000Z`
        ? lastAudit.createdAt
        : `${hour(NOW - HOUR_MS)}:00:00.000Z`,
    );
    expect(Date.parse(row.figuresAt)).toBeGreaterThan(NOW - MINUTE_MS);
  });

  it('works out the figures of an organisation the job has not reached yet', async () => {
    const { token } = await operator();
    const fresh = await signUp(t.app);
    await addMember(t.app, fresh, 'viewer');
    const res = await get(`/api/instance/organizations?q=${encodeURIComponent(fresh.username)}`, token);
    expect(res.json().items).toMatchObject([{ id: fresh.orgId, members: 2, campaigns: 0, storageBytes: 0 }]);
  });

  it('sorts by a figure either way, ties by id, and pages', async () => {
    const { token } = await operator();
    const tag = uniqueName('sorted');
    const orgs = [];
    for (const members of [1, 3, 2]) {
      const o = await signUp(t.app, { username: `${tag}${members}` });
      for (let i = 1; i < members; i++) await addMember(t.app, o, 'viewer');
      orgs.push({ id: o.orgId, members });
    }
    await refreshAll();
    const list = async (query: string) =>
      (await get(`/api/instance/organizations?q=${tag}&${query}`, token)).json();
    const byMembers = await list('sort=members');
    expect(byMembers.items.map((r: { members: number }) => r.members)).toEqual([3, 2, 1]);
    const ascending = await list('sort=members&order=asc');
    expect(ascending.items.map((r: { members: number }) => r.members)).toEqual([1, 2, 3]);
    const byName = await list('sort=name');
    // Named after their member counts: by name is by members, ascending.
    expect(byName.items.map((r: { id: number }) => r.id)).toEqual(
      [...orgs].sort((x, y) => x.members - y.members).map((o) => o.id),
    );
    const pages = [await list('sort=members&pageSize=2'), await list('sort=members&pageSize=2&page=2')];
    expect(pages.map((p) => p.items.map((r: { members: number }) => r.members))).toEqual([[3, 2], [1]]);
    expect(pages.map((p) => p.total)).toEqual([3, 3]);
    expect((await list('sort=members&page=9')).items).toEqual([]);
  });

  it('finds by name or username in any case, wildcards taken literally', async () => {
    const { token } = await operator();
    const tag = uniqueName('find');
    const o = await signUp(t.app, { username: tag });
    const find = async (q: string) =>
      (await get(`/api/instance/organizations?q=${encodeURIComponent(q)}`, token)).json();
    expect((await find(tag.toUpperCase())).items.map((r: { id: number }) => r.id)).toEqual([o.orgId]);
    expect((await find(`Org of ${tag}`)).total).toBe(1);
    expect((await find('%')).total).toBe(0);
    expect((await find('_')).total).toBe(0);
  });

  it('filters by status', async () => {
    const { token } = await operator();
    const all = (await get('/api/instance/organizations', token)).json();
    const active = (await get('/api/instance/organizations?status=active', token)).json();
    expect(active.total).toBe(all.total);
    expect(active.items.every((r: { status: string }) => r.status === 'active')).toBe(true);
    const suspended = (await get('/api/instance/organizations?status=suspended', token)).json();
    expect(suspended.items.every((r: { status: string }) => r.status === 'suspended')).toBe(true);
  });
});

describe('GET /api/instance/health', () => {
  it('shows the version, the migrations, the database and storage', async () => {
    const { token } = await operator();
    const health = (await get('/api/instance/health', token)).json();
    const known = Object.keys(migrationsFor(t.database.dialect));
    expect(health).toMatchObject({
      version: pkg.version,
      database: { dialect: t.database.dialect },
      migrations: { applied: known.length, latest: known.at(-1), pending: [] },
    });
    expect(health.database.sizeBytes).toBeGreaterThan(0);
    const stored = await t.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('n'))
      .executeTakeFirstOrThrow();
    expect(health.storage.usedBytes).toBe(Number(stored.n));
  });

  it('counts the outbox and says how far each job is behind', async () => {
    const { token } = await operator();
    const before = (await get('/api/instance/health', token)).json();
    const { db } = t.database;
    const owner = await signUp(t.app);
    await db
      .insertInto('outbox')
      .values([
        // Due ten minutes ago and not sent: the sender is ten minutes behind.
        mail(owner.orgId, 'queued', NOW - 10 * MINUTE_MS),
        mail(owner.orgId, 'held', NOW),
        mail(owner.orgId, 'failed', NOW - HOUR_MS),
        mail(owner.orgId, 'failed', NOW - 2 * DAY_MS),
        mail(owner.orgId, 'expired', NOW - HOUR_MS),
        mail(owner.orgId, 'sent', NOW - HOUR_MS),
      ])
      .execute();
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: owner.orgId,
      assets: [{ title: 'A', type: 'text', content: 'Share me' }],
    });
    // A share logged three minutes ago that the rollups have not counted.
    await db
      .insertInto('shares')
      .values({
        assetId: assetIds[0],
        platform: 'twitter',
        campaignId,
        organizationId: owner.orgId,
        scheduledFor: null,
        status: 'shared',
        ref: null,
        supporterId: null,
        parentShareId: null,
        createdAt: iso(Date.now() - 3 * MINUTE_MS),
      })
      .execute();
    const health = (await get('/api/instance/health', token)).json();
    expect(health.outbox).toEqual({
      waiting: before.outbox.waiting + 1,
      held: before.outbox.held + 1,
      failed24h: before.outbox.failed24h + 1,
      expired24h: before.outbox.expired24h + 1,
      sent24h: before.outbox.sent24h + 1,
    });
    const lag = (name: string) => health.jobs.find((j: { name: string }) => j.name === name)?.lagSeconds;
    expect(lag('outbox')).toBeGreaterThanOrEqual(600);
    expect(lag('rollups')).toBeGreaterThanOrEqual(180);
    expect(health.jobs.map((j: { name: string }) => j.name)).toEqual(
      expect.arrayContaining(['rollups', 'reminders', 'outbox', 'upload-cleanup', 'notifications']),
    );

    // The jobs catch up: the lag goes. A tick already in flight (started before the share
    // was written) is joined by runOnce, so a second one surely sees the share.
    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    const after = (await get('/api/instance/health', token)).json();
    const lagAfter = (name: string) => after.jobs.find((j: { name: string }) => j.name === name)?.lagSeconds;
    expect(lagAfter('rollups')).toBe(0);
    expect(after.jobs.find((j: { name: string }) => j.name === 'upload-cleanup').lastRunAt).not.toBeNull();
  });

  it('puts the same figures on /metrics', async () => {
    const { token } = await operator();
    const health = (await get('/api/instance/health', token)).json();
    const res = await t.app.inject({ url: '/metrics', headers: bearer('metrics-secret-for-tests') });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    const value = (line: string) => {
      const m = new RegExp(`^${line.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text);
      return m ? Number(m[1]) : undefined;
    };
    expect(value('rally_outbox_mail{state="held"}')).toBe(health.outbox.held);
    expect(value('rally_outbox_mail{state="failed_24h"}')).toBe(health.outbox.failed24h);
    expect(value('rally_job_lag_seconds{job="rollups"}')).toBe(0);
    expect(value('rally_storage_used_bytes')).toBe(health.storage.usedBytes);
    expect(value('rally_database_size_bytes')).toBeGreaterThan(0);
    expect(value('rally_migrations_applied')).toBe(health.migrations.applied);
    expect(value(`rally_version_info{version="${pkg.version}"}`)).toBe(1);
  });
});
