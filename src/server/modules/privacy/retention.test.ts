import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/durations.ts';
import { ANONYMOUS_PREFIX, PERSONAL_DATA, personalFields } from '../../db/personal-data.ts';
import { shareRow } from '../../test/db-rows.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { appPerFile, bearer, type SignedUp, sendJson, signUp } from '../../test/test-app.ts';
import { rollUpBatch } from '../stats/index.ts';
import { cutoffFor, stripExpiredPersonalData } from './retention.job.ts';

// The retention job on the database the suite runs on: it strips the registry's
// raw-event fields of exactly the events past each organisation's own months, only
// once they are rolled up, and every figure reads the same before and after.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
const NOW = Date.now();
const monthsAgo = (months: number, days = 0) =>
  new Date(Date.parse(cutoffFor(months, NOW)) - days * DAY_MS).toISOString();

let a: SignedUp;
let b: SignedUp;
beforeAll(async () => {
  a = await signUp(t.app);
  b = await signUp(t.app);
});

const RAW = ['shares', 'clicks', 'visits', 'variantViews'] as const;
const fieldsOf = (table: (typeof RAW)[number]) =>
  personalFields().filter((f) => f.table === table && f.retention === 'rawEvents');

let visitorSeq = 0;

/** One of each raw event of a supporter at `at`, with every personal field filled. */
async function eventsAt(orgId: number, at: string) {
  const db = t.database.db;
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: orgId,
    assets: [{ title: 'A', type: 'text', content: 'a' }],
  });
  const assetId = assetIds[0]!;
  const variant = await db
    .insertInto('assetVariants')
    .values({ assetId, organizationId: orgId, text: 'Variant', position: 0, createdAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const visitor = `visitor${String(++visitorSeq).padStart(20, '0')}`;
  const share = await db
    .insertInto('shares')
    .values(
      shareRow({
        assetId,
        campaignId,
        organizationId: orgId,
        createdAt: at,
        ref: `ref${visitorSeq}`,
        supporterId: visitor,
        supporterName: 'Ada Lovelace',
        supporterInfo: 'ada@example.org',
        shareText: 'My own words',
        timeZone: 'Europe/London',
        messageHash: 'hash-of-words',
        variantId: variant.id,
        // A member of the organisation made it signed in (the members' leaderboard).
        memberId: (
          await db
            .selectFrom('users')
            .select('id')
            .where('organizationId', '=', orgId)
            .executeTakeFirstOrThrow()
        ).id,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('clicks')
    .values({
      shareId: share.id,
      campaignId,
      organizationId: orgId,
      sharerId: visitor,
      visitorId: `${visitor}x`,
      networkHash: 'net-hash',
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('visits')
    .values({
      campaignId,
      organizationId: orgId,
      visitorId: visitor,
      day: at.slice(0, 10),
      source: 'qr',
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('variantViews')
    .values({ variantId: variant.id, visitorId: visitor, day: at.slice(0, 10), campaignId, createdAt: at })
    .execute();
  return { campaignId, assetId, shareId: share.id, visitor };
}

/** Each raw event table's rows of a campaign. */
async function rowsOf(campaignId: number) {
  const db = t.database.db as unknown as Kysely<any>;
  return Object.fromEntries(
    await Promise.all(
      RAW.map(async (table) => [
        table,
        (await db.selectFrom(table).selectAll().where('campaignId', '=', campaignId).execute()) as Record<
          string,
          unknown
        >[],
      ]),
    ),
  ) as Record<(typeof RAW)[number], Record<string, unknown>[]>;
}

/** Whether every raw-event field of the campaign's rows is stripped (true) or as written (false). */
async function expectStripped(
  campaignId: number,
  stripped: boolean,
  tables: readonly (typeof RAW)[number][] = RAW,
) {
  const rows = await rowsOf(campaignId);
  for (const table of tables) {
    expect(rows[table], table).toHaveLength(1);
    for (const f of fieldsOf(table)) {
      const value = rows[table][0]![f.column];
      const where = `${table}.${f.column} = ${String(value)}`;
      if (!stripped)
        expect(value === null || value === '' || String(value).startsWith(ANONYMOUS_PREFIX), where).toBe(
          false,
        );
      else if (f.erase === 'null') expect(value, where).toBeNull();
      else if (f.erase === 'empty') expect(value, where).toBe('');
      else expect(String(value).startsWith(ANONYMOUS_PREFIX), where).toBe(true);
    }
  }
}

const rollUpAll = async (now = NOW) => {
  while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now: now + 60_000 }))) {}
};
const strip = (opts: { batch?: number } = {}) =>
  t.database.db.transaction().execute((trx) => stripExpiredPersonalData(trx, { now: NOW, ...opts }));
/** A whole run of the job at `now`: its steps until one finds nothing more; returns the steps that did. */
const stripAll = async (batch?: number, now = NOW) => {
  const after = { id: 0 };
  let steps = 0;
  while (
    await t.database.db.transaction().execute((trx) => stripExpiredPersonalData(trx, { now, batch, after }))
  )
    steps++;
  return steps;
};

/** The cutoff of the organisation's last finished pass. */
const markOf = (orgId: number) =>
  t.database.db
    .selectFrom('organizations')
    .select('personalDataStrippedTo')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow()
    .then((o) => o.personalDataStrippedTo);

/** Everything the organisation's figures are read from, and the figures as the API answers them. */
async function figures(who: SignedUp, campaignIds: number[], assetIds: number[]) {
  const db = t.database.db as unknown as Kysely<any>;
  // Every rollup table of the organisation (rollupState, the marks, is the job's, not the figures').
  const tables = Object.entries(PERSONAL_DATA)
    .filter(([table, columns]) => /^(rollup|supporter)/.test(table) && 'organizationId' in columns)
    .map(([table]) => table);
  expect(tables.length).toBeGreaterThan(12);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  return {
    rollups: await Promise.all(
      tables.map((table) =>
        db
          .selectFrom(table)
          .selectAll()
          .where('organizationId', '=', who.orgId)
          .execute()
          .then((rows) => rows.map((r) => JSON.stringify(r)).sort()),
      ),
    ),
    organization: await get('/api/organization/stats'),
    campaigns: await Promise.all(campaignIds.map((id) => get(`/api/campaigns/${id}/stats`))),
    assets: await Promise.all(assetIds.map((id) => get(`/api/assets/${id}/analytics`))),
  };
}
describe('the personal-data retention job', () => {
  it("strips what is past the organisation's months, and nothing newer, with every figure unchanged", async () => {
    const old = await eventsAt(a.orgId, monthsAgo(13, 1));
    const recent = await eventsAt(a.orgId, monthsAgo(13, -1));
    await rollUpAll();
    const before = await figures(a, [old.campaignId, recent.campaignId], [old.assetId, recent.assetId]);
    expect(before.organization.totalShares).toBe(2);

    await stripAll();
    await expectStripped(old.campaignId, true);
    await expectStripped(recent.campaignId, false);
    expect(await figures(a, [old.campaignId, recent.campaignId], [old.assetId, recent.assetId])).toEqual(
      before,
    );
    // The organisation's pass is recorded: the next run starts at the cutoff.
    const org = await t.database.db
      .selectFrom('organizations')
      .select(['personalDataMonths', 'personalDataStrippedTo'])
      .where('id', '=', a.orgId)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ personalDataMonths: 13, personalDataStrippedTo: cutoffFor(13, NOW) });
  });

  it('leaves an event the rollups have not counted, and strips it once they have', async () => {
    const c = await signUp(t.app);
    const late = await eventsAt(c.orgId, monthsAgo(13, 40));
    const passOf = () => markOf(c.orgId);
    // Its ids are past the rollup marks: it waits, and the organisation's pass is not finished.
    await stripAll();
    await expectStripped(late.campaignId, false, ['shares', 'clicks', 'visits']);
    // Variant views are counted by rows, never rolled up: they do not wait.
    await expectStripped(late.campaignId, true, ['variantViews']);
    expect(await passOf()).toBeNull();
    await rollUpAll();
    await stripAll();
    await expectStripped(late.campaignId, true);
    expect(await passOf()).toBe(cutoffFor(13, NOW));
  });

  it("follows each organisation's own months", async () => {
    const put = await sendJson(
      t.app,
      'PUT',
      '/api/organization/settings',
      { privacy: { personalDataMonths: 1 } },
      b.token,
    );
    expect(put.statusCode, put.body).toBe(200);
    const ofB = await eventsAt(b.orgId, monthsAgo(2));
    const ofA = await eventsAt(a.orgId, monthsAgo(2));
    await rollUpAll();
    const before = await figures(b, [ofB.campaignId], [ofB.assetId]);
    await stripAll();
    await expectStripped(ofB.campaignId, true);
    // A's 13 months do not reach two months back, whatever B chose.
    await expectStripped(ofA.campaignId, false);
    expect(await figures(b, [ofB.campaignId], [ofB.assetId])).toEqual(before);
  });

  it('holds back a scheduled share until its moment is past the retention too, then strips it', async () => {
    const c = await signUp(t.app);
    await t.database.db
      .updateTable('organizations')
      .set({ personalDataMonths: 1 })
      .where('id', '=', c.orgId)
      .execute();
    // Created 40 days ago, its moment 10 days ahead: past the retention by its creation only.
    const e = await eventsAt(c.orgId, new Date(NOW - 40 * DAY_MS).toISOString());
    const moment = NOW + 10 * DAY_MS;
    await t.database.db
      .updateTable('shares')
      .set({ scheduledFor: new Date(moment).toISOString(), status: 'pending' })
      .where('id', '=', e.shareId)
      .execute();
    const shareFields = async () =>
      t.database.db
        .selectFrom('shares')
        .select(['shareText', 'supporterName', 'supporterId'])
        .where('id', '=', e.shareId)
        .executeTakeFirstOrThrow();
    // One run a day, as the job runs; each finishes its pass, so the mark moves on daily.
    const day = async (d: number) => {
      await rollUpAll(NOW + d * DAY_MS);
      await stripAll(undefined, NOW + d * DAY_MS);
    };
    await day(0);
    await expectStripped(e.campaignId, true, ['clicks', 'visits', 'variantViews']);
    // The mark moves past its creation, yet the share keeps what its reminder needs.
    expect(await markOf(c.orgId)).toBe(cutoffFor(1, NOW));
    expect(await shareFields()).toEqual({
      shareText: 'My own words',
      supporterName: 'Ada Lovelace',
      supporterId: e.visitor,
    });
    // Its moment comes and goes: a month after it, it is still kept.
    let d = 1;
    for (; Date.parse(cutoffFor(1, NOW + d * DAY_MS)) <= moment; d++) {
      await day(d);
      expect((await shareFields()).shareText, `day ${d}`).toBe('My own words');
    }
    // The first run whose cutoff is past its moment strips it.
    await day(d);
    await expectStripped(e.campaignId, true);
    expect(await markOf(c.orgId)).toBe(cutoffFor(1, NOW + d * DAY_MS));
  });

  it('works in batches, each step a transaction, until nothing is left', async () => {
    const many = [];
    for (let i = 0; i < 3; i++) many.push(await eventsAt(b.orgId, monthsAgo(1, 3 + i)));
    await rollUpAll();
    // 12 events at 5 a step: two steps spend their whole budget, the third finishes.
    await t.database.db
      .updateTable('organizations')
      .set({ personalDataStrippedTo: null })
      .where('id', '=', b.orgId)
      .execute();
    expect(await stripAll(5)).toBe(2);
    for (const e of many) await expectStripped(e.campaignId, true);
    expect(await strip()).toBe(false);
  });
});
