import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupUnusedUploads, UNUSED_UPLOAD_TTL_MS } from './upload-cleanup.ts';
import { S3Storage } from '../../lib/s3-storage.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import {
  bearer,
  createTestApp,
  postJson,
  signUp,
  signUpOperator,
  type TestApp,
} from '../../test/test-app.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { PNG_1X1, SAMPLE_HEADERS } from '../../test/sample-files.ts';

// Uploads with S3_BUCKET set: stored in the bucket (s3rver here), served under the
// same /uploads/ URLs with the same headers as from disk.

let s3: TestS3;
let t: TestApp;
let token: string;
let orgId: number;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
  ({ token, orgId } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
  (t.deps.uploads as S3Storage).close();
  await s3.close();
});

async function upload(bytes: Buffer, filename: string, contentType: string) {
  const res = await uploadFile(t.app, token, { filename, contentType, bytes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as { url: string; mimetype: string; size: number };
}

/** The object as the bucket holds it, read with a client of our own. */
async function objectInBucket(key: string): Promise<number | undefined> {
  const direct = new S3Storage(t.config.s3!);
  try {
    return await direct.size(key);
  } finally {
    direct.close();
  }
}

describe('uploads in S3', () => {
  it('uses the S3 store when S3_BUCKET is set', () => {
    expect(t.deps.uploads).toBeInstanceOf(S3Storage);
  });

  it('stores the file in the bucket and serves it whole with its sniffed type and nosniff', async () => {
    const file = await upload(PNG_1X1, 'notes.txt', 'text/plain');
    expect(file.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(await objectInBucket(file.url.slice('/uploads/'.length))).toBe(PNG_1X1.length);

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(Number(served.headers['content-length'])).toBe(PNG_1X1.length);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('serves byte ranges from the bucket, and 416 past the end', async () => {
    const video = Buffer.concat([SAMPLE_HEADERS.mp4, Buffer.alloc(4096, 7)]);
    const file = await upload(video, 'clip.mp4', 'video/mp4');
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['x-content-type-options']).toBe('nosniff');
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(4, 12))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(video.length - 10))).toBe(true);

    const bad = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { range: `bytes=${video.length}-` },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(32)}.png` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found');
  });

  it('accepts an uploaded file as asset content only when the bucket holds it', async () => {
    const file = await upload(PNG_1X1, 'a.png', 'image/png');
    const campaign = await postJson(t.app, '/api/campaigns', { name: 'S3 campaign' }, token);
    expect(campaign.statusCode).toBe(201);
    const create = (content: string) =>
      postJson(
        t.app,
        '/api/assets',
        { campaignId: campaign.json().id, title: 'Photo', type: 'image', content },
        token,
      );
    expect((await create(file.url)).statusCode).toBe(201);
    const missing = await create(`/uploads/${'1'.repeat(32)}.png`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The uploaded file was not found: upload it again');
  });

  it('removes an upload nothing uses from the bucket after 24 h, and keeps a used one', async () => {
    const unused = await upload(PNG_1X1, 'u.png', 'image/png');
    const used = await upload(PNG_1X1, 'v.png', 'image/png');
    const campaign = await postJson(t.app, '/api/campaigns', { name: 'S3 cleanup' }, token);
    const asset = await postJson(
      t.app,
      '/api/assets',
      { campaignId: campaign.json().id, title: 'Photo', type: 'image', content: used.url },
      token,
    );
    expect(asset.statusCode).toBe(201);
    const key = (url: string) => url.slice('/uploads/'.length);

    const later = Date.now() + UNUSED_UPLOAD_TTL_MS + 1000;
    const removed = await cleanupUnusedUploads({ db: t.database.db, storage: t.deps.uploads, now: later });
    expect(removed).toContain(key(unused.url));
    expect(removed).not.toContain(key(used.url));
    expect(await objectInBucket(key(unused.url))).toBeUndefined();
    expect(await objectInBucket(key(used.url))).toBe(PNG_1X1.length);
    expect((await t.app.inject({ url: unused.url })).statusCode).toBe(404);
    // Run again: the object is already gone, and that is no error.
    await expect(
      cleanupUnusedUploads({ db: t.database.db, storage: t.deps.uploads, now: later }),
    ).resolves.not.toContain(key(used.url));
  });

  it("answers 410 for a suspended organisation's file in the bucket, and serves it to its members", async () => {
    const file = await upload(PNG_1X1, 'logo.png', 'image/png');
    const operator = await signUpOperator(t);
    const suspend = (action: 'suspend' | 'restore') =>
      postJson(t.app, `/api/instance/organizations/${orgId}/${action}`, { reason: 'Spam' }, operator.token);
    expect((await suspend('suspend')).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: file.url });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('CAMPAIGN_UNAVAILABLE');
    expect(
      (await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-3' } })).statusCode,
    ).toBe(410);
    const own = await t.app.inject({ method: 'GET', url: file.url, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await suspend('restore')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });
});
