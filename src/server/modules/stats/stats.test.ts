import { beforeAll, describe, expect, it } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { postJson, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { rollUpBatch } from './rollups.ts';
import { engagementRate } from './stats.service.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const { t, a, b, get } = twoOrganizationsPerFile();

/** A share row; a pending one is scheduled for tomorrow. */
async function insertShare(row: Parameters<typeof shareRow>[0]): Promise<number> {
  const scheduledFor = row.status === 'pending' ? ago(-DAY_MS) : null;
  const inserted = await t.database.db
    .insertInto('shares')
    .values(shareRow({ scheduledFor, ...row }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A click on a share by a visitor of its own. */
async function insertClick(row: {
  shareId: number;
  campaignId: number;
  organizationId: number;
  createdAt: string;
}) {
  await t.database.db
    .insertInto('clicks')
    .values({ ...row, sharerId: null, visitorId: `visitor-${Math.random()}` })
    .execute();
}

const EMPTY = {
  totalShares: 0,
  openedIntents: 0,
  preparedPosts: 0,
  uniqueSupporters: 0,
  activeSupporters: 0,
  engagementRate: 0,
  clickThroughs: 0,
  platformBreakdown: {},
  openedBreakdown: {},
  preparedBreakdown: {},
  lastUpdated: null,
  pendingSince: null,
};

describe('engagementRate', () => {
  it('is clicks per share in percent, one decimal, 0 without shares', () => {
    expect(engagementRate(0, 0)).toBe(0);
    expect(engagementRate(5, 0)).toBe(0);
    expect(engagementRate(1, 3)).toBe(33.3);
    expect(engagementRate(2, 3)).toBe(66.7);
    expect(engagementRate(1, 8)).toBe(12.5);
    expect(engagementRate(1, 7)).toBe(14.3);
    expect(engagementRate(5, 2)).toBe(250);
    expect(engagementRate(0, 4)).toBe(0);
  });
});

describe('stats with no data', () => {
  it('returns every field with zeros, for a campaign and for the organisation', async () => {
    const fresh = await signUp(t.app);
    const c = await createCampaign(t.app, fresh.token);
    await createAsset(t.app, fresh.token, c.id);
    const cs = await get(`/api/campaigns/${c.id}/stats`, fresh.token);
    expect(cs.statusCode).toBe(200);
    const { daily, ...rest } = cs.json();
    expect(rest).toEqual(EMPTY);
    expect(daily).toHaveLength(30);
    expect(daily.every((d: { shares: number; clicks: number }) => d.shares === 0 && d.clicks === 0)).toBe(
      true,
    );
    expect(daily.at(-1).date).toBe(new Date().toISOString().slice(0, 10));

    const os = await get('/api/organization/stats', fresh.token);
    expect(os.statusCode).toBe(200);
    expect(os.json()).toEqual({ ...EMPTY, activeCampaigns: 1 });
  });
});

describe('stats definitions (API.md "Stats")', () => {
  let c1: any;
  let c2: any;
  let lastClick: string;
  let s1At: string;

  beforeAll(async () => {
    c1 = await createCampaign(t.app, a.token, { name: 'Campaign one' });
    c2 = await createCampaign(t.app, a.token, { name: 'Campaign two' });
    await createCampaign(t.app, a.token, { name: 'Draft campaign', status: 'draft' });
    const x = await createAsset(t.app, a.token, c1.id);
    const y = await createAsset(t.app, a.token, c2.id);
    const theirs = await createCampaign(t.app, b.token);
    const theirAsset = await createAsset(t.app, b.token, theirs.id);
    const one = { campaignId: c1.id, assetId: x.id, organizationId: a.orgId };

    s1At = ago(DAY_MS);
    const s1 = await insertShare({ ...one, platform: 'twitter', supporterId: 'sup-1', createdAt: s1At });
    await insertShare({ ...one, platform: 'facebook', supporterId: 'sup-1', createdAt: ago(2 * DAY_MS) });
    // 40 days old: counts as a share and a supporter, but not as an active one.
    await insertShare({ ...one, platform: 'twitter', supporterId: 'sup-2', createdAt: ago(40 * DAY_MS) });
    // Scheduled, not shared yet: counts for nothing.
    await insertShare({
      ...one,
      platform: 'linkedin',
      status: 'pending',
      supporterId: 'sup-3',
      createdAt: ago(HOUR_MS),
    });
    // A share window opened and a post prepared by hand: counted apart, not as shares,
    // and their supporters are not supporters who shared.
    for (const [platform, status, hours] of [
      ['twitter', 'opened', 5],
      ['instagram', 'prepared', 6],
    ] as const)
      await insertShare({
        ...one,
        platform,
        status,
        supporterId: `sup-${status}`,
        createdAt: ago(hours * HOUR_MS),
      });
    await insertShare({
      campaignId: c2.id,
      assetId: y.id,
      organizationId: a.orgId,
      platform: 'linkedin',
      supporterId: 'sup-1',
      createdAt: ago(3 * DAY_MS),
    });
    // Another organisation's activity never leaks in.
    const other = await insertShare({
      campaignId: theirs.id,
      assetId: theirAsset.id,
      organizationId: b.orgId,
      platform: 'whatsapp',
      supporterId: 'sup-9',
      createdAt: ago(60_000),
    });
    await insertClick({
      shareId: other,
      campaignId: theirs.id,
      organizationId: b.orgId,
      createdAt: ago(1000),
    });

    lastClick = ago(2 * HOUR_MS);
    await insertClick({ shareId: s1, campaignId: c1.id, organizationId: a.orgId, createdAt: lastClick });
  });

  it('computes campaign stats', async () => {
    const res = await get(`/api/campaigns/${c1.id}/stats`, a.token);
    expect(res.statusCode).toBe(200);
    const { daily, ...stats } = res.json();
    expect(stats).toEqual({
      totalShares: 3,
      openedIntents: 1,
      preparedPosts: 1,
      uniqueSupporters: 2,
      activeSupporters: 1,
      engagementRate: 33.3,
      clickThroughs: 1,
      platformBreakdown: { twitter: 2, facebook: 1 },
      openedBreakdown: { twitter: 1 },
      preparedBreakdown: { instagram: 1 },
      lastUpdated: lastClick,
      pendingSince: null,
    });
    expect(daily).toHaveLength(30);
    const sum = (k: 'shares' | 'clicks') => daily.reduce((n: number, d: any) => n + d[k], 0);
    expect(sum('shares')).toBe(2); // the 40-day-old share is outside the chart
    expect(sum('clicks')).toBe(1);
    expect(daily.find((d: any) => d.date === s1At.slice(0, 10)).shares).toBeGreaterThanOrEqual(1);
    expect(daily.find((d: any) => d.date === lastClick.slice(0, 10)).clicks).toBe(1);
    const dates = daily.map((d: any) => d.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('uses the latest share when there is no later click', async () => {
    const res = await get(`/api/campaigns/${c2.id}/stats`, a.token);
    expect(res.json()).toMatchObject({
      totalShares: 1,
      uniqueSupporters: 1,
      activeSupporters: 1,
      engagementRate: 0,
      clickThroughs: 0,
      platformBreakdown: { linkedin: 1 },
    });
    expect(Date.parse(res.json().lastUpdated)).toBeGreaterThan(Date.now() - 3 * DAY_MS - 60_000);
  });

  it('computes organisation stats across campaigns, with activeCampaigns', async () => {
    const res = await get(`/api/organization/stats?id=${a.orgId}`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalShares: 4,
      openedIntents: 1,
      preparedPosts: 1,
      uniqueSupporters: 2,
      activeSupporters: 1,
      engagementRate: 25,
      clickThroughs: 1,
      platformBreakdown: { twitter: 2, facebook: 1, linkedin: 1 },
      openedBreakdown: { twitter: 1 },
      preparedBreakdown: { instagram: 1 },
      lastUpdated: lastClick,
      pendingSince: null,
      activeCampaigns: 2,
    });
    expect((await get('/api/organization/stats', a.token)).json()).toEqual(res.json());
  });

  it("refuses another organisation's stats: 403 for ?id=, 404 for a campaign", async () => {
    expect((await get(`/api/organization/stats?id=${b.orgId}`, a.token)).statusCode).toBe(403);
    const theirs = await createCampaign(t.app, b.token);
    expect((await get(`/api/campaigns/${theirs.id}/stats`, a.token)).statusCode).toBe(404);
    expect((await get('/api/organization/stats', 'bad-token')).statusCode).toBe(401);
  });
});

describe('what a logged share says happened (POST /api/shares `status`)', () => {
  it('counts shares, opened windows and prepared posts apart, live and rolled up alike', async () => {
    const c = await createCampaign(t.app, a.token, { name: 'Outcomes' });
    const asset = await createAsset(t.app, a.token, c.id);
    const ids = { assetId: asset.id, campaignId: c.id, organizationId: a.orgId };
    const log = (body: Record<string, unknown>) => postJson(t.app, '/api/shares', { ...ids, ...body });
    const logged = [
      await log({ platform: 'instagram_story', status: 'shared' }),
      await log({ platform: 'twitter', status: 'opened' }),
      await log({ platform: 'email', status: 'opened' }),
      await log({ platform: 'instagram', status: 'prepared' }),
      // A caller that does not say claims a share.
      await log({ platform: 'facebook' }),
    ];
    expect(logged.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(logged.map((r) => r.json().status)).toEqual(['shared', 'opened', 'opened', 'prepared', 'shared']);

    const bad = await log({ platform: 'twitter', status: 'posted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be shared, opened or prepared');

    const expected = {
      totalShares: 2,
      openedIntents: 2,
      preparedPosts: 1,
      platformBreakdown: { instagram_story: 1, facebook: 1 },
      openedBreakdown: { twitter: 1, email: 1 },
      preparedBreakdown: { instagram: 1 },
    };
    const stats = async () => (await get(`/api/campaigns/${c.id}/stats`, a.token)).json();
    expect(await stats()).toMatchObject(expected);
    while (
      await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 }))
    );
    expect(await stats()).toMatchObject(expected);
    const rolled = await t.database.db
      .selectFrom('rollupTotals')
      .select(['platform', 'shares', 'opened', 'prepared'])
      .where('campaignId', '=', c.id)
      .orderBy('platform')
      .execute();
    expect(
      rolled.map((r) => ({
        ...r,
        shares: Number(r.shares),
        opened: Number(r.opened),
        prepared: Number(r.prepared),
      })),
    ).toEqual([
      { platform: 'email', shares: 0, opened: 1, prepared: 0 },
      { platform: 'facebook', shares: 1, opened: 0, prepared: 0 },
      { platform: 'instagram', shares: 0, opened: 0, prepared: 1 },
      { platform: 'instagram_story', shares: 1, opened: 0, prepared: 0 },
      { platform: 'twitter', shares: 0, opened: 1, prepared: 0 },
    ]);
  });
});
