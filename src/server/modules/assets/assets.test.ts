import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { createAsset, createCampaign, multipartFile, PNG_1X1 } from '../campaigns/workspace-fixtures.ts';

const { t, a, b, get } = twoOrganizationsPerFile();
let campaignA: any;
let campaignB: any;

beforeAll(async () => {
  campaignA = await createCampaign(t.app, a.token, { name: 'Campaign of A' });
  campaignB = await createCampaign(t.app, b.token, { name: 'Campaign of B' });
});

const post = (token: string, payload: Record<string, unknown>) =>
  postJson(t.app, '/api/assets', payload, token);

describe('POST /api/assets', () => {
  it('creates a text asset at the end of the campaign', async () => {
    const res = await post(a.token, {
      title: 'Our message',
      description: 'Short and sweet',
      type: 'text',
      content: 'Join us 💚 انضم إلينا',
      campaignId: campaignA.id,
      organizationId: a.orgId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Our message',
      type: 'text',
      content: 'Join us 💚 انضم إلينا',
      campaignId: campaignA.id,
      organizationId: a.orgId,
      position: 0,
    });
  });

  it('accepts http(s) URLs and our own uploads for images and videos', async () => {
    const img = await post(a.token, {
      title: 'Banner image',
      type: 'image',
      content: 'https://example.org/banner.png',
      campaignId: campaignA.id,
    });
    expect(img.statusCode).toBe(201);
    const file = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(a.token), ...file.headers },
      payload: file.payload,
    });
    expect(upload.statusCode).toBe(201);
    const url = upload.json().file.url;
    const uploaded = await post(a.token, {
      title: 'Uploaded one',
      type: 'image',
      content: url,
      campaignId: campaignA.id,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().content).toBe(url);
  });

  it('refuses non-URL content, other schemes and unknown uploads for media', async () => {
    for (const content of [
      'just text',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
    ]) {
      const res = await post(a.token, {
        title: 'Bad media',
        type: 'image',
        content,
        campaignId: campaignA.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Content must be an http(s) URL or an uploaded file for image and video assets',
      );
    }
    const missing = await post(a.token, {
      title: 'Gone file',
      type: 'video',
      content: `/uploads/${'a'.repeat(32)}.mp4`,
      campaignId: campaignA.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The uploaded file was not found: upload it again');
  });

  it('applies the section 5 rules', async () => {
    const res = await post(a.token, { title: 'ab', type: 'gif', content: '', campaignId: campaignA.id });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Title must be at least 3 characters',
        'Type must be image, video or text',
        'Content is required',
      ]),
    );
    const long = await post(a.token, {
      title: 'x'.repeat(10_000),
      type: 'text',
      content: 'x',
      campaignId: campaignA.id,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Title must be at most 200 characters');
  });

  it("refuses another organisation's campaign with 404 and organizationId with 403", async () => {
    const count = async () => (await get('/api/assets', b.token)).json().length;
    const before = await count();
    const intrusion = { title: 'Intrusion', type: 'text', content: 'x' };
    const attempts: [string, object, number][] = [
      ['their campaign', { campaignId: campaignB.id }, 404],
      ['their campaign and org', { campaignId: campaignB.id, organizationId: b.orgId }, 403],
      ['my campaign, their org', { campaignId: campaignA.id, organizationId: b.orgId }, 403],
    ];
    for (const [what, target, status] of attempts) {
      const res = await post(a.token, { ...intrusion, ...target });
      expect(res.statusCode, what).toBe(status);
    }
    expect(await count()).toBe(before);
  });

  it('answers 403 for a caller without an organisation', async () => {
    const lone = await signUp(t.app, { org: false });
    const res = await post(lone.token, {
      title: 'Lonely',
      type: 'text',
      content: 'x',
      campaignId: campaignA.id,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/assets', () => {
  it("lists the caller organisation's assets only; ?org= of another is 403", async () => {
    const mine = await createAsset(t.app, a.token, campaignA.id, { title: 'Mine only' });
    const theirs = await createAsset(t.app, b.token, campaignB.id, { title: 'Theirs only' });
    const res = await get('/api/assets', a.token);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((s: { id: number }) => s.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await get(`/api/assets?org=${a.orgId}`, a.token)).statusCode).toBe(200);
    expect((await get(`/api/assets?org=${b.orgId}`, a.token)).statusCode).toBe(403);
  });
});

describe('asset share text (caption)', () => {
  it('stores, edits and clears the caption of an image; the supporter view carries it', async () => {
    const created = await post(a.token, {
      title: 'River banner',
      type: 'image',
      content: 'https://example.org/river.png',
      shareText: '  Our river is swimmable again. Help keep it that way!  ',
      campaignId: campaignA.id,
    });
    expect(created.statusCode).toBe(201);
    const asset = created.json();
    expect(asset.shareText).toBe('Our river is swimmable again. Help keep it that way!');

    const supporter = await t.app.inject({ method: 'GET', url: `/api/supporter/campaigns/${campaignA.id}` });
    const seen = supporter.json().assets.find((x: { id: number }) => x.id === asset.id);
    expect(seen.shareText).toBe('Our river is swimmable again. Help keep it that way!');

    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/assets/${asset.id}`, headers: bearer(a.token), payload });
    const edited = await put({ shareText: 'New words to share' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().shareText).toBe('New words to share');
    const cleared = await put({ shareText: null });
    expect(cleared.json().shareText).toBeNull();

    // A text asset shares its content: turning the image into text drops its caption.
    await put({ shareText: 'Again' });
    const toText = await put({ type: 'text', content: 'Plain words' });
    expect(toText.json().shareText).toBeNull();
  });

  it('keeps no caption on a text asset and refuses one past 3000 characters', async () => {
    const text = await post(a.token, {
      title: 'Plain text',
      type: 'text',
      content: 'Write to your MP',
      shareText: 'ignored',
      campaignId: campaignA.id,
    });
    expect(text.json().shareText).toBeNull();
    const long = await post(a.token, {
      title: 'Too long',
      type: 'image',
      content: 'https://example.org/x.png',
      shareText: 'x'.repeat(3001),
      campaignId: campaignA.id,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { path: 'shareText', message: 'Share text must be at most 3000 characters' },
    ]);
  });
});
