import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, bearer, postJson, signUp } from '../../test/test-app.ts';
import { type UploadedFile, uploadFile, uploadFromUrl } from '../../test/upload-file.ts';
import { GIF_1X1, PNG_1X1, SAMPLE_HEADERS } from '../../test/sample-files.ts';

const t = appPerFile();
let token: string;
beforeAll(async () => {
  ({ token } = await signUp(t.app));
});

const upload = (file: UploadedFile, auth = token) => uploadFile(t.app, auth, file);

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedNames = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

describe('POST /api/upload', () => {
  it('stores a PNG under a random name and serves it back with nosniff', async () => {
    const res = await upload({ filename: 'photo.png', contentType: 'image/png', bytes: PNG_1X1 });
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(file).toMatchObject({ mimetype: 'image/png', size: PNG_1X1.length });
    expect(file.url).not.toContain('photo');

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('sniffs the bytes, not the name: a PNG called .txt is stored as a PNG', async () => {
    const res = await upload({ filename: 'notes.txt', contentType: 'text/plain', bytes: PNG_1X1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().file.mimetype).toBe('image/png');
    expect(res.json().file.url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().file.url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts a GIF', async () => {
    const res = await upload({ filename: 'a.gif', contentType: 'image/gif', bytes: GIF_1X1 });
    expect(res.statusCode).toBe(201);
    expect(res.json().file.mimetype).toBe('image/gif');
  });

  it.each([
    ['jpeg', 'image/jpeg', /\.jpg$/],
    ['webp', 'image/webp', /\.webp$/],
    ['mp4', 'video/mp4', /\.mp4$/],
    ['mov', 'video/quicktime', /\.mov$/],
    ['webm', 'video/webm', /\.webm$/],
  ] as const)('accepts %s and serves it as %s', async (kind, mimetype, ext) => {
    const res = await upload({
      filename: 'upload.bin',
      contentType: 'application/octet-stream',
      bytes: SAMPLE_HEADERS[kind],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().file.mimetype).toBe(mimetype);
    expect(res.json().file.url).toMatch(ext);
    const served = await t.app.inject({ method: 'GET', url: res.json().file.url });
    expect(served.headers['content-type']).toBe(mimetype);
  });

  it('refuses audio and other non-image, non-video types', async () => {
    const res = await upload({ filename: 'song.mp4', contentType: 'video/mp4', bytes: SAMPLE_HEADERS.m4a });
    expect(res.statusCode).toBe(415);
    const pdf = await upload({
      filename: 'doc.png',
      contentType: 'image/png',
      bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n'),
    });
    expect(pdf.statusCode).toBe(415);
  });

  it('refuses text renamed .png, SVG with script and HTML with 415, storing nothing', async () => {
    const before = storedNames().length;
    const cases = [
      { filename: 'fake.png', contentType: 'image/png', bytes: Buffer.from('hello, I am just text\n') },
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        bytes: Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        ),
      },
      {
        filename: 'page.png',
        contentType: 'image/png',
        bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      },
    ];
    for (const file of cases) {
      const res = await upload(file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().message).toMatch(/^Unsupported file type/);
    }
    expect(storedNames().length).toBe(before);
  });

  it('answers 413 File too large just past the 5 MB limit and keeps nothing', async () => {
    const before = storedNames().length;
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG_1X1.length)]);
    const res = await upload({ filename: 'big.png', contentType: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large');
    expect(storedNames().length).toBe(before);
    expect(storedNames().some((n) => n.startsWith('.tmp'))).toBe(false);

    const atLimit = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 - PNG_1X1.length)]);
    const ok = await upload({ filename: 'limit.png', contentType: 'image/png', bytes: atLimit });
    expect(ok.statusCode).toBe(201);
  });

  it('answers 400 No file uploaded without a file part, and 400 for an empty file', async () => {
    const boundary = '----rallynofile';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No file uploaded');
    const empty = await upload({ filename: 'empty.png', contentType: 'image/png', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 415 for a JSON body and 401 without a session', async () => {
    const json = await postJson(t.app, '/api/upload', { file: 'x' }, token);
    expect(json.statusCode).toBe(415);
    const anon = await upload({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 }, 'not-a-token');
    expect(anon.statusCode).toBe(401);
  });
});

describe('uploads need an organisation', () => {
  it('answers 403 to a signed-in user who has not created one, storing nothing', async () => {
    const { token: noOrg } = await signUp(t.app, { org: false });
    const before = storedNames().length;
    const res = await upload({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 }, noOrg);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing organization information. Please try logging out and back in.');
    const fromUrl = await uploadFromUrl(t.app, noOrg);
    expect(fromUrl.statusCode).toBe(403);
    expect(storedNames().length).toBe(before);
  });
});

describe('GET /uploads/:name', () => {
  it('answers 404 for unknown names and anything that is not one of ours', async () => {
    for (const url of [
      `/uploads/${'0'.repeat(32)}.png`,
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/.tmp-abc',
      '/uploads/notes.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
  });

  it('serves byte ranges (video players need them)', async () => {
    const res = await upload({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
    const url = res.json().file.url;
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${PNG_1X1.length}`);
    expect(part.rawPayload.equals(PNG_1X1.subarray(0, 8))).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=9999-' } });
    expect(bad.statusCode).toBe(416);
  });
});
