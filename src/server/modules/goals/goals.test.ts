import { describe, expect, it } from 'vitest';
import { shareRow } from '../../test/db-rows.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { errorMessages, sendJson, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { rollUpBatch } from '../stats/index.ts';
import { FIGURES_TTL_MS } from './goal-progress.ts';
import { NO_GOAL } from './goals.routes.ts';

// Campaign goals (docs/api.md "Momentum", Goals): staff set one on a campaign, the
// public progress read answers the campaign's stats figure (the same number as GET
// /api/campaigns/:id/stats), with a weak ETag and 304, and 404 as the campaign JSON.

const { t, a, b, get } = twoOrganizationsPerFile();

const progressUrl = (id: number | string) => `/api/supporter/campaigns/${id}/progress`;
const publicGet = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live campaign of `a` with one asset and `goal`. */
async function liveCampaign(goal: unknown) {
  const campaign = await createCampaign(t.app, a.token, { name: 'Goal Drive', goal });
  const asset = await createAsset(t.app, a.token, campaign.id);
  return { campaign, ids: { campaignId: campaign.id, organizationId: a.orgId, assetId: asset.id } };
}

type Ids = { campaignId: number; organizationId: number; assetId: number };

/** Shares by `supporters` (one each; a name twice is one supporter with two shares). */
async function share(ids: Ids, supporters: string[], status = 'shared') {
  for (const supporterId of supporters)
    await t.database.db
      .insertInto('shares')
      .values(shareRow({ ...ids, supporterId, status }))
      .execute();
}

async function click(ids: Ids, n: number) {
  const shareId = (
    await t.database.db
      .selectFrom('shares')
      .select('id')
      .where('campaignId', '=', ids.campaignId)
      .executeTakeFirstOrThrow()
  ).id;
  for (let i = 0; i < n; i++)
    await t.database.db
      .insertInto('clicks')
      .values({
        shareId,
        campaignId: ids.campaignId,
        organizationId: ids.organizationId,
        sharerId: null,
        visitorId: `v-${Math.random()}`,
        createdAt: new Date().toISOString(),
      })
      .execute();
}

describe('a campaign goal, staff side', () => {
  it('is set on create, read back, changed and removed with PUT', async () => {
    const { campaign } = await liveCampaign({ metric: 'shares', target: 2000, deadline: '2030-06-30' });
    expect(campaign.goal).toEqual({ metric: 'shares', target: 2000, deadline: '2030-06-30' });
    const read = await get(`/api/campaigns/${campaign.id}`, a.token);
    expect(read.json().goal).toEqual({ metric: 'shares', target: 2000, deadline: '2030-06-30' });

    const put = (goal: unknown) => sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { goal }, a.token);
    const changed = await put({ metric: 'supporters', target: 50 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().goal).toEqual({ metric: 'supporters', target: 50, deadline: null });
    // The supporter JSON carries the definition, and learns of the change at once.
    const view = await publicGet(`/api/supporter/campaigns/${campaign.id}`);
    expect(view.json().campaign.goal).toEqual({ metric: 'supporters', target: 50, deadline: null });

    const removed = await put(null);
    expect(removed.json().goal).toBeNull();
    expect((await publicGet(`/api/supporter/campaigns/${campaign.id}`)).json().campaign.goal).toBeNull();
    // Another campaign without one says null too.
    const plain = await createCampaign(t.app, a.token);
    expect(plain.goal).toBeNull();
  });

  it('refuses a goal that is not one (400, naming the field), never a 500', async () => {
    const { campaign } = await liveCampaign(null);
    for (const [goal, field] of [
      [{ metric: 'likes', target: 10 }, 'goal.metric'],
      [{ metric: 'shares', target: 0 }, 'goal.target'],
      [{ metric: 'shares', target: 10_000_001 }, 'goal.target'],
      [{ metric: 'shares', target: 2.5 }, 'goal.target'],
      [{ metric: 'shares', target: '10' }, 'goal.target'],
      [{ metric: 'shares', target: 10, deadline: 'soon' }, 'goal.deadline'],
      [{ metric: 'shares' }, 'goal.target'],
      [{ metric: 'shares', target: 10, extra: 1 }, 'goal'],
    ] as const) {
      const res = await sendJson(t.app, 'PUT', `/api/campaigns/${campaign.id}`, { goal }, a.token);
      expect(res.statusCode, JSON.stringify(goal)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    const created = await sendJson(
      t.app,
      'POST',
      '/api/campaigns',
      { name: 'Bad goal', goal: { metric: 'shares', target: -1 } },
      a.token,
    );
    expect(created.statusCode).toBe(400);
    expect(errorMessages(created).join()).toContain('target must be at least 1');
  });
});

describe('GET /api/supporter/campaigns/:id/progress', () => {
  it('answers the stats figure the goal names, for each metric', async () => {
    const { campaign, ids } = await liveCampaign({ metric: 'shares', target: 4 });
    // Five shares by three supporters, some rolled up and some in the live tail, and
    // an opened window (not a share); then three click-throughs.
    await share(ids, ['ann', 'bob', 'ann']);
    await t.database.db.transaction().execute((trx) => rollUpBatch(trx, { now: Date.now() + 60_000 }));
    await share(ids, ['cy', 'bob']);
    await share(ids, ['dee'], 'opened');
    await click(ids, 3);

    const stats = (await get(`/api/campaigns/${campaign.id}/stats`, a.token)).json();
    expect([stats.totalShares, stats.uniqueSupporters, stats.clickThroughs]).toEqual([5, 3, 3]);

    const res = await publicGet(progressUrl(campaign.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ metric: 'shares', target: 4, deadline: null, value: 5, reached: true });

    for (const [metric, value] of [
      ['supporters', stats.uniqueSupporters],
      ['clickThroughs', stats.clickThroughs],
    ] as const) {
      await sendJson(
        t.app,
        'PUT',
        `/api/campaigns/${campaign.id}`,
        { goal: { metric, target: 10, deadline: '2031-01-31' } },
        a.token,
      );
      expect((await publicGet(progressUrl(campaign.id))).json()).toEqual({
        metric,
        target: 10,
        deadline: '2031-01-31',
        value,
        reached: false,
      });
    }
  });

  it('answers 304 to the current ETag, and a new figure within the cache time', async () => {
    const { campaign, ids } = await liveCampaign({ metric: 'shares', target: 3 });
    await share(ids, ['ann']);
    const first = await publicGet(progressUrl(campaign.id));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.json()).toMatchObject({ value: 1, reached: false });

    const same = await publicGet(progressUrl(campaign.id), { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    // A stale validator (or one of a list that holds the current) is answered as such.
    expect(
      (await publicGet(progressUrl(campaign.id), { 'if-none-match': 'W/"0-3-shares-"' })).statusCode,
    ).toBe(200);
    expect(
      (await publicGet(progressUrl(campaign.id), { 'if-none-match': `W/"x", ${etag}` })).statusCode,
    ).toBe(304);

    // Two more shares reach the goal: the shared figures are at most FIGURES_TTL_MS old.
    await share(ids, ['bob', 'cy']);
    await wait(FIGURES_TTL_MS + 100);
    const moved = await publicGet(progressUrl(campaign.id), { 'if-none-match': etag });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ value: 3, reached: true });
    expect(moved.headers.etag).not.toBe(etag);

    // A new target is a new answer at once (the definition comes with the campaign's view).
    await sendJson(
      t.app,
      'PUT',
      `/api/campaigns/${campaign.id}`,
      { goal: { metric: 'shares', target: 30 } },
      a.token,
    );
    const retargeted = await publicGet(progressUrl(campaign.id), {
      'if-none-match': moved.headers.etag as string,
    });
    expect(retargeted.statusCode).toBe(200);
    expect(retargeted.json()).toMatchObject({ target: 30, value: 3, reached: false });
  });

  it('is 404 as the campaign JSON: unknown, malformed, draft, archived, and without a goal', async () => {
    const { campaign } = await liveCampaign(null);
    const noGoal = await publicGet(progressUrl(campaign.id));
    expect(noGoal.statusCode).toBe(404);
    expect(noGoal.json().message).toBe(NO_GOAL);

    for (const id of ['999999', 'abc', '0', '-1', '99999999999'])
      expect((await publicGet(progressUrl(id))).statusCode, id).toBe(404);

    // A draft with a goal: 404 to the public and to another organisation, its team's preview.
    const draft = await createCampaign(t.app, a.token, {
      status: 'draft',
      goal: { metric: 'shares', target: 5 },
    });
    expect((await publicGet(progressUrl(draft.id))).statusCode).toBe(404);
    expect((await get(progressUrl(draft.id), b.token)).statusCode).toBe(404);
    const preview = await get(progressUrl(draft.id), a.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');

    const { campaign: archived } = await liveCampaign({ metric: 'shares', target: 5 });
    expect((await publicGet(progressUrl(archived.id))).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${archived.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect((await publicGet(progressUrl(archived.id))).statusCode).toBe(404);
  });
});
