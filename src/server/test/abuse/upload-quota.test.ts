import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupUnusedUploads, FetchSlots, UNUSED_UPLOAD_TTL_MS } from '../../modules/uploads/index.ts';
import { PNG_1X1 } from '../sample-files.ts';
import { appPerFile, bearer, postJson, sendJson, signUp } from '../test-app.ts';
import { uploadFile, uploadFromUrl } from '../upload-file.ts';

// The upload store is not free disk: uploads per user per hour, bytes per
// organisation, and files nothing uses are removed after a day.

const png = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length)]);

const t = appPerFile({ UPLOAD_QUOTA_BYTES: '10000', UPLOADS_PER_HOUR: '6', UPLOAD_MAX_BYTES: '4096' });

const upload = (token: string, bytes: Buffer) =>
  uploadFile(t.app, token, { filename: 'a.png', contentType: 'image/png', bytes });
const storedNames = () => {
  const dir = path.join(t.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => !n.startsWith('.')) : [];
};

describe('per-organisation quota', () => {
  it('refuses the upload that would pass the quota with 413, storing nothing', async () => {
    const { token } = await signUp(t.app);
    for (let i = 0; i < 2; i++) expect((await upload(token, png(4000))).statusCode).toBe(201);
    const before = storedNames().length;
    const over = await upload(token, png(4000));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/^Storage quota reached: your organisation's uploads may use/);
    expect(storedNames().length).toBe(before);
    // What still fits is accepted; another organisation has its own quota.
    expect((await upload(token, png(1000))).statusCode).toBe(201);
    const other = await signUp(t.app);
    expect((await upload(other.token, png(4000))).statusCode).toBe(201);
  });
});

describe('per-user upload rate', () => {
  it('answers 429 with Retry-After past the hourly number', async () => {
    const { token } = await signUp(t.app);
    for (let i = 0; i < 6; i++) expect((await upload(token, PNG_1X1)).statusCode).toBe(201);
    const limited = await upload(token, PNG_1X1);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Upload limit reached: at most 6 uploads an hour/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().params).toEqual({
      retryAfterSeconds: Number(limited.headers['retry-after']),
      scope: 'upload',
    });
    const fromUrl = await uploadFromUrl(t.app, token);
    expect(fromUrl.statusCode).toBe(429);
  });
});

describe('cleanup of unused uploads', () => {
  it('removes uploads no asset or template uses after 24 h, and is idempotent', async () => {
    const { token, orgId } = await signUp(t.app);
    const urls: string[] = [];
    for (let i = 0; i < 6; i++) urls.push((await upload(token, PNG_1X1)).json().file.url);
    const [unused, inAsset, inTemplate, inDeletedAsset, editedAway, editedIn] = urls;
    const campaign = await postJson(t.app, '/api/campaigns', { name: 'Camp', organizationId: orgId }, token);
    const campaignId = campaign.json().id;
    const asset = await postJson(
      t.app,
      '/api/assets',
      { title: 'Photo', type: 'image', content: inAsset, campaignId },
      token,
    );
    expect(asset.statusCode).toBe(201);
    const createAsset = async (content: string) => {
      const res = await postJson(
        t.app,
        '/api/assets',
        { title: 'Photo', type: 'image', content, campaignId },
        token,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    // A deleted asset keeps its row (shares and history still point at it), so its
    // file stays; an edit that swaps the file leaves the old one unused.
    const deletedId = await createAsset(inDeletedAsset);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/assets/${deletedId}`,
      headers: bearer(token),
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const editedId = await createAsset(editedAway);
    const edit = await sendJson(t.app, 'PUT', `/api/assets/${editedId}`, { content: editedIn }, token);
    expect(edit.statusCode, edit.body).toBe(200);
    await t.database.db
      .insertInto('templates')
      .values({
        organizationId: orgId,
        name: 'Tpl',
        description: null,
        category: 'custom',
        assets: JSON.stringify([{ title: 'P', description: null, type: 'image', content: inTemplate }]),
        sourceCampaignId: null,
        createdAt: new Date().toISOString(),
      })
      .execute();

    const storage = t.deps.uploads;
    const db = t.database.db;
    const nameOf = (url: string) => url.split('/').pop()!;
    // Younger than a day: nothing goes.
    const young = await cleanupUnusedUploads({ db, storage });
    expect(young).not.toContain(nameOf(unused));

    const later = Date.now() + UNUSED_UPLOAD_TTL_MS + 1000;
    const removed = await cleanupUnusedUploads({ db, storage, now: later });
    expect(removed).toContain(nameOf(unused));
    expect(removed).not.toContain(nameOf(inAsset));
    expect(removed).not.toContain(nameOf(inTemplate));
    expect(removed).not.toContain(nameOf(inDeletedAsset));
    expect(removed).toContain(nameOf(editedAway));
    expect(removed).not.toContain(nameOf(editedIn));
    expect((await t.app.inject({ url: inDeletedAsset })).statusCode).toBe(200);
    expect((await t.app.inject({ url: editedAway })).statusCode).toBe(404);
    expect((await t.app.inject({ url: unused })).statusCode).toBe(404);
    expect((await t.app.inject({ url: inAsset })).statusCode).toBe(200);
    expect((await t.app.inject({ url: inTemplate })).statusCode).toBe(200);

    // A second run (another instance, or a retry) finds nothing more to do.
    const again = await cleanupUnusedUploads({ db, storage, now: later });
    expect(again).not.toContain(nameOf(unused));
    expect(again).not.toContain(nameOf(inAsset));
  });
});

describe('concurrent upload-from-url fetches', () => {
  it('run at most N at once per instance, and two per user', async () => {
    const slots = new FetchSlots(3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = [slots.run(1, () => gate), slots.run(1, () => gate), slots.run(2, () => gate)];
    await expect(slots.run(1, async () => 'x')).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'Retry-After': '5' },
      extras: { params: { retryAfterSeconds: 5, scope: 'upload' } },
    });
    await expect(slots.run(3, async () => 'x')).rejects.toMatchObject({ statusCode: 429 });
    release();
    await Promise.all(running);
    await expect(slots.run(3, async () => 'ok')).resolves.toBe('ok');
  });
});

// Parallel uploads reserve their share of the quota and of the hourly number before
// their bytes are stored, in one atomic step per limit, so a burst cannot slip past
// either; a refused or failed upload gives its reservation back.
describe('parallel uploads', () => {
  const KB = 1024;
  const burst = appPerFile({
    UPLOAD_QUOTA_BYTES: String(300 * KB),
    UPLOADS_PER_HOUR: '100',
    UPLOAD_MAX_BYTES: String(100 * KB),
  });
  const send = (token: string, bytes: Buffer) =>
    uploadFile(burst.app, token, { filename: 'a.png', contentType: 'image/png', bytes });
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('ten parallel 90 KB uploads against a 300 KB quota store at most three', async () => {
    const { token, orgId } = await signUp(burst.app);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => send(token, png(90 * KB))))).map(
      (r) => r.statusCode,
    );
    expect(count(statuses, 201)).toBe(3);
    expect(count(statuses, 413)).toBe(7);
    const used = await burst.database.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .where('organizationId', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(Number(used.bytes)).toBe(3 * 90 * KB);
    // The refused ones gave their reservations back: what still fits goes in.
    expect((await send(token, png(20 * KB))).statusCode).toBe(201);
  });

  it('130 uploads, 20 at a time, against 100 an hour: exactly 100 are stored', async () => {
    const { token } = await signUp(burst.app);
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 130) {
        next++;
        statuses.push((await send(token, PNG_1X1)).statusCode);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(statuses).toHaveLength(130);
    expect(count(statuses, 201)).toBe(100);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    expect(count(statuses, 429)).toBe(30);
  });

  it('a file that fails after its reservation (not an image) does not count against the hour or the quota', async () => {
    const { token, orgId } = await signUp(burst.app);
    const bad = await uploadFile(burst.app, token, {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: Buffer.alloc(90 * KB, 1),
    });
    expect(bad.statusCode).toBe(415);
    const rows = await burst.database.db
      .selectFrom('uploads')
      .select('id')
      .where('organizationId', '=', orgId)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
