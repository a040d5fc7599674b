import { describe, expect, it } from 'vitest';
import { signUp, twoOrganizationsPerFile, postJson, sendJson } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { PUBLISH_NEEDS_ASSET } from '#shared/errors.ts';

const { t, a, b, get } = twoOrganizationsPerFile();

describe('POST /api/campaigns', () => {
  it('creates a campaign in the caller organisation, a draft by default (it has no asset yet)', async () => {
    const body = { name: 'Climate Week', description: 'Act now', organizationId: a.orgId };
    const res = await postJson(t.app, '/api/campaigns', body, a.token);
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ ...body, status: 'draft' });
    // Publishing waits for an asset, with the reason.
    const publish = await sendJson(t.app, 'PUT', `/api/campaigns/${c.id}`, { status: 'active' }, a.token);
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({ code: 'PUBLISH_NEEDS_ASSET', message: PUBLISH_NEEDS_ASSET });
    expect(c.id).toBeGreaterThan(0);
    expect(Date.parse(c.createdAt)).not.toBeNaN();
  });

  it('uses the caller organisation when organizationId is omitted', async () => {
    const c = await createCampaign(t.app, a.token, { name: 'No org id sent' });
    expect(c.organizationId).toBe(a.orgId);
  });

  it("refuses another organisation's id with 403 and creates nothing", async () => {
    const before = (await get('/api/campaigns', b.token)).json().length;
    const res = await postJson(t.app, '/api/campaigns', { name: 'Sneaky', organizationId: b.orgId }, a.token);
    expect(res.statusCode).toBe(403);
    expect((await get('/api/campaigns', b.token)).json()).toHaveLength(before);
  });

  it('answers 403 asking to sign in again for a caller without an organisation', async () => {
    const lone = await signUp(t.app, { org: false });
    const res = await postJson(t.app, '/api/campaigns', { name: 'Orphan campaign' }, lone.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing organization information. Please try logging out and back in.');
  });

  it('needs a session', async () => {
    const res = await postJson(t.app, '/api/campaigns', { name: 'Anon' });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a 2-character name naming the minimum length', async () => {
    const res = await postJson(t.app, '/api/campaigns', { name: 'ab' }, a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Campaign name must be at least 3 characters');
    expect(res.json().errors).toEqual([
      {
        path: 'name',
        message: 'Campaign name must be at least 3 characters',
        rule: 'too_small',
        params: { minimum: 3 },
      },
    ]);
  });

  it('rejects a 10 000-character name with a clear 400 and stores nothing', async () => {
    const before = (await get('/api/campaigns', a.token)).json().length;
    const res = await postJson(t.app, '/api/campaigns', { name: 'x'.repeat(10_000) }, a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Campaign name must be at most 200 characters');
    expect((await get('/api/campaigns', a.token)).json()).toHaveLength(before);
  });

  it('stores emoji and right-to-left text verbatim', async () => {
    const name = 'حملة المناخ 🌍🔥 שלום';
    const description = 'مرحبا 👋🏽 family: 👨‍👩‍👧';
    const c = await createCampaign(t.app, a.token, { name, description });
    const again = (await get(`/api/campaigns/${c.id}`, a.token)).json();
    expect(again.name).toBe(name);
    expect(again.description).toBe(description);
  });

  it('keeps start and end dates and refuses an end before the start', async () => {
    const c = await createCampaign(t.app, a.token, {
      startDate: '2030-01-01T10:00:00+02:00',
      endDate: '2030-01-31',
    });
    expect(c.startDate).toBe('2030-01-01T08:00:00.000Z');
    expect(c.endDate).toBe('2030-01-31');
    const bad = await postJson(
      t.app,
      '/api/campaigns',
      { name: 'Backwards', startDate: '2030-02-01', endDate: '2030-01-01' },
      a.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('End date must be on or after the start date');
  });

  it('rejects unknown fields rather than ignoring them', async () => {
    const res = await postJson(t.app, '/api/campaigns', { name: 'Extra field', id: 5 }, a.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/campaigns', () => {
  it('lists only the caller organisation, newest first', async () => {
    const other = await createCampaign(t.app, b.token, { name: 'Only for B' });
    const first = await createCampaign(t.app, a.token, { name: 'Older one' });
    const second = await createCampaign(t.app, a.token, { name: 'Newer one' });
    const res = await get('/api/campaigns', a.token);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { id: number }) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(other.id);
    expect(res.json().every((c: { organizationId: number }) => c.organizationId === a.orgId)).toBe(true);
  });

  it('accepts ?org= of the own organisation and 403s for another', async () => {
    expect((await get(`/api/campaigns?org=${a.orgId}`, a.token)).statusCode).toBe(200);
    expect((await get(`/api/campaigns?org=${b.orgId}`, a.token)).statusCode).toBe(403);
    expect((await get('/api/campaigns?org=abc', a.token)).statusCode).toBe(400);
  });
});

describe('GET /api/campaigns/:id and /assets', () => {
  it('returns the campaign with its assets in display order', async () => {
    const c = await createCampaign(t.app, a.token);
    const x = await createAsset(t.app, a.token, c.id, { title: 'First asset' });
    const y = await createAsset(t.app, a.token, c.id, { title: 'Second asset' });
    const res = await get(`/api/campaigns/${c.id}`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: c.name });
    expect(res.json().assets.map((s: { id: number }) => s.id)).toEqual([x.id, y.id]);
    const list = await get(`/api/campaigns/${c.id}/assets`, a.token);
    expect(list.json().map((s: { id: number }) => s.id)).toEqual([x.id, y.id]);
  });

  it("answers 404 for another organisation's campaign and for unknown ids", async () => {
    const theirs = await createCampaign(t.app, b.token);
    for (const url of [
      `/api/campaigns/${theirs.id}`,
      `/api/campaigns/${theirs.id}/assets`,
      '/api/campaigns/999999',
    ]) {
      const res = await get(url, a.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Campaign not found');
    }
    expect((await get('/api/campaigns/nope', a.token)).statusCode).toBe(400);
  });
});

describe('PUT /api/campaigns/:id/assets/order', () => {
  const put = (id: number, token: string, assetIds: unknown) =>
    sendJson(t.app, 'PUT', `/api/campaigns/${id}/assets/order`, { assetIds }, token);

  it('saves the order; every list returns it; new assets go to the end', async () => {
    const c = await createCampaign(t.app, a.token);
    const [x, y, z] = [
      await createAsset(t.app, a.token, c.id, { title: 'Asset X' }),
      await createAsset(t.app, a.token, c.id, { title: 'Asset Y' }),
      await createAsset(t.app, a.token, c.id, { title: 'Asset Z' }),
    ];
    expect([x.position, y.position, z.position]).toEqual([0, 1, 2]);
    const res = await put(c.id, a.token, [z.id, x.id, y.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([z.id, x.id, y.id]);
    expect(res.json().map((s: { position: number }) => s.position)).toEqual([0, 1, 2]);

    const w = await createAsset(t.app, a.token, c.id, { title: 'Asset W' });
    expect(w.position).toBe(3);
    const expected = [z.id, x.id, y.id, w.id];
    const ids = (list: { id: number }[]) => list.map((s) => s.id);
    expect(ids((await get(`/api/campaigns/${c.id}/assets`, a.token)).json())).toEqual(expected);
    expect(ids((await get(`/api/campaigns/${c.id}`, a.token)).json().assets)).toEqual(expected);
    const all = (await get('/api/assets', a.token))
      .json()
      .filter((s: { campaignId: number }) => s.campaignId === c.id);
    expect(ids(all)).toEqual(expected);
  });

  it('refuses an asset of another campaign or organisation, naming it, and changes nothing', async () => {
    const c = await createCampaign(t.app, a.token);
    const x = await createAsset(t.app, a.token, c.id, { title: 'Asset X' });
    const y = await createAsset(t.app, a.token, c.id, { title: 'Asset Y' });
    const theirs = await createAsset(t.app, b.token, (await createCampaign(t.app, b.token)).id);
    const res = await put(c.id, a.token, [y.id, theirs.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Asset ${theirs.id} is not in this campaign`);
    const list = (await get(`/api/campaigns/${c.id}/assets`, a.token)).json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([x.id, y.id]);
  });

  it('refuses a missing or duplicated asset', async () => {
    const c = await createCampaign(t.app, a.token);
    const x = await createAsset(t.app, a.token, c.id, { title: 'Asset X' });
    const y = await createAsset(t.app, a.token, c.id, { title: 'Asset Y' });
    for (const ids of [[x.id], [x.id, x.id], [x.id, y.id, y.id], []]) {
      const res = await put(c.id, a.token, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('assetIds must list every asset of the campaign exactly once');
    }
    expect((await put(c.id, a.token, 'x')).statusCode).toBe(400);
  });

  it("answers 404 for another organisation's campaign", async () => {
    const theirs = await createCampaign(t.app, b.token);
    const asset = await createAsset(t.app, b.token, theirs.id);
    const res = await put(theirs.id, a.token, [asset.id]);
    expect(res.statusCode).toBe(404);
  });
});
