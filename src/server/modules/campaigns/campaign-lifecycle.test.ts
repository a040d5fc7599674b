import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { DAY_MS } from '#shared/durations.ts';

// Campaign and asset lifecycle over HTTP: edit, status transitions, archive,
// duplicate, asset edit and delete, the list filter, and what the public side
// (supporter JSON and page, share writes, the scheduled list) makes of each state.

const { t, a, b } = twoOrganizationsPerFile();
beforeEach(() => t.deps.supporterCache.clear());

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const put = (id: number, body: unknown, token = a.token) => req('PUT', `/api/campaigns/${id}`, token, body);

/** An active campaign of org A with one text asset. */
async function liveCampaign(body: Record<string, unknown> = {}) {
  const campaign = await createCampaign(t.app, a.token, { name: 'Clean Rivers', ...body });
  const asset = await createAsset(t.app, a.token, campaign.id, { title: 'Rivers text' });
  return { campaign, asset };
}

const share = (campaign: { id: number }, asset: { id: number }) =>
  req('POST', '/api/shares', undefined, {
    assetId: asset.id,
    campaignId: campaign.id,
    organizationId: a.orgId,
    platform: 'twitter',
  });
const schedule = (campaign: { id: number }, asset: { id: number }, when = iso(DAY_MS)) =>
  req('POST', '/api/shares/schedule', undefined, {
    assetId: asset.id,
    campaignId: campaign.id,
    organizationId: a.orgId,
    platform: 'all',
    scheduledFor: when,
  });
const publicJson = (id: number, token?: string) => req('GET', `/api/supporter/campaigns/${id}`, token);

describe('PUT /api/campaigns/:id', () => {
  it('edits name, description and dates, and the public page shows it at once', async () => {
    const { campaign } = await liveCampaign();
    expect((await publicJson(campaign.id)).json().campaign.name).toBe('Clean Rivers');
    const edit = { name: 'Cleaner Rivers', description: 'Fixed typo', startDate: '2020-01-01' };
    const res = await put(campaign.id, { ...edit, endDate: iso(10 * DAY_MS) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: campaign.id, ...edit, status: 'active' });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'createdAt',
        'defaultLanguage',
        'description',
        'disclosure',
        'endDate',
        'goal',
        'id',
        'languages',
        'name',
        'organizationId',
        'startDate',
        'status',
        'utmCampaign',
        'utmEnabled',
        'utmMedium',
      ].sort(),
    );
    // No cache clear between: the write invalidated the cached view.
    const pub = (await publicJson(campaign.id)).json();
    expect(pub.campaign).toMatchObject({ name: 'Cleaner Rivers', description: 'Fixed typo' });
    expect(pub.availability.state).toBe('open');
  });

  it('clears a date with null and keeps fields it was not sent', async () => {
    const { campaign } = await liveCampaign({ endDate: '2099-01-01', description: 'Keep me' });
    const res = await put(campaign.id, { endDate: null });
    expect(res.json()).toMatchObject({ endDate: null, description: 'Keep me', name: 'Clean Rivers' });
  });

  it.each([
    [{ name: '' }, 'Campaign name must be at least 3 characters'],
    [{ name: '   ' }, 'Campaign name must be at least 3 characters'],
    [{ status: 'deleted' }, 'Status must be one of draft, active, paused, ended, archived'],
    [{ status: 'ACTIVE' }, 'Status must be one of draft, active, paused, ended, archived'],
    [{ startDate: 'next tuesday' }, null],
    [{ endDate: '2024-13-45' }, null],
    [{ endDate: 42 }, null],
    [{}, 'Send at least one field to change'],
    [{ organizationId: 1 }, null],
  ])('answers 400 for %j', async (body, message) => {
    const { campaign } = await liveCampaign();
    const res = await put(campaign.id, body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    const after = (await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json();
    expect(after).toMatchObject({ name: 'Clean Rivers', status: 'active' });
  });

  it('refuses an end date before the start date, whether one or both are sent', async () => {
    const { campaign } = await liveCampaign({ startDate: '2030-05-10' });
    const one = await put(campaign.id, { endDate: '2030-05-01' });
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('End date must be on or after the start date');
    const both = await put(campaign.id, { startDate: '2031-01-02', endDate: '2031-01-01T10:00:00Z' });
    expect(both.statusCode).toBe(400);
    // A plain end date runs through its whole day: the same day as the start is fine.
    expect(
      (await put(campaign.id, { startDate: '2030-05-10T15:00:00Z', endDate: '2030-05-10' })).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another organisation's campaign and changes nothing", async () => {
    const { campaign } = await liveCampaign();
    for (const res of [
      await put(campaign.id, { name: 'Hijacked' }, b.token),
      await req('DELETE', `/api/campaigns/${campaign.id}`, b.token),
      await req('POST', `/api/campaigns/${campaign.id}/duplicate`, b.token),
      await put(999_999, { name: 'Nobody' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Campaign not found');
    }
    const after = (await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json();
    expect(after).toMatchObject({ name: 'Clean Rivers', status: 'active' });
    expect((await req('GET', '/api/campaigns?status=all', b.token)).json()).toHaveLength(0);
  });

  it('needs a session', async () => {
    const { campaign } = await liveCampaign();
    expect((await put(campaign.id, { name: 'Anon edit' }, '')).statusCode).toBe(401);
    expect((await req('DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(401);
    expect((await req('POST', `/api/campaigns/${campaign.id}/duplicate`)).statusCode).toBe(401);
  });
});

describe('status transitions', () => {
  it('pauses, resumes, ends and archives; archived is final', async () => {
    const { campaign } = await liveCampaign();
    for (const status of ['paused', 'active', 'ended', 'archived']) {
      const res = await put(campaign.id, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().status).toBe(status);
    }
    for (const body of [{ status: 'active' }, { name: 'Revived' }, { status: 'archived' }]) {
      const res = await put(campaign.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('An archived campaign cannot be changed: duplicate it instead');
    }
  });

  it('publishes a draft only once it has an asset (409 before)', async () => {
    const draft = await createCampaign(t.app, a.token, { name: 'Spring drive', status: 'draft' });
    expect(draft.status).toBe('draft');
    const early = await put(draft.id, { status: 'active' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Add an asset before publishing');
    expect((await put(draft.id, { status: 'paused' })).json().message).toBe('Publish the campaign first');
    expect((await put(draft.id, { status: 'ended' })).statusCode).toBe(400);
    await createAsset(t.app, a.token, draft.id);
    const published = await put(draft.id, { status: 'active' });
    expect(published.statusCode).toBe(200);
    expect(published.json().status).toBe('active');
  });

  it('does not put a published campaign back to draft', async () => {
    const { campaign } = await liveCampaign();
    const res = await put(campaign.id, { status: 'draft' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A published campaign cannot go back to draft: pause it instead');
  });

  it('re-opens an ended campaign with a later end date: active unless a status is sent', async () => {
    const { campaign } = await liveCampaign({ endDate: iso(-DAY_MS) });
    await put(campaign.id, { status: 'ended' });
    const stillPast = await put(campaign.id, { status: 'active' });
    expect(stillPast.statusCode).toBe(400);
    expect(stillPast.json().message).toBe('Set an end date in the future to re-open this campaign');
    expect((await put(campaign.id, { status: 'active', endDate: iso(-DAY_MS / 2) })).statusCode).toBe(400);

    const reopened = await put(campaign.id, { endDate: iso(7 * DAY_MS) });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('active');
    expect((await publicJson(campaign.id)).json().availability.state).toBe('open');

    await put(campaign.id, { status: 'ended' });
    const pausedReopen = await put(campaign.id, { status: 'paused', endDate: iso(7 * DAY_MS) });
    expect(pausedReopen.json().status).toBe('paused');
  });

  it('new campaigns start as draft or active only', async () => {
    for (const status of ['paused', 'archived', 'bogus']) {
      const res = await req('POST', '/api/campaigns', a.token, { name: 'Born odd', status });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A new campaign must be draft or active');
    }
  });
});

describe('a campaign with no assets is never live', () => {
  const names = async (token: string) =>
    (await req('GET', '/api/campaigns?status=all', token)).json().map((c: { name: string }) => c.name);

  it('is not created active (409, nothing written); absent, the status is draft', async () => {
    const owner = await signUp(t.app);
    const live = await req('POST', '/api/campaigns', owner.token, {
      name: 'Empty at birth',
      status: 'active',
    });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ code: 'PUBLISH_NEEDS_ASSET', message: 'Add an asset before publishing' });
    expect(await names(owner.token)).toEqual([]);
    const plain = await req('POST', '/api/campaigns', owner.token, { name: 'Plain start' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().status).toBe('draft');
  });

  it('keeps the last asset of an active or paused campaign (409); ended, it can go, and re-opening waits for one', async () => {
    const { campaign, asset } = await liveCampaign();
    const last = `/api/assets/${asset.id}`;
    for (const status of ['active', 'paused']) {
      if (status === 'paused') expect((await put(campaign.id, { status })).statusCode).toBe(200);
      const refused = await req('DELETE', last, a.token);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({
        code: 'LAST_ASSET_OF_LIVE_CAMPAIGN',
        message: 'A live campaign keeps at least one asset: add another one first, or end the campaign',
      });
    }
    // With another asset, either one can go.
    const other = await createAsset(t.app, a.token, campaign.id, { title: 'Other text' });
    expect((await req('DELETE', last, a.token)).statusCode).toBe(204);
    expect((await req('DELETE', `/api/assets/${other.id}`, a.token)).statusCode).toBe(409);
    expect((await publicJson(campaign.id)).json().assets).toHaveLength(1);

    // Ended, it is not live: its last asset can go; re-opening (by status or end date) then waits for one.
    expect((await put(campaign.id, { status: 'ended' })).statusCode).toBe(200);
    expect((await req('DELETE', `/api/assets/${other.id}`, a.token)).statusCode).toBe(204);
    for (const body of [{ status: 'active' }, { status: 'paused' }, { endDate: iso(7 * DAY_MS) }]) {
      const reopen = await put(campaign.id, body);
      expect(reopen.statusCode, JSON.stringify(body)).toBe(409);
      expect(reopen.json().code).toBe('PUBLISH_NEEDS_ASSET');
    }
    expect((await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json().status).toBe('ended');
    await createAsset(t.app, a.token, campaign.id, { title: 'Back again' });
    expect((await put(campaign.id, { status: 'active' })).json().status).toBe('active');
  });

  it('a draft or archived campaign may lose its last asset; a duplicate of an empty campaign is a draft', async () => {
    const draft = await createCampaign(t.app, a.token, { name: 'Draft with one', status: 'draft' });
    const only = await createAsset(t.app, a.token, draft.id);
    expect((await req('DELETE', `/api/assets/${only.id}`, a.token)).statusCode).toBe(204);
    const copy = await req('POST', `/api/campaigns/${draft.id}/duplicate`, a.token);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ status: 'draft', assets: [] });
  });
});

describe('DELETE /api/campaigns/:id (archive)', () => {
  it('leaves lists, 404s in public, keeps its shares and clicks in the totals', async () => {
    const { campaign, asset } = await liveCampaign({ name: 'Archive me' });
    expect((await share(campaign, asset)).statusCode).toBe(201);
    const before = (await req('GET', '/api/organization/stats', a.token)).json();

    const res = await req('DELETE', `/api/campaigns/${campaign.id}`, a.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // Idempotent.
    expect((await req('DELETE', `/api/campaigns/${campaign.id}`, a.token)).statusCode).toBe(204);

    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    expect(ids((await req('GET', '/api/campaigns', a.token)).json())).not.toContain(campaign.id);
    expect(ids((await req('GET', '/api/campaigns?status=archived', a.token)).json())).toContain(campaign.id);
    expect(ids((await req('GET', '/api/campaigns?status=all', a.token)).json())).toContain(campaign.id);
    // Staff can still open it (the Archived filter leads there).
    expect((await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json().status).toBe('archived');

    expect((await publicJson(campaign.id)).statusCode).toBe(404);
    expect((await req('GET', `/supporter/${campaign.id}`)).statusCode).toBe(404);

    const after = (await req('GET', '/api/organization/stats', a.token)).json();
    expect(after.totalShares).toBe(before.totalShares);
    expect(after.activeCampaigns).toBe(before.activeCampaigns - 1);
    expect((await req('GET', `/api/campaigns/${campaign.id}/stats`, a.token)).json().totalShares).toBe(1);

    const refused = await share(campaign, asset);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This campaign has been archived');
  });
});

describe('POST /api/campaigns/:id/duplicate', () => {
  it('makes a draft copy with copies of the live assets in display order', async () => {
    const campaign = await createCampaign(t.app, a.token, {
      name: 'Original',
      description: 'Source',
      endDate: '2099-12-31',
    });
    const first = await createAsset(t.app, a.token, campaign.id, { title: 'First one' });
    const second = await createAsset(t.app, a.token, campaign.id, {
      title: 'Second one',
      type: 'image',
      content: 'https://cdn.example.org/a.png',
    });
    const gone = await createAsset(t.app, a.token, campaign.id, { title: 'Deleted one' });
    await req('PUT', `/api/campaigns/${campaign.id}/assets/order`, a.token, {
      assetIds: [second.id, gone.id, first.id],
    });
    await req('DELETE', `/api/assets/${gone.id}`, a.token);
    await req('DELETE', `/api/campaigns/${campaign.id}`, a.token);

    const res = await req('POST', `/api/campaigns/${campaign.id}/duplicate`, a.token);
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      description: 'Source',
      status: 'draft',
      startDate: null,
      endDate: null,
      organizationId: a.orgId,
    });
    expect(copy.id).not.toBe(campaign.id);
    expect(copy.assets.map((x: { title: string }) => x.title)).toEqual(['Second one', 'First one']);
    expect(copy.assets.map((x: { position: number }) => x.position)).toEqual([0, 1]);
    expect(copy.assets[0]).toMatchObject({ type: 'image', content: 'https://cdn.example.org/a.png' });
    expect(copy.assets.every((x: { campaignId: number }) => x.campaignId === copy.id)).toBe(true);
    // A draft: not public.
    expect((await publicJson(copy.id)).statusCode).toBe(404);
    // The original is untouched.
    const original = (await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json();
    expect(original.assets.map((x: { id: number }) => x.id)).toEqual([second.id, first.id]);
  });
});

describe('GET /api/campaigns ?status', () => {
  it('filters by the status the dashboard shows; default is everything but archived', async () => {
    const t2 = await signUp(t.app);
    const mk = async (name: string, body: Record<string, unknown> = {}) => {
      const c = await createCampaign(t.app, t2.token, { name, ...body });
      await createAsset(t.app, t2.token, c.id);
      return c;
    };
    const active = await mk('Active one');
    const draft = await mk('Draft one', { status: 'draft' });
    const paused = await mk('Paused one');
    await req('PUT', `/api/campaigns/${paused.id}`, t2.token, { status: 'paused' });
    const ended = await mk('Ended one');
    await req('PUT', `/api/campaigns/${ended.id}`, t2.token, { status: 'ended' });
    const pastEnd = await mk('Ended by date', { endDate: '2020-01-01' });
    const archived = await mk('Archived one');
    await req('DELETE', `/api/campaigns/${archived.id}`, t2.token);

    const list = async (q: string) =>
      (await req('GET', `/api/campaigns${q}`, t2.token)).json().map((c: { id: number }) => c.id);
    expect((await list('')).sort()).toEqual([active.id, draft.id, paused.id, ended.id, pastEnd.id].sort());
    expect(await list('?status=active')).toEqual([active.id]);
    expect(await list('?status=draft')).toEqual([draft.id]);
    expect(await list('?status=paused')).toEqual([paused.id]);
    expect((await list('?status=ended')).sort()).toEqual([ended.id, pastEnd.id].sort());
    expect(await list('?status=archived')).toEqual([archived.id]);
    expect(await list('?status=all')).toHaveLength(6);
    const bad = await req('GET', '/api/campaigns?status=gone', t2.token);
    expect(bad.statusCode).toBe(400);
    // The stats card counts stored status active (the campaign past its end date included).
    expect((await req('GET', '/api/organization/stats', t2.token)).json().activeCampaigns).toBe(2);
  });
});

describe('PUT /api/assets/:id and DELETE /api/assets/:id', () => {
  it('edits title, description and content; the public page follows at once', async () => {
    const { campaign, asset } = await liveCampaign();
    await publicJson(campaign.id); // warm the cache
    const edit = { title: 'New title', description: 'New words', content: 'New share text' };
    const res = await req('PUT', `/api/assets/${asset.id}`, a.token, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: asset.id, ...edit });
    expect(res.json()).not.toHaveProperty('deletedAt');
    const shown = (await publicJson(campaign.id)).json().assets[0];
    expect(shown).toMatchObject({ description: 'New words', content: 'New share text' });
    // The title stays internal: the public view never carries it.
    expect(shown).not.toHaveProperty('title');
  });

  it('applies the create rules: media must be a URL, title at least 3 characters', async () => {
    const { asset } = await liveCampaign();
    const toImage = await req('PUT', `/api/assets/${asset.id}`, a.token, { type: 'image' });
    expect(toImage.statusCode).toBe(400);
    expect(toImage.json().message).toBe(
      'Content must be an http(s) URL or an uploaded file for image and video assets',
    );
    const missingUpload = await req('PUT', `/api/assets/${asset.id}`, a.token, {
      type: 'image',
      content: '/uploads/nope.png',
    });
    expect(missingUpload.statusCode).toBe(400);
    expect(missingUpload.json().message).toBe('The uploaded file was not found: upload it again');
    const ok = await req('PUT', `/api/assets/${asset.id}`, a.token, {
      type: 'image',
      content: 'https://cdn.example.org/x.png',
    });
    expect(ok.json()).toMatchObject({ type: 'image', content: 'https://cdn.example.org/x.png' });
    for (const body of [{ title: 'ab' }, { content: '' }, { type: 'gif' }, {}, { campaignId: 3 }]) {
      expect(
        (await req('PUT', `/api/assets/${asset.id}`, a.token, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it("answers 404 for another organisation's asset, a deleted one, or none", async () => {
    const { campaign, asset } = await liveCampaign();
    await createAsset(t.app, a.token, campaign.id, { title: 'Kept text' });
    expect((await req('PUT', `/api/assets/${asset.id}`, b.token, { title: 'Hijack' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/assets/${asset.id}`, b.token)).statusCode).toBe(404);
    expect((await req('DELETE', '/api/assets/999999', a.token)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/assets/${asset.id}`, a.token)).statusCode).toBe(204);
    const again = await req('DELETE', `/api/assets/${asset.id}`, a.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Asset not found');
    expect((await req('PUT', `/api/assets/${asset.id}`, a.token, { title: 'Ghost' })).statusCode).toBe(404);
  });

  it('deleting leaves the page and the order; its shares stay counted; sharing it is 409', async () => {
    const { campaign, asset } = await liveCampaign();
    const other = await createAsset(t.app, a.token, campaign.id, { title: 'Other text' });
    expect((await share(campaign, asset)).statusCode).toBe(201);
    await publicJson(campaign.id); // warm the cache
    expect((await req('DELETE', `/api/assets/${asset.id}`, a.token)).statusCode).toBe(204);

    expect((await publicJson(campaign.id)).json().assets.map((x: { id: number }) => x.id)).toEqual([
      other.id,
    ]);
    const page = (await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json();
    expect(page.assets.map((x: { id: number }) => x.id)).toEqual([other.id]);
    expect((await req('GET', '/api/assets', a.token)).json().map((x: { id: number }) => x.id)).not.toContain(
      asset.id,
    );
    // The order is of live assets: the deleted one is not part of it any more.
    const withDeleted = await req('PUT', `/api/campaigns/${campaign.id}/assets/order`, a.token, {
      assetIds: [other.id, asset.id],
    });
    expect(withDeleted.statusCode).toBe(400);
    expect(
      (await req('PUT', `/api/campaigns/${campaign.id}/assets/order`, a.token, { assetIds: [other.id] }))
        .statusCode,
    ).toBe(200);

    expect((await req('GET', `/api/campaigns/${campaign.id}/stats`, a.token)).json().totalShares).toBe(1);
    const refused = await share(campaign, asset);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This asset is no longer available');
    expect((await schedule(campaign, asset)).statusCode).toBe(409);
  });

  it("refuses an asset of another campaign in a campaign's order (400)", async () => {
    const one = await liveCampaign();
    const two = await liveCampaign({ name: 'Second campaign' });
    const res = await req('PUT', `/api/campaigns/${one.campaign.id}/assets/order`, a.token, {
      assetIds: [two.asset.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Asset ${two.asset.id} is not in this campaign`);
  });

  it('assets of an archived campaign cannot be added, edited, deleted or reordered', async () => {
    const { campaign, asset } = await liveCampaign();
    await req('DELETE', `/api/campaigns/${campaign.id}`, a.token);
    for (const res of [
      await req('PUT', `/api/assets/${asset.id}`, a.token, { title: 'Too late' }),
      await req('DELETE', `/api/assets/${asset.id}`, a.token),
      await req('PUT', `/api/campaigns/${campaign.id}/assets/order`, a.token, { assetIds: [asset.id] }),
      await req('POST', '/api/assets', a.token, {
        title: 'Late add',
        type: 'text',
        content: 'x',
        campaignId: campaign.id,
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('An archived campaign cannot be changed: duplicate it instead');
    }
  });
});

describe('the public side follows the status', () => {
  it('draft: 404 to the public, a preview to its team (JSON and page), not to another org', async () => {
    const draft = await createCampaign(t.app, a.token, { name: 'Secret draft', status: 'draft' });
    await createAsset(t.app, a.token, draft.id);
    expect((await publicJson(draft.id)).statusCode).toBe(404);
    expect((await publicJson(draft.id, b.token)).statusCode).toBe(404);
    const staff = await publicJson(draft.id, a.token);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ preview: 'draft', campaign: { name: 'Secret draft' } });
    expect(staff.headers['cache-control']).toBe('no-store');
    // The cookie the client mirrors works too; the public still gets 404 after the cached staff answer.
    const viaCookie = await t.app.inject({ url: `/supporter/${draft.id}`, cookies: { token: a.token } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.body).toContain('Secret draft');
    expect(viaCookie.body).toContain('noindex');
    // A preview is left to the page's scripts: no first paint of its own (modules/supporter/first-paint.ts).
    expect(viaCookie.body).not.toContain('asks you to share');
    const anon = await req('GET', `/supporter/${draft.id}`);
    expect(anon.statusCode).toBe(404);
    expect(anon.body).not.toContain('Secret draft');
    expect((await publicJson(draft.id)).statusCode).toBe(404);
    const refused = await share(
      draft,
      (await req('GET', `/api/campaigns/${draft.id}`, a.token)).json().assets[0],
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This campaign is not published yet');
  });

  it('paused: page and link preview stay, availability paused, writes 409; resume reopens', async () => {
    const { campaign, asset } = await liveCampaign({ name: 'Pause me' });
    await publicJson(campaign.id); // warm the cache
    await put(campaign.id, { status: 'paused' });
    expect((await publicJson(campaign.id)).json().availability).toEqual({ state: 'paused' });
    const page = await req('GET', `/supporter/${campaign.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('og:title');
    expect(page.body).toContain('Pause me');
    for (const res of [await share(campaign, asset), await schedule(campaign, asset)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Sharing is paused for this campaign');
    }
    await put(campaign.id, { status: 'active' });
    expect((await share(campaign, asset)).statusCode).toBe(201);
  });

  it('ended by status or by a passed end date: availability ended, preview kept, writes 409', async () => {
    const byStatus = await liveCampaign({ name: 'Ended by status' });
    await put(byStatus.campaign.id, { status: 'ended' });
    const byDate = await liveCampaign({ name: 'Ended by date', endDate: '2021-06-30' });
    for (const { campaign, asset } of [byStatus, byDate]) {
      expect((await publicJson(campaign.id)).json().availability).toEqual({ state: 'ended' });
      const page = await req('GET', `/supporter/${campaign.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('og:title');
      const res = await share(campaign, asset);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This campaign has ended');
      expect((await schedule(campaign, asset)).statusCode).toBe(409);
    }
  });

  it('not yet started: says when it starts; writes 409', async () => {
    const startsAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const { campaign, asset } = await liveCampaign({ startDate: startsAt, endDate: iso(9 * DAY_MS) });
    const body = (await publicJson(campaign.id)).json();
    expect(body.availability).toEqual({
      state: 'not-started',
      startsAt,
      endsAt: new Date(Date.parse(campaign.endDate)).toISOString(),
    });
    const res = await share(campaign, asset);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This campaign has not started yet');
  });

  it('an end date passing turns the cached view to ended without any write', async () => {
    // Published first (draft, asset, publish), then given an end date a moment away.
    const { campaign, asset } = await liveCampaign();
    const endsSoon = iso(1000);
    expect((await put(campaign.id, { endDate: endsSoon })).statusCode).toBe(200);
    const open = (await publicJson(campaign.id)).json();
    expect(open.availability).toEqual({ state: 'open', endsAt: endsSoon });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await publicJson(campaign.id)).json().availability).toEqual({ state: 'ended' });
    expect((await share(campaign, asset)).statusCode).toBe(409);
  });

  it('refuses a schedule after the end date', async () => {
    const { campaign, asset } = await liveCampaign({ endDate: iso(2 * DAY_MS) });
    const res = await schedule(campaign, asset, iso(3 * DAY_MS));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Scheduled time must be before the campaign ends');
    expect((await schedule(campaign, asset, iso(DAY_MS))).statusCode).toBe(201);
  });

  it('the scheduled list stops offering shares of ended or archived campaigns and deleted assets', async () => {
    const owner = await signUp(t.app);
    const setup = async (name: string) => {
      const c = await createCampaign(t.app, owner.token, { name });
      const x = await createAsset(t.app, owner.token, c.id);
      // Kept: a live campaign's last asset cannot be deleted.
      await createAsset(t.app, owner.token, c.id, { title: 'Kept text' });
      const res = await req('POST', '/api/shares/schedule', undefined, {
        assetId: x.id,
        campaignId: c.id,
        organizationId: owner.orgId,
        platform: 'all',
        scheduledFor: iso(DAY_MS),
      });
      expect(res.statusCode).toBe(201);
      return { c, x };
    };
    await setup('Kept campaign');
    const paused = await setup('Paused campaign');
    const ended = await setup('Ended campaign');
    const byDate = await setup('Ended by date');
    const archived = await setup('Archived campaign');
    const deleted = await setup('Deleted asset');
    const edit = (id: number, body: unknown) => req('PUT', `/api/campaigns/${id}`, owner.token, body);
    await edit(paused.c.id, { status: 'paused' });
    await edit(ended.c.id, { status: 'ended' });
    await edit(byDate.c.id, { endDate: iso(-1000) });
    await req('DELETE', `/api/campaigns/${archived.c.id}`, owner.token);
    await req('DELETE', `/api/assets/${deleted.x.id}`, owner.token);
    const names = (await req('GET', '/api/shares/scheduled', owner.token))
      .json()
      .map((s: { campaignName: string }) => s.campaignName)
      .sort();
    expect(names).toEqual(['Kept campaign', 'Paused campaign']);
    // A plain end date of today still runs today.
    await edit(byDate.c.id, { endDate: new Date().toISOString().slice(0, 10) });
    expect((await req('GET', '/api/shares/scheduled', owner.token)).json()).toHaveLength(3);
  });
});

describe('concurrency', () => {
  it('a concurrent edit and archive: one wins, nothing half applied', async () => {
    for (let round = 0; round < 5; round++) {
      const { campaign } = await liveCampaign({ name: `Race ${round}` });
      const [edit, archive] = await Promise.all([
        put(campaign.id, { name: `Renamed ${round}`, status: 'paused', endDate: '2099-01-01' }),
        req('DELETE', `/api/campaigns/${campaign.id}`, a.token),
      ]);
      expect(archive.statusCode).toBe(204);
      const after = (await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json();
      expect(after.status).toBe('archived');
      if (edit.statusCode === 200) {
        // The edit went first: all of it is there.
        expect(after).toMatchObject({ name: `Renamed ${round}`, endDate: '2099-01-01' });
      } else {
        // The archive went first: none of the edit is.
        expect(edit.statusCode).toBe(400);
        expect(after).toMatchObject({ name: `Race ${round}`, endDate: null });
      }
    }
  });

  it('share writes racing an archive: 201 before or 409 after, never 500', async () => {
    const { campaign, asset } = await liveCampaign({ name: 'Share race' });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => share(campaign, asset)),
      req('DELETE', `/api/campaigns/${campaign.id}`, a.token),
      ...Array.from({ length: 10 }, () => share(campaign, asset)),
      ...Array.from({ length: 4 }, () => schedule(campaign, asset)),
    ]);
    const archive = results[10];
    expect(archive?.statusCode).toBe(204);
    const shares = results.filter((r) => r !== archive);
    for (const r of shares) expect([201, 409]).toContain(r.statusCode);
    const created = shares.filter((r) => r.statusCode === 201 && r.json().status === 'shared').length;
    expect((await req('GET', `/api/campaigns/${campaign.id}/stats`, a.token)).json().totalShares).toBe(
      created,
    );
    expect((await share(campaign, asset)).statusCode).toBe(409);
  });

  it('a concurrent asset edit and delete: the asset ends deleted, the edit 200 before or 404 after', async () => {
    const { campaign, asset } = await liveCampaign();
    await createAsset(t.app, a.token, campaign.id, { title: 'Kept text' });
    const [edit, del] = await Promise.all([
      req('PUT', `/api/assets/${asset.id}`, a.token, { title: 'Edited late' }),
      req('DELETE', `/api/assets/${asset.id}`, a.token),
    ]);
    expect(del.statusCode).toBe(204);
    expect([200, 404]).toContain(edit.statusCode);
    expect((await req('GET', `/api/campaigns/${campaign.id}`, a.token)).json().assets).toHaveLength(1);
  });
});
