import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOP_EVENTS } from '#shared/schemas/analytics.ts';
import { rollUpBatch } from './rollups.ts';
import { bearer, createTestApp, json, signUp, type TestApp } from '../../test/test-app.ts';
import { seedCampaign } from '../../test/seed-db.ts';
import { referredVisitor, supporterCookie } from '../../test/visitor.ts';
import { shareRow } from '../../test/db-rows.ts';

let t: TestApp;
let token: string;
let orgId: number;
let campaignId: number;
let assetIds: number[];
let other: { token: string; campaignId: number };

beforeAll(async () => {
  t = await createTestApp({ ROLLUP_INTERVAL_MS: '0' });
  ({ token, orgId } = await signUp(t.app));
  ({ campaignId, assetIds } = await seedCampaign(t.database.db, {
    organizationId: orgId,
    name: 'Rivers',
    assets: [
      { title: 'Poster', type: 'text', content: 'a' },
      { title: 'Video', type: 'text', content: 'b' },
    ],
  }));
  const o = await signUp(t.app);
  const oc = await seedCampaign(t.database.db, {
    organizationId: o.orgId,
    assets: [{ title: 'X', type: 'text', content: 'x' }],
  });
  other = { token: o.token, campaignId: oc.campaignId };
});
afterAll(() => t.close());

const get = (url: string, tok = token) => t.app.inject({ url, headers: bearer(tok) });

async function insertShare(
  at: string,
  opts: {
    asset?: number;
    platform?: string;
    supporter?: string;
    depth?: number;
    parent?: number;
    status?: 'shared' | 'opened' | 'prepared';
  } = {},
) {
  const row = await t.database.db
    .insertInto('shares')
    .values({
      assetId: opts.asset ?? assetIds[0],
      platform: opts.platform ?? 'twitter',
      campaignId,
      organizationId: orgId,
      scheduledFor: null,
      status: opts.status ?? 'shared',
      ref: null,
      supporterId: opts.supporter ?? 'SupporterAAAAAAAAAAAAAAA',
      parentShareId: opts.parent ?? null,
      depth: opts.depth ?? 0,
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function insertClick(shareId: number, at: string, sharer = 'SupporterAAAAAAAAAAAAAAA') {
  await t.database.db
    .insertInto('clicks')
    .values({
      shareId,
      campaignId,
      organizationId: orgId,
      sharerId: sharer,
      visitorId: 'v',
      networkHash: 'n',
      createdAt: at,
    })
    .execute();
}

describe('analytics', () => {
  it('answers 400 for bad ranges, dates and zones; 404 for another organisation', async () => {
    const base = `/api/campaigns/${campaignId}/analytics`;
    for (const q of [
      'from=2024-01-01&to=2025-01-02', // 368 days
      'from=2024-03-02&to=2024-03-01',
      'from=2024-02-30&to=2024-03-01',
      'from=2026-13-01',
      'to=2026-00-10',
      'from=2026-01-32',
      'from=2026-02-29', // not a leap year
      'from=yesterday',
      'tz=Mars/Olympus',
      'tz=',
    ]) {
      const res = await get(`${base}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).message).toBeTruthy();
    }
    expect((await get(`${base}?from=2024-01-01&to=2024-12-31`)).statusCode).toBe(200); // 366 days
    expect((await get(`${base}?from=2024-02-29&to=2024-03-01`)).statusCode).toBe(200); // a leap day
    expect(json(await get('/api/organization/analytics?from=2026-13-01')).message).toContain(
      'from must be a real calendar date',
    );
    expect(json(await get(`${base}?from=2024-03-02&to=2024-03-01`)).message).toBe(
      'The end date must be on or after the start date',
    );
    expect((await get(`/api/campaigns/${other.campaignId}/analytics`)).statusCode).toBe(404);
  });

  it('defaults to the last 30 days in UTC, zeros included', async () => {
    const res = await get(`/api/campaigns/${campaignId}/analytics`);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.range.tz).toBe('UTC');
    expect(body.daily).toHaveLength(30);
    expect(body.range.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('buckets days in the given zone, breaks down by platform, asset, depth and supporter, exactly with or without rollups', async () => {
    // 2024-03-10 02:30Z is March 9 in New York (UTC-5); 2024-03-10 12:00Z is March 10 (UTC-4 by then).
    const a = await insertShare('2024-03-10T02:30:00.000Z', { platform: 'facebook' });
    const b = await insertShare('2024-03-10T12:00:00.000Z', {
      asset: assetIds[1],
      supporter: 'SupporterBBBBBBBBBBBBBBB',
      depth: 1,
      parent: a,
    });
    await insertShare('2024-03-11T04:59:00.000Z', {
      supporter: 'SupporterBBBBBBBBBBBBBBB',
      depth: 2,
      parent: b,
    });
    await insertShare('2024-03-12T05:00:00.000Z'); // March 12 in New York: outside the range below
    // A window opened and a text copied: apart from the shares, per day, and their
    // supporter is no supporter who shared.
    await insertShare('2024-03-10T12:30:00.000Z', {
      platform: 'whatsapp',
      status: 'opened',
      supporter: 'SupporterCCCCCCCCCCCCCCC',
    });
    await insertShare('2024-03-11T03:00:00.000Z', { platform: 'copy', status: 'prepared' }); // 23:00 EDT on March 10
    await insertShare('2024-03-12T06:00:00.000Z', { status: 'opened' }); // outside
    await insertClick(a, '2024-03-10T03:00:00.000Z');
    await insertClick(b, '2024-03-10T13:00:00.000Z', 'SupporterBBBBBBBBBBBBBBB');
    // Unconfirmed click-throughs, per UTC hour: the range is 2024-03-09T05Z to 2024-03-12T04Z.
    await t.database.db
      .insertInto('unconfirmedClicks')
      .values(
        [
          ['2024-03-09T04', 5], // 23:00 on March 8 in New York: outside
          ['2024-03-09T05', 3],
          ['2024-03-12T03', 2], // 23:00 EDT on March 11
          ['2024-03-12T04', 7], // March 12: outside
        ].map(([hour, count]) => ({
          campaignId,
          organizationId: orgId,
          hour: hour as string,
          count: count as number,
        })),
      )
      .execute();

    const url = `/api/campaigns/${campaignId}/analytics?from=2024-03-09&to=2024-03-11&tz=America/New_York`;
    const before = json(await get(url));
    // Half the events rolled up, then all: same answer.
    await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { batch: 2 }));
    const partial = json(await get(url));
    while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { batch: 2 })));
    const after = json(await get(url));
    expect(partial).toEqual(before);
    expect(after).toEqual(before);

    expect(before.range).toEqual({ from: '2024-03-09', to: '2024-03-11', tz: 'America/New_York' });
    const none = { openedIntents: 0, preparedPosts: 0 };
    expect(before.daily).toEqual([
      { date: '2024-03-09', shares: 1, clicks: 1, ...none },
      { date: '2024-03-10', shares: 1, clicks: 1, openedIntents: 1, preparedPosts: 1 },
      // Daylight saving time began on March 10: 04:59Z is 00:59 EDT on March 11.
      { date: '2024-03-11', shares: 1, clicks: 0, ...none },
    ]);
    // Engagement is confirmed clicks / shares: the unconfirmed ones are a figure of their own.
    expect(before.totals).toEqual({
      shares: 3,
      clicks: 2,
      unconfirmedClicks: 5,
      uniqueSupporters: 2,
      engagementRate: 66.7,
      openedIntents: 1,
      preparedPosts: 1,
    });
    // The breakdowns: the opened window and the copied text in their own columns, on
    // rows of their own (no share on WhatsApp or by copy).
    expect(before.platforms).toEqual([
      { platform: 'twitter', shares: 2, clicks: 1, ...none },
      { platform: 'facebook', shares: 1, clicks: 1, ...none },
      { platform: 'copy', shares: 0, clicks: 0, openedIntents: 0, preparedPosts: 1 },
      { platform: 'whatsapp', shares: 0, clicks: 0, openedIntents: 1, preparedPosts: 0 },
    ]);
    expect(before.assets).toEqual([
      { assetId: assetIds[0], title: 'Poster', shares: 2, clicks: 1, openedIntents: 1, preparedPosts: 1 },
      { assetId: assetIds[1], title: 'Video', shares: 1, clicks: 1, ...none },
    ]);
    expect(before.referrals).toEqual({
      maxDepth: 2,
      generations: [
        { depth: 0, shares: 1 },
        { depth: 1, shares: 1 },
        { depth: 2, shares: 1 },
      ],
      viralCoefficient: 2,
    });
    expect(before.topSupporters).toHaveLength(2);
    expect(before.topSupporters[0]).toMatchObject({ shares: 2, clicks: 1 });
    expect(before.topSupporters[0].label).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,2}$/);
    expect(JSON.stringify(before)).not.toMatch(/Supporter[AB]{5}/);
    // The same supporter keeps the same label.
    expect(json(await get(url)).topSupporters[0].label).toBe(before.topSupporters[0].label);
    // A supporter who gave their name with consent is labelled by it instead.
    await t.database.db
      .updateTable('shares')
      .set({ supporterName: 'Ada Lovelace' })
      .where('supporterId', '=', 'SupporterBBBBBBBBBBBBBBB')
      .execute();
    const named = json(await get(url)).topSupporters.map((s: { label: string }) => s.label);
    expect(named).toContain('Ada Lovelace');
    const others = named.filter((l: string) => l !== 'Ada Lovelace');
    expect(others).toHaveLength(1);
    expect(before.topSupporters.map((s: { label: string }) => s.label)).toContain(others[0]);

    // In UTC the same events fall on other days.
    const utc = json(await get(`/api/campaigns/${campaignId}/analytics?from=2024-03-09&to=2024-03-11`));
    expect(utc.daily.map((d: { shares: number }) => d.shares)).toEqual([0, 2, 1]);
    expect(
      utc.daily.map((d: { openedIntents: number; preparedPosts: number }) => [
        d.openedIntents,
        d.preparedPosts,
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);

    const org = json(
      await get('/api/organization/analytics?from=2024-03-09&to=2024-03-11&tz=America/New_York'),
    );
    expect(org.totals).toEqual(before.totals);
    expect(org.daily).toEqual(before.daily);
    expect(org.campaigns).toEqual([
      { campaignId, name: 'Rivers', shares: 3, clicks: 2, openedIntents: 1, preparedPosts: 1 },
    ]);
    expect(org.platforms).toEqual(before.platforms);
  });

  it('puts each share, opened window and prepared post in its own column of every breakdown, from the rollups and the live tail, for its own organisation only', async () => {
    // Two organisations with the same kinds of events on the same days.
    const orgs = await Promise.all(
      ['Mine', 'Theirs'].map(async (name) => {
        const o = await signUp(t.app);
        const one = await seedCampaign(t.database.db, {
          organizationId: o.orgId,
          name: `${name} one`,
          assets: [{ title: `${name} banner`, type: 'text', content: 'a' }],
        });
        const two = await seedCampaign(t.database.db, {
          organizationId: o.orgId,
          name: `${name} two`,
          assets: [{ title: `${name} letter`, type: 'text', content: 'b' }],
        });
        return { ...o, one, two };
      }),
    );
    const log = async (
      o: (typeof orgs)[number],
      c: 'one' | 'two',
      platform: string,
      status: 'shared' | 'opened' | 'prepared',
      at: string,
    ) => {
      const row = await t.database.db
        .insertInto('shares')
        .values(
          shareRow({
            campaignId: o[c].campaignId,
            organizationId: o.orgId,
            assetId: o[c].assetIds[0],
            platform,
            status,
            supporterId: `Sup${status}`,
            createdAt: at,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const events = async (o: (typeof orgs)[number], day: string) => {
      const shared = await log(o, 'one', 'facebook', 'shared', `${day}T09:00:00.000Z`);
      await log(o, 'one', 'twitter', 'opened', `${day}T10:00:00.000Z`);
      await log(o, 'two', 'instagram', 'prepared', `${day}T11:00:00.000Z`);
      await t.database.db
        .insertInto('clicks')
        .values({
          shareId: shared,
          campaignId: o.one.campaignId,
          organizationId: o.orgId,
          sharerId: 'Supshared',
          visitorId: 'v',
          networkHash: 'n',
          createdAt: `${day}T12:00:00.000Z`,
        })
        .execute();
    };
    // The first day's events rolled up; the second day's in the live tail.
    for (const o of orgs) await events(o, '2024-05-01');
    while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx)));
    for (const o of orgs) await events(o, '2024-05-02');

    const [mine] = orgs;
    const range = 'from=2024-05-01&to=2024-05-02';
    const read = async () => ({
      org: json(await get(`/api/organization/analytics?${range}`, mine.token)),
      one: json(await get(`/api/campaigns/${mine.one.campaignId}/analytics?${range}`, mine.token)),
    });
    const tailRead = await read();
    while (await t.database.db.transaction().execute((trx) => rollUpBatch(trx)));
    const rolledUp = await read();
    expect(rolledUp).toEqual(tailRead);

    const { org, one } = tailRead;
    const shared = { shares: 2, clicks: 2, openedIntents: 0, preparedPosts: 0 };
    const opened = { shares: 0, clicks: 0, openedIntents: 2, preparedPosts: 0 };
    const prepared = { shares: 0, clicks: 0, openedIntents: 0, preparedPosts: 2 };
    const both = { shares: 2, clicks: 2, openedIntents: 2, preparedPosts: 0 };
    expect(org.totals).toMatchObject({ shares: 2, clicks: 2, openedIntents: 2, preparedPosts: 2 });
    expect(org.platforms).toEqual([
      { platform: 'facebook', ...shared },
      { platform: 'instagram', ...prepared },
      { platform: 'twitter', ...opened },
    ]);
    expect(org.assets).toEqual([
      { assetId: mine.one.assetIds[0], title: 'Mine banner', ...both },
      { assetId: mine.two.assetIds[0], title: 'Mine letter', ...prepared },
    ]);
    expect(org.campaigns).toEqual([
      { campaignId: mine.one.campaignId, name: 'Mine one', ...both },
      { campaignId: mine.two.campaignId, name: 'Mine two', ...prepared },
    ]);
    // Each figure's column sums to its total.
    for (const figure of ['shares', 'clicks', 'openedIntents', 'preparedPosts'] as const)
      for (const rows of [org.platforms, org.assets, org.campaigns])
        expect(rows.reduce((n: number, r: Record<string, number>) => n + r[figure], 0)).toBe(
          org.totals[figure],
        );
    // The campaign's own view: its share and opened window; the other campaign's prepared post is not in it.
    expect(one.platforms).toEqual([
      { platform: 'facebook', ...shared },
      { platform: 'twitter', ...opened },
    ]);
    expect(one.assets).toEqual([{ assetId: mine.one.assetIds[0], title: 'Mine banner', ...both }]);
    expect(one.totals).toMatchObject({ openedIntents: 2, preparedPosts: 0 });
    // The other organisation's events are nowhere in these answers.
    expect(JSON.stringify(tailRead)).not.toContain('Theirs');
    expect(
      (await get(`/api/campaigns/${orgs[1].one.campaignId}/analytics?${range}`, mine.token)).statusCode,
    ).toBe(404);
  });

  it('stores referral parents from parentRef; a generation needs a visitor who came through the parent link; an unknown or foreign parentRef is ignored', async () => {
    const post = (payload: object, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shares',
        headers: cookie ? { cookie } : {},
        payload: { campaignId, assetId: assetIds[0], organizationId: orgId, platform: 'twitter', ...payload },
      });
    const cameThrough = (ref: string) => referredVisitor(t.app, { campaignId, ref }, '198.51.100.77');
    const depthOf = async (ref: string) =>
      t.database.db
        .selectFrom('shares')
        .select(['depth', 'parentShareId'])
        .where('ref', '=', ref)
        .executeTakeFirstOrThrow();
    expect((await post({ ref: 'parentRoot0001' })).statusCode).toBe(201);
    const child = await cameThrough('parentRoot0001');
    expect((await post({ ref: 'parentChild001', parentRef: 'parentRoot0001' }, child)).statusCode).toBe(201);
    const grandchild = await cameThrough('parentChild001');
    expect((await post({ ref: 'parentGrand001', parentRef: 'parentChild001' }, grandchild)).statusCode).toBe(
      201,
    );
    // Naming a parent without having come through its link keeps the parent, not a generation.
    expect((await post({ ref: 'parentNamed001', parentRef: 'parentGrand001' })).statusCode).toBe(201);
    expect((await post({ ref: 'parentUnknown1', parentRef: 'NoSuchParent01' })).statusCode).toBe(201);
    expect((await post({ ref: 'parentJunk0001', parentRef: '<script>' })).statusCode).toBe(201);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/shares/schedule',
      headers: { cookie: grandchild },
      payload: {
        campaignId,
        assetId: assetIds[0],
        organizationId: orgId,
        platform: 'all',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
        ref: 'parentSched001',
        parentRef: 'parentChild001',
      },
    });
    expect(foreign.statusCode).toBe(201);
    expect(await depthOf('parentRoot0001')).toEqual({ depth: 0, parentShareId: null });
    expect((await depthOf('parentChild001')).depth).toBe(1);
    expect((await depthOf('parentGrand001')).depth).toBe(2);
    expect((await depthOf('parentNamed001')).depth).toBe(2);
    expect(await depthOf('parentUnknown1')).toEqual({ depth: 0, parentShareId: null });
    expect((await depthOf('parentJunk0001')).depth).toBe(0);
    expect((await depthOf('parentSched001')).depth).toBe(2);
    // Another campaign's share as parent: ignored.
    const oc = await seedCampaign(t.database.db, {
      organizationId: orgId,
      assets: [{ title: 'Y', type: 'text', content: 'y' }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shares',
      payload: {
        campaignId: oc.campaignId,
        assetId: oc.assetIds[0],
        organizationId: orgId,
        platform: 'twitter',
        ref: 'parentOther001',
        parentRef: 'parentRoot0001',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await depthOf('parentOther001')).toEqual({ depth: 0, parentShareId: null });
  });

  it('stacks no generations for one visitor naming their own shares as parents (issue: depth 12 from one cookie)', async () => {
    const o = await signUp(t.app);
    const c = await seedCampaign(t.database.db, {
      organizationId: o.orgId,
      assets: [{ title: 'Chain', type: 'text', content: 'c' }],
    });
    const post = (payload: object, cookie?: string, url = '/api/shares') =>
      t.app.inject({
        method: 'POST',
        url,
        payload: {
          campaignId: c.campaignId,
          assetId: c.assetIds[0],
          organizationId: o.orgId,
          platform: 'twitter',
          ...payload,
        },
        headers: cookie ? { cookie: `rally_sid=${cookie}` } : {},
      });
    const first = await post({ ref: 'selfChain000' });
    expect(first.statusCode).toBe(201);
    const cookie = supporterCookie(first.headers) as string;
    // The attack: the same cookie posts 12 more shares, each naming the previous one.
    for (let i = 1; i <= 12; i++) {
      const res = await post(
        {
          ref: `selfChain${String(i).padStart(3, '0')}`,
          parentRef: `selfChain${String(i - 1).padStart(3, '0')}`,
        },
        cookie,
      );
      expect(res.statusCode).toBe(201);
    }
    // Scheduling names the parent too: same rule.
    const scheduled = await post(
      {
        platform: 'all',
        scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
        ref: 'selfChainSch',
        parentRef: 'selfChain012',
      },
      cookie,
      '/api/shares/schedule',
    );
    expect(scheduled.statusCode).toBe(201);
    const rows = await t.database.db
      .selectFrom('shares')
      .select(['ref', 'depth', 'parentShareId'])
      .where('campaignId', '=', c.campaignId)
      .execute();
    expect(rows).toHaveLength(14);
    expect(rows.every((r) => r.depth === 0)).toBe(true);
    // The parent link is kept (the export shows it); only the generation does not grow.
    expect(rows.filter((r) => r.parentShareId !== null)).toHaveLength(13);
    // Someone else who came through the last link is the next generation.
    const friendCookie = await referredVisitor(
      t.app,
      { campaignId: c.campaignId, ref: 'selfChain012' },
      '198.51.100.78',
    );
    const friend = await post(
      { ref: 'selfChainFrd', parentRef: 'selfChain012' },
      friendCookie.slice('rally_sid='.length),
    );
    expect(friend.statusCode).toBe(201);
    const { referrals } = json(await get(`/api/campaigns/${c.campaignId}/analytics`, o.token));
    expect(referrals).toEqual({
      maxDepth: 1,
      generations: [
        { depth: 0, shares: 13 },
        { depth: 1, shares: 1 },
      ],
      viralCoefficient: 0.08,
    });
  });

  it('says whether the top supporters are exactly the most active: up to EXACT_TOP_EVENTS events', async () => {
    const o = await signUp(t.app);
    const c = await seedCampaign(t.database.db, {
      organizationId: o.orgId,
      assets: [{ title: 'Z', type: 'text', content: 'z' }],
    });
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const add = async (n: number) => {
      for (let i = 0; i < n; i += 1000)
        await t.database.db
          .insertInto('shares')
          .values(
            Array.from({ length: Math.min(1000, n - i) }, (_, k) =>
              shareRow({
                campaignId: c.campaignId,
                organizationId: o.orgId,
                assetId: c.assetIds[0],
                supporterId: `Busy${(i + k) % 7}`,
                createdAt: at,
              }),
            ),
          )
          .execute();
    };
    const read = async () =>
      [
        json(await get(`/api/campaigns/${c.campaignId}/analytics`, o.token)),
        json(await get('/api/organization/analytics', o.token)),
      ] as { totals: { shares: number }; topSupportersExact: boolean; topSupporters: unknown[] }[];
    await add(EXACT_TOP_EVENTS);
    for (const body of await read()) {
      expect(body.totals.shares).toBe(EXACT_TOP_EVENTS);
      expect(body.topSupportersExact).toBe(true);
    }
    await add(1);
    // Half rolled up, half tail: the rule is about the range's events, wherever they are read from.
    await t.database.db
      .transaction()
      .execute((trx) => rollUpBatch(trx, { batch: 2500, now: Date.now() + 60_000 }));
    for (const body of await read()) {
      expect(body.totals.shares).toBe(EXACT_TOP_EVENTS + 1);
      expect(body.topSupportersExact).toBe(false);
      expect(body.topSupporters).toHaveLength(7);
    }
  });
});
