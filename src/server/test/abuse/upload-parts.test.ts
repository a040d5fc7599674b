import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1X1 } from '../sample-files.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../test-app.ts';

// What reaches POST /api/upload: one file, whole, in the field named `file`.

let t: TestApp;
let token: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t.app));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedNames = () =>
  fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).filter((n) => !n.startsWith('.')) : [];

const png = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length)]);

/**
 * Sends the body over a real socket in chunks, one of which ends exactly at the size
 * limit inside the file: the parser then cuts the next chunk off entirely, and only
 * a flag on the stream says the file is incomplete.
 */
async function uploadOverHttp(bytes: Buffer) {
  const body = multipartFile({ filename: 'big.png', contentType: 'image/png', bytes });
  const headLength = body.payload.indexOf(PNG_1X1);
  const cut = headLength + t.config.uploadMaxBytes;
  const chunks = (async function* () {
    yield body.payload.subarray(0, cut);
    await new Promise((resolve) => setTimeout(resolve, 50));
    yield body.payload.subarray(cut);
  })();
  const res = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { ...bearer(token), ...body.headers },
    body: chunks as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, json: await res.json() };
}

describe('the size limit over a real connection', () => {
  it('one byte over the limit is 413 and nothing is stored; at the limit it is stored whole', async () => {
    const before = storedNames().length;
    for (const extra of [1, 2, 200 * 1024]) {
      const res = await uploadOverHttp(png(t.config.uploadMaxBytes + extra));
      expect(res.status, `+${extra}`).toBe(413);
      expect(res.json.message).toBe('File too large');
    }
    expect(storedNames().length).toBe(before);

    const ok = await uploadOverHttp(png(t.config.uploadMaxBytes));
    expect(ok.status).toBe(201);
    expect(ok.json.file.size).toBe(t.config.uploadMaxBytes);
    const name = ok.json.file.url.split('/').pop();
    expect(fs.statSync(path.join(uploadsDir(), name)).size).toBe(t.config.uploadMaxBytes);
  }, 30_000);
});

describe('the file field', () => {
  it('a file part named anything but `file` is 400 and not stored', async () => {
    const before = storedNames().length;
    for (const field of ['upload', 'File', 'image']) {
      const body = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1, field });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe('Send the file in a field named file');
    }
    expect(storedNames().length).toBe(before);
  });
});

describe('malformed multipart bodies', () => {
  it.each([
    ['3 bytes that are not multipart', 'multipart/form-data; boundary=x', 'abc'],
    ['no boundary parameter', 'multipart/form-data', '--x\r\n\r\n'],
    [
      'a part cut off mid-way',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
    [
      'a broken part header',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition\r\n\r\nabc\r\n--x--\r\n',
    ],
  ])('%s: 400', async (_name, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(token), 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^(Malformed multipart body|No file uploaded)$/);
  });
});
