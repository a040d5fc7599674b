import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_NAME, MIN_ASSET_TITLE } from '#shared/constants.ts';
import { type FieldCase, itRefusesEachField, overLong, tooShort } from '../../test/refused-fields.ts';
import { bearer, postJson, signUp, twoOrganizationsPerFile } from '../../test/test-app.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';

const { t, a, b, get } = twoOrganizationsPerFile();
let campaignA: any;
let campaignB: any;

beforeAll(async () => {
  // Drafts: the assets below, images without words among them, could not be published.
  campaignA = await createCampaign(t.app, a.token, { name: 'Campaign of A', status: 'draft' });
  campaignB = await createCampaign(t.app, b.token, { name: 'Campaign of B', status: 'draft' });
});

/** POST /api/assets as A into A's campaign, unless `fields` or `token` say otherwise. */
const post = (fields: Record<string, unknown>, token = a.token) =>
  postJson(t.app, '/api/assets', { campaignId: campaignA.id, ...fields }, token);
/** An image or video asset of A's with this content. */
const postMedia = (type: 'image' | 'video', content: string, title = 'Media asset') =>
  post({ title, type, content });
/** An image asset of A's with this share text. */
const postImage = (title: string, shareText: string) =>
  post({ title, type: 'image', content: 'https://example.org/river.png', shareText });

describe('POST /api/assets', () => {
  it('creates a text asset at the end of the campaign', async () => {
    const text = {
      title: 'Our message',
      type: 'text',
      content: 'Join us 💚 انضم إلينا',
      organizationId: a.orgId,
    };
    const res = await post({ ...text, description: 'Short and sweet' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...text, campaignId: campaignA.id, position: 0 });
  });

  it('accepts http(s) URLs and our own uploads for images and videos', async () => {
    const img = await postMedia('image', 'https://example.org/banner.png', 'Banner image');
    expect(img.statusCode).toBe(201);
    const upload = await uploadFile(t.app, a.token);
    expect(upload.statusCode).toBe(201);
    const url = upload.json().file.url;
    const uploaded = await post({ title: 'Uploaded one', type: 'image', content: url });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().content).toBe(url);
  });

  it.each(['just text', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd'])(
    'refuses %s as media content: not an http(s) URL',
    async (content) => {
      const res = await post({ title: 'Bad media', type: 'image', content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Content must be an http(s) URL or an uploaded file for image and video assets',
      );
    },
  );

  describe("a video site's page as media", () => {
    const pages: [url: string, site: string][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'YouTube'],
      ['https://youtu.be/dQw4w9WgXcQ', 'YouTube'],
      ['https://m.youtube.com/shorts/abc123', 'YouTube'],
      ['https://vimeo.com/76979871', 'Vimeo'],
      ['https://www.tiktok.com/@org/video/7200000000000000000', 'TikTok'],
    ];

    it.each(pages)('refuses %s as a video, saying what works', async (content, site) => {
      const before = (await get('/api/assets', a.token)).json().length;
      const res = await postMedia('video', content);
      expect(res.statusCode).toBe(400);
      const message = res.json().message;
      expect(message).toBe(
        `A ${site} link is a web page, not a file: it cannot play on the supporter page. ` +
          `Upload the video file (MP4, WebM or MOV) or link straight to it; to share the ${site} video itself, add a text asset with its link.`,
      );
      expect(res.json().errors).toContainEqual({ path: 'content', message, rule: 'invalid' });
      expect((await get('/api/assets', a.token)).json().length).toBe(before);
    });

    it('refuses one as an image too, and on an edit that turns an asset into one', async () => {
      const image = await postMedia('image', 'https://youtu.be/dQw4w9WgXcQ');
      expect(image.statusCode).toBe(400);
      expect(image.json().message).toContain('Upload an image file (PNG, JPEG, GIF or WebP)');

      const video = await postMedia('video', 'https://example.org/film.mp4');
      expect(video.statusCode).toBe(201);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/assets/${video.json().id}`,
        headers: bearer(a.token),
        payload: { content: 'https://vimeo.com/76979871' },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toMatchObject({ code: 'ASSET_CONTENT_INVALID' });
      expect(edit.json().message).toMatch(/^A Vimeo link is a web page/);
    });

    it("accepts a site's direct file link, the page's link as a text asset, and look-alike hosts", async () => {
      for (const [type, content] of [
        ['video', 'https://player.vimeo.com/progressive_redirect/playback/1/rendition/720p/file.mp4'],
        ['video', 'https://notyoutube.com/watch?v=1'],
        ['text', 'Watch our film: https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ]) {
        const res = await post({ title: 'Allowed one', type, content });
        expect(res.statusCode, content).toBe(201);
      }
    });
  });

  it('refuses an upload path with no stored file', async () => {
    const missing = await post({
      title: 'Gone file',
      type: 'video',
      content: `/uploads/${'a'.repeat(32)}.mp4`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The uploaded file was not found: upload it again');
  });

  describe('bad fields', () => {
    const valid = { title: 'A fine title', type: 'text', content: 'x' };
    const cases: FieldCase[] = [
      ...tooShort('title', 'Title', MIN_ASSET_TITLE, { trimmed: true }),
      overLong('title', 'Title', MAX_NAME),
      ['unknown type', { type: 'gif' }, 'type', 'Type must be image, video or text'],
      ['empty content', { content: '' }, 'content', 'Content is required'],
    ];
    itRefusesEachField(
      cases,
      (patch) => post({ ...valid, ...patch }),
      async () => (await get('/api/assets', a.token)).json().length,
    );
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
      const res = await post({ ...intrusion, ...target });
      expect(res.statusCode, what).toBe(status);
    }
    expect(await count()).toBe(before);
  });

  it('answers 403 for a caller without an organisation', async () => {
    const lone = await signUp(t.app, { org: false });
    const res = await post({ title: 'Lonely', type: 'text', content: 'x' }, lone.token);
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
    const live = await createCampaign(t.app, a.token, { name: 'Captioned campaign' });
    const asset = await createAsset(t.app, a.token, live.id, {
      title: 'River banner',
      type: 'image',
      content: 'https://example.org/river.png',
      shareText: '  Our river is swimmable again. Help keep it that way!  ',
    });
    expect(asset.shareText).toBe('Our river is swimmable again. Help keep it that way!');

    const supporter = await t.app.inject({ method: 'GET', url: `/api/supporter/campaigns/${live.id}` });
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
    const text = await post({
      title: 'Plain text',
      type: 'text',
      content: 'Write to your MP',
      shareText: 'ignored',
    });
    expect(text.json().shareText).toBeNull();
    const long = await postImage('Too long', 'x'.repeat(3001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      {
        path: 'shareText',
        message: 'Share text must be at most 3000 characters',
        rule: 'too_big',
        params: { maximum: 3000 },
      },
    ]);
  });
});
