import { describe, expect, it } from 'vitest';
import { appPerFile, bearer, createTestApp, signUp } from '../../test/test-app.ts';

const t = appPerFile({ DEV_TOOLS: '1' });

describe('without DEV_TOOLS (the default)', () => {
  it('has no debug route and tells the client so', async () => {
    const off = await createTestApp();
    try {
      const a = await signUp(off.app);
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/debug/create-test-content',
        headers: bearer(a.token),
      });
      expect(res.statusCode).toBe(404);
      expect((await off.app.inject({ url: '/api/campaigns', headers: bearer(a.token) })).json()).toEqual([]);
      expect((await off.app.inject({ url: '/api/auth-status' })).json()).toMatchObject({ devTools: false });
    } finally {
      await off.close();
    }
  });

  it('DEV_TOOLS=1 says so to the client', async () => {
    expect((await t.app.inject({ url: '/api/auth-status' })).json()).toMatchObject({ devTools: true });
  });
});

describe('POST /api/debug/create-test-content', () => {
  it("creates a 30-day campaign with an asset in the caller's organisation", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/debug/create-test-content',
      headers: bearer(a.token),
    });
    expect(res.statusCode).toBe(201);
    const { campaign, asset } = res.json();
    expect(campaign).toMatchObject({ organizationId: a.orgId, status: 'active' });
    expect(campaign.name).toMatch(/^Test Campaign/);
    expect(asset).toMatchObject({ campaignId: campaign.id, organizationId: a.orgId, title: 'Test Asset' });
    const start = Date.parse(campaign.startDate);
    const end = Date.parse(campaign.endDate);
    expect(start).toBeGreaterThanOrEqual(started - 1000);
    expect(end - start).toBe(30 * 24 * 60 * 60 * 1000);

    const listed = await t.app.inject({ url: `/api/campaigns/${campaign.id}`, headers: bearer(a.token) });
    expect(listed.json().assets.map((s: any) => s.id)).toEqual([asset.id]);
    const other = await t.app.inject({ url: '/api/campaigns', headers: bearer(b.token) });
    expect(other.json()).toEqual([]);

    // Written like any new campaign: with its audit entry, by the caller.
    const log = await t.app.inject({ url: '/api/organization/activity', headers: bearer(a.token) });
    expect(log.json()[0]).toMatchObject({
      action: 'campaign.created',
      target: campaign.name,
      actor: { id: a.userId },
    });
    // And the public cache knows of it at once (a miss on its id would be cached briefly).
    const page = await t.app.inject({ url: `/api/supporter/campaigns/${campaign.id}` });
    expect(page.json().availability.state).toBe('open');
  });

  it('needs a session and an organisation', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/debug/create-test-content' })).statusCode).toBe(
      401,
    );
    const lone = await signUp(t.app, { org: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/debug/create-test-content',
      headers: bearer(lone.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
