import { describe, expect, it } from 'vitest';
import { ACTIVE_SUPPORTER_DAYS } from '#shared/constants.ts';
import { seedCampaign, seedOrganization } from '../../test/seed-db.ts';
import { campaignAnalytics, organizationAnalytics } from './analytics.service.ts';
import { pseudonym } from './pseudonym.ts';
import { campaignStats, engagementRate, organizationStats } from './stats.service.ts';
import { resolveRange } from './time-range.ts';
import { appPerFile } from '../../test/test-app.ts';
import { shareRow } from '../../test/db-rows.ts';
import { rollUpBatch } from './rollups.ts';
import { DAY_MS } from '#shared/durations.ts';

// Rollups plus the live tail must answer exactly what a full recount of the event
// rows answers, whatever point the rollup job has reached: the stats, and the totals,
// distinct supporters, top supporters and visits and shares per source of analytics
// ranges in several time zones.

const t = appPerFile({ ROLLUP_INTERVAL_MS: '0' });

/** Small deterministic PRNG, so a failure can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PLATFORMS = ['twitter', 'facebook', 'linkedin', 'whatsapp'];
const SOURCES = ['qr', 'mail', 'poster'];
/** What a scheduled share can become without being posted (reminders/send-reminders.ts, shares/shares.service.ts). */
const UNPOSTED = ['expired', 'reminded', 'rescheduled'];

type Scoped = { organizationId: number; campaignId: number };
/** Rows of the organisation, or of one of its campaigns. */
const inScope = (orgId: number, campaignId: number | undefined) => (r: Scoped) =>
  r.organizationId === orgId && (!campaignId || r.campaignId === campaignId);

async function recount(orgId: number, campaignId: number | undefined, now: number) {
  const db = t.database.db;
  const all = (await db.selectFrom('shares').selectAll().execute()).filter(inScope(orgId, campaignId));
  const s = all.filter((r) => r.status === 'shared');
  const o = all.filter((r) => r.status === 'opened');
  const p = all.filter((r) => r.status === 'prepared');
  const c = (await db.selectFrom('clicks').selectAll().execute()).filter(inScope(orgId, campaignId));
  const since = new Date(now - ACTIVE_SUPPORTER_DAYS * DAY_MS).toISOString();
  const byPlatform = (rows: typeof all) => {
    const out: Record<string, number> = {};
    for (const r of rows) out[r.platform] = (out[r.platform] ?? 0) + 1;
    return out;
  };
  const lasts = [...s, ...o, ...p, ...c].map((r) => r.createdAt).sort();
  const daily = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(now - (29 - i) * DAY_MS).toISOString().slice(0, 10);
    return {
      date,
      shares: s.filter((r) => r.createdAt.startsWith(date)).length,
      clicks: c.filter((r) => r.createdAt.startsWith(date)).length,
      openedIntents: o.filter((r) => r.createdAt.startsWith(date)).length,
      preparedPosts: p.filter((r) => r.createdAt.startsWith(date)).length,
    };
  });
  return {
    totalShares: s.length,
    openedIntents: o.length,
    preparedPosts: p.length,
    uniqueSupporters: new Set(s.map((r) => r.supporterId).filter(Boolean)).size,
    activeSupporters: new Set(
      s
        .filter((r) => r.createdAt >= since)
        .map((r) => r.supporterId)
        .filter(Boolean),
    ).size,
    engagementRate: engagementRate(c.length, s.length),
    clickThroughs: c.length,
    platformBreakdown: byPlatform(s),
    openedBreakdown: byPlatform(o),
    preparedBreakdown: byPlatform(p),
    lastUpdated: lasts.at(-1) ?? null,
    pendingSince: null,
    daily,
  };
}

const OUTCOMES = ['shared', 'shared', 'opened', 'prepared'];

const ZONES = ['UTC', 'Europe/Paris', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'];

/** What the analytics of a range must say about supporters, from the event rows. */
async function recountRange(
  orgId: number,
  campaignId: number | undefined,
  q: { from: string; to: string; tz: string },
  now: number,
) {
  const db = t.database.db;
  const { bounds } = resolveRange(q, now);
  const lo = new Date(bounds[0]).toISOString();
  const hi = new Date(bounds.at(-1)!).toISOString();
  // Filtered here, not in SQL: the recount shares no query logic with what it checks.
  const inRange = (r: Scoped & { createdAt: string }) =>
    inScope(orgId, campaignId)(r) && r.createdAt >= lo && r.createdAt < hi;
  const logged = (await db.selectFrom('shares').selectAll().execute()).filter(inRange);
  const s = logged.filter((r) => r.status === 'shared');
  const c = (await db.selectFrom('clicks').selectAll().execute()).filter(inRange);
  const v = (await db.selectFrom('visits').selectAll().execute()).filter(inRange);
  const sources = new Map<string, { source: string; visits: number; shares: number }>();
  const source = (tag: string) =>
    sources.get(tag) ?? sources.set(tag, { source: tag, visits: 0, shares: 0 }).get(tag)!;
  for (const r of v) if (r.source) source(r.source).visits++;
  for (const r of s) if (r.source) source(r.source).shares++;
  const people = new Map<string, { shares: number; clicks: number }>();
  const person = (id: string) => people.get(id) ?? people.set(id, { shares: 0, clicks: 0 }).get(id)!;
  for (const r of s) if (r.supporterId) person(r.supporterId).shares++;
  for (const r of c) if (r.sharerId) person(r.sharerId).clicks++;
  const ranked = [...people]
    .filter(([, a]) => a.shares > 0)
    .sort(([ia, a], [ib, b]) => b.shares - a.shares || b.clicks - a.clicks || (ia < ib ? -1 : 1));
  return {
    shares: s.length,
    clicks: c.length,
    openedIntents: logged.filter((r) => r.status === 'opened').length,
    preparedPosts: logged.filter((r) => r.status === 'prepared').length,
    uniqueSupporters: ranked.length,
    topSupporters: ranked
      .slice(0, 10)
      .map(([id, a]) => ({ label: pseudonym(t.app.visitorCookieKey, id), ...a })),
    sources: [...sources.values()].sort(
      (a, b) => b.visits - a.visits || b.shares - a.shares || a.source.localeCompare(b.source),
    ),
  };
}

describe('rollups + tail == full recount', () => {
  it.each([1, 2, 3])(
    'after random writes and partial rollups (seed %i)',
    async (seed) => {
      const rand = rng(seed);
      const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
      const db = t.database.db;
      const orgId = await seedOrganization(db);
      const campaigns: { campaignId: number; assetIds: number[] }[] = [];
      for (let i = 0; i < 3; i++) {
        campaigns.push(
          await seedCampaign(db, {
            organizationId: orgId,
            assets: [
              { title: 'A', type: 'text', content: 'a' },
              { title: 'B', type: 'text', content: 'b' },
            ],
          }),
        );
      }
      const now = Date.now();
      const supporters = Array.from(
        { length: 12 },
        (_, i) => `PropSupporter${seed}_${String(i).padStart(10, '0')}`,
      );
      type Logged = {
        id: number;
        campaignId: number;
        supporterId: string | null;
        assetId: number;
        platform: string;
      };
      const shareIds: Logged[] = [];
      /** Scheduled shares not posted yet: each may be posted (a new row) or retired later. */
      const scheduled: Logged[] = [];
      /**
       * Posts a scheduled share as share-from-schedule.ts does: a new `shared` row, its
       * clicks moved to it, the old row deleted. Its id is then the new row's.
       */
      const post = async (p: Logged, at: string, source: string | null) =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('shares')
            .values(
              shareRow({
                assetId: p.assetId,
                platform: p.platform,
                campaignId: p.campaignId,
                organizationId: orgId,
                supporterId: p.supporterId,
                source,
                createdAt: at,
              }),
            )
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.updateTable('clicks').set({ shareId: row.id }).where('shareId', '=', p.id).execute();
          await trx.deleteFrom('shares').where('id', '=', p.id).execute();
          p.id = row.id;
        });
      const rollSome = async () => {
        const batch = 1 + Math.floor(rand() * 7);
        const steps = Math.floor(rand() * 3);
        for (let i = 0; i < steps; i++) await db.transaction().execute((trx) => rollUpBatch(trx, { batch }));
      };
      const checkRanges = async () => {
        for (const c of [undefined, ...campaigns]) {
          // One random range per scope and round: 8 rounds x 3 seeds cover many ranges.
          const length = 1 + Math.floor(rand() * 60);
          const to = new Date(now - Math.floor(rand() * 3) * DAY_MS).toISOString().slice(0, 10);
          const from = new Date(Date.parse(to) - (length - 1) * DAY_MS).toISOString().slice(0, 10);
          const query = { from, to, tz: pick(ZONES) };
          const expected = await recountRange(orgId, c?.campaignId, query, now);
          // Exact top supporters, and the ones drawn from each day's leaders (with a dozen
          // supporters every one of them is a leader, so both must be exact here).
          for (const exactTopEvents of [undefined, 0]) {
            const common = { db, dialect: t.database.dialect, query, key: t.app.visitorCookieKey, now };
            const got = c
              ? await campaignAnalytics({ ...common, campaignId: c.campaignId, exactTopEvents })
              : await organizationAnalytics({ ...common, orgId, exactTopEvents });
            expect(
              {
                shares: got.totals.shares,
                clicks: got.totals.clicks,
                openedIntents: got.totals.openedIntents,
                preparedPosts: got.totals.preparedPosts,
                uniqueSupporters: got.totals.uniqueSupporters,
                topSupporters: got.topSupporters,
                sources: got.sources,
              },
              JSON.stringify({ query, campaign: c?.campaignId, exactTopEvents }),
            ).toEqual(expected);
            // The response says which way the list was drawn: exact only within the threshold.
            expect(got.topSupportersExact).toBe(
              exactTopEvents === 0 ? got.totals.shares + got.totals.clicks === 0 : true,
            );
          }
        }
      };
      const check = async () => {
        await checkRanges();
        for (const c of [undefined, ...campaigns]) {
          const expected = await recount(orgId, c?.campaignId, now);
          if (c) {
            const got = await campaignStats({
              db,
              dialect: t.database.dialect,
              campaignId: c.campaignId,
              now,
            });
            expect(got).toEqual(expected);
          } else {
            const got = await organizationStats({ db, dialect: t.database.dialect, orgId, now });
            const { daily: _daily, ...rest } = expected;
            expect({ ...got, activeCampaigns: undefined }).toEqual({ ...rest, activeCampaigns: undefined });
          }
        }
      };

      for (let round = 0; round < 8; round++) {
        for (let i = 0; i < 15; i++) {
          const c = pick(campaigns);
          // Across 60 days (so some are outside the 30-day windows) and some in the last hour.
          const at = new Date(
            now - Math.floor(rand() * (rand() < 0.2 ? 3600_000 : 60 * DAY_MS)),
          ).toISOString();
          const kind = rand();
          // A third of the shares and most visits carry a source tag.
          const source = () => (rand() < 0.35 ? pick(SOURCES) : null);
          if (kind < 0.45 || shareIds.length === 0) {
            const supporterId = rand() < 0.1 ? null : pick(supporters);
            const share = {
              campaignId: c.campaignId,
              supporterId,
              assetId: pick(c.assetIds),
              platform: pick(PLATFORMS),
            };
            const pending = rand() < 0.15;
            const row = await db
              .insertInto('shares')
              .values(
                shareRow({
                  ...share,
                  organizationId: orgId,
                  // Logged shares with each outcome: only `shared` ones are shares.
                  status: pending ? 'pending' : pick(OUTCOMES),
                  scheduledFor: pending ? at : null,
                  source: source(),
                  createdAt: at,
                }),
              )
              .returning('id')
              .executeTakeFirstOrThrow();
            const logged = { id: row.id, ...share };
            shareIds.push(logged);
            if (pending) scheduled.push(logged);
          } else if (kind < 0.65) {
            // One visit per visitor, campaign and UTC day: a repeat is ignored, as in visits.service.ts.
            await db
              .insertInto('visits')
              .values({
                campaignId: c.campaignId,
                organizationId: orgId,
                visitorId: pick(supporters),
                day: at.slice(0, 10),
                source: rand() < 0.8 ? pick(SOURCES) : null,
                createdAt: at,
              })
              .onConflict((oc) => oc.columns(['campaignId', 'visitorId', 'day']).doNothing())
              .execute();
          } else if (kind < 0.72 && scheduled.length > 0) {
            // A scheduled share, rolled up or not, is posted (a new row) or retired in place.
            const p = scheduled.splice(Math.floor(rand() * scheduled.length), 1)[0];
            if (rand() < 0.5) await post(p, at, source());
            else {
              const status = pick(UNPOSTED);
              await db.updateTable('shares').set({ status }).where('id', '=', p.id).execute();
              if (status === 'reminded') scheduled.push(p);
            }
          } else {
            const s = pick(shareIds);
            await db
              .insertInto('clicks')
              .values({
                shareId: s.id,
                campaignId: s.campaignId,
                organizationId: orgId,
                sharerId: s.supporterId,
                visitorId: pick(supporters),
                networkHash: 'n',
                createdAt: at,
              })
              .execute();
          }
        }
        await rollSome();
        await check();
      }
      // Everything rolled up: the tail is empty and the answer is unchanged.
      while (await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 50 })));
      await check();
      // Rolling again adds nothing (the marks make the job idempotent).
      await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 50 }));
      await check();
    },
    120_000,
  );

  it.each(['shares', 'visits'] as const)(
    'stops before a fresh gap in the %s ids (an insert possibly still in flight), passes an old one',
    async (table) => {
      const db = t.database.db;
      const orgId = await seedOrganization(db);
      const { campaignId, assetIds } = await seedCampaign(db, {
        organizationId: orgId,
        assets: [{ title: 'A', type: 'text', content: 'a' }],
      });
      while (await db.transaction().execute((trx) => rollUpBatch(trx)));
      const mark = async () =>
        (
          await db
            .selectFrom('rollupState')
            .select('lastId')
            .where('name', '=', table)
            .executeTakeFirstOrThrow()
        ).lastId;
      const before = await mark();
      const row = (createdAt: string) =>
        table === 'shares'
          ? shareRow({ assetId: assetIds[0], campaignId, organizationId: orgId, source: 'qr', createdAt })
          : {
              campaignId,
              organizationId: orgId,
              visitorId: 'v',
              day: createdAt.slice(0, 10),
              source: 'qr',
              createdAt,
            };
      await db
        .insertInto(table)
        .values({ id: before + 2, ...row(new Date().toISOString()) } as never)
        .execute();
      await db.transaction().execute((trx) => rollUpBatch(trx));
      expect(await mark()).toBe(before);
      await db
        .updateTable(table)
        .set({ createdAt: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', before + 2)
        .execute();
      await db.transaction().execute((trx) => rollUpBatch(trx));
      expect(await mark()).toBe(before + 2);
      const rolled = await db
        .selectFrom('rollupSourceDays')
        .select(['source', 'visits', 'shares'])
        .where('campaignId', '=', campaignId)
        .execute();
      expect(rolled).toEqual([
        { source: 'qr', ...(table === 'shares' ? { visits: 0, shares: 1 } : { visits: 1, shares: 0 }) },
      ]);
    },
  );
});

describe('stats while the rollups are behind', () => {
  // A database of its own: other tests leave id gaps the job rightly waits before.
  const own = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
  it('read at most the live-tail limit past the marks and say since when events are pending', async () => {
    const db = own.database.db;
    const orgId = await seedOrganization(db);
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: orgId,
      assets: [{ title: 'Backlog', type: 'text', content: 'Share me' }],
    });
    // Catch up first, so the marks sit right before this test's rows.
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 500 })));
    const start = Date.now() - 60 * 60_000;
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    for (let i = 0; i < 10; i++) {
      await db
        .insertInto('shares')
        .values(
          shareRow({
            assetId: assetIds[0],
            campaignId,
            organizationId: orgId,
            supporterId: `s${i}`,
            createdAt: at(i),
          }),
        )
        .execute();
    }
    const read = { db, dialect: own.database.dialect, tailLimit: 4 };
    const behind = await organizationStats({ ...read, orgId });
    expect(behind.totalShares).toBe(4);
    expect(behind.uniqueSupporters).toBe(4);
    // The first share not read is the fifth.
    expect(behind.pendingSince).toBe(at(4));
    const campaign = await campaignStats({ ...read, campaignId });
    expect(campaign.totalShares).toBe(4);
    expect(campaign.daily.reduce((n, d) => n + d.shares, 0)).toBe(4);
    expect(campaign.pendingSince).toBe(at(4));
    // Analytics of a range read the same bounded tail and say the same.
    const query = { from: at(-60).slice(0, 10), to: at(60).slice(0, 10), tz: 'UTC' };
    const ranged = { ...read, query, key: own.app.visitorCookieKey };
    const orgRange = await organizationAnalytics({ ...ranged, orgId });
    expect(orgRange.totals.shares).toBe(4);
    expect(orgRange.pendingSince).toBe(at(4));
    const campaignRange = await campaignAnalytics({ ...ranged, campaignId });
    expect(campaignRange.totals.shares).toBe(4);
    expect(campaignRange.daily.reduce((n, d) => n + d.shares, 0)).toBe(4);
    expect(campaignRange.pendingSince).toBe(at(4));

    // The job catches up in batches; the figures then are whole and nothing is pending.
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 3 })));
    const caughtUp = await organizationStats({ ...read, orgId });
    expect(caughtUp.totalShares).toBe(10);
    expect(caughtUp.uniqueSupporters).toBe(10);
    expect(caughtUp.pendingSince).toBeNull();
    const rangeCaughtUp = await campaignAnalytics({ ...ranged, campaignId });
    expect(rangeCaughtUp.totals.shares).toBe(10);
    expect(rangeCaughtUp.pendingSince).toBeNull();
  });

  it('derive every figure of an answer from one read of the tail: totals, breakdowns, the chart, supporters', async () => {
    const db = own.database.db;
    const orgId = await seedOrganization(db);
    const { campaignId, assetIds } = await seedCampaign(db, {
      organizationId: orgId,
      assets: [{ title: 'Tail', type: 'text', content: 'Share me' }],
    });
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();
    const share = async (supporterId: string, days: number, status = 'shared', platform = 'twitter') => {
      const row = shareRow({
        assetId: assetIds[0],
        campaignId,
        organizationId: orgId,
        supporterId,
        status,
        platform,
      });
      return (
        await db
          .insertInto('shares')
          .values({ ...row, createdAt: ago(days) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const click = (shareId: number, days: number) =>
      db
        .insertInto('clicks')
        .values({
          shareId,
          campaignId,
          organizationId: orgId,
          sharerId: null,
          visitorId: `v${shareId}-${days}`,
          networkHash: 'n',
          createdAt: ago(days),
        })
        .execute();
    // Rolled up: a (long ago, not active) and b (active).
    await share('a', 40);
    await share('b', 2);
    while (await db.transaction().execute((trx) => rollUpBatch(trx, { batch: 500 })));
    // The tail: a again today (active again, not a new supporter), b again (active
    // already), c long ago (a new supporter, not active, before the chart), an opened
    // window and a prepared post today, and two clicks: one in the chart, one before it.
    const today = await share('a', 0);
    await share('b', 1);
    const old = await share('c', 45, 'shared', 'facebook');
    await share('d', 0, 'opened');
    await share('e', 0, 'prepared', 'linkedin');
    await click(today, 0);
    await click(old, 44);
    const read = { db, dialect: own.database.dialect, now };
    const figures = {
      totalShares: 5,
      openedIntents: 1,
      preparedPosts: 1,
      uniqueSupporters: 3,
      activeSupporters: 2,
      clickThroughs: 2,
      engagementRate: 40,
      platformBreakdown: { twitter: 4, facebook: 1 },
      openedBreakdown: { twitter: 1 },
      preparedBreakdown: { linkedin: 1 },
      lastUpdated: ago(0),
      pendingSince: null,
    };
    expect(await organizationStats({ ...read, orgId })).toMatchObject(figures);
    const campaign = await campaignStats({ ...read, campaignId });
    expect(campaign).toMatchObject(figures);
    const day = (days: number) => campaign.daily.find((d) => d.date === ago(days).slice(0, 10));
    expect(day(0)).toMatchObject({ shares: 1, clicks: 1, openedIntents: 1, preparedPosts: 1 });
    expect(day(1)).toMatchObject({ shares: 1, clicks: 0 });
    expect(day(2)).toMatchObject({ shares: 1, clicks: 0 });
    // The chart holds the last 30 days only; the older tail counts in the totals above.
    expect(campaign.daily.reduce((n, d) => n + d.shares + d.clicks, 0)).toBe(4);
  });
});
