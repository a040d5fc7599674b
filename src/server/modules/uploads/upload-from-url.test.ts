import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, postJson } from '../../test/test-app.ts';
import { PNG_1X1 } from '../../test/sample-files.ts';
import { FETCH_FAILED_MESSAGE } from './uploads.service.ts';

// `locked` is the production setting; `open` sets ALLOW_PRIVATE_FETCH so a loopback
// test server can stand in for the internet.
let locked: TestApp;
let open: TestApp;
let lockedToken: string;
let openToken: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  locked = await createTestApp();
  open = await createTestApp({ ALLOW_PRIVATE_FETCH: 'true', UPLOAD_MAX_BYTES: '4096' });
  ({ token: lockedToken } = await signUp(locked.app));
  ({ token: openToken } = await signUp(open.app));
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/photo') res.writeHead(200, { 'content-type': 'text/plain' }).end(PNG_1X1);
    else if (url.pathname === '/page')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script></script>');
    else if (url.pathname === '/svg')
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    else if (url.pathname === '/chain')
      res.writeHead(302, { location: hops > 0 ? `/chain?hops=${hops - 1}` : '/photo' }).end();
    else if (url.pathname === '/big') {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1024));
      res.end();
    } else if (url.pathname === '/stall') {
      res.writeHead(200);
      res.write(PNG_1X1.subarray(0, 8));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const t of [locked, open]) {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  }
});

const fetchVia = (t: TestApp, token: string, imageUrl: unknown) =>
  postJson(t.app, '/api/upload-from-url', { imageUrl }, token);

describe('POST /api/upload-from-url (default: private addresses refused)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost:3000/api/user',
    'http://169.254.169.254/latest/meta-data/iam/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://192.168.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0177.0.0.1/',
  ])('refuses %s with a clear 400', async (url) => {
    const res = await fetchVia(locked, lockedToken, url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'URL_FETCH_FAILED', message: FETCH_FAILED_MESSAGE });
  });

  it('refuses the loopback test server too: the setting is off by default', async () => {
    const res = await fetchVia(locked, lockedToken, `${base}/photo`);
    expect(res.statusCode).toBe(400);
  });

  it('refuses other schemes and empty input', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/a.png', 'javascript:alert(1)']) {
      const res = await fetchVia(locked, lockedToken, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/http/);
    }
    const empty = await fetchVia(locked, lockedToken, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter a URL to download');
  });

  it('needs a session', async () => {
    const res = await postJson(locked.app, '/api/upload-from-url', { imageUrl: 'https://example.org/a.png' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/upload-from-url (ALLOW_PRIVATE_FETCH against a local server)', () => {
  it('downloads, sniffs and stores like an upload', async () => {
    const res = await fetchVia(open, openToken, `${base}/photo`);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({ mimetype: 'image/png', size: PNG_1X1.length });
    expect(file.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await open.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('follows 3 redirects and refuses a 4th', async () => {
    expect((await fetchVia(open, openToken, `${base}/chain?hops=2`)).statusCode).toBe(201);
    const res = await fetchVia(open, openToken, `${base}/chain?hops=3`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'URL_FETCH_FAILED', message: FETCH_FAILED_MESSAGE });
  });

  it('refuses HTML and SVG with 415, whatever the server calls them', async () => {
    for (const path of ['/page', '/svg']) {
      const res = await fetchVia(open, openToken, `${base}${path}`);
      expect(res.statusCode, path).toBe(415);
    }
  });

  it('stops past the upload limit with 413', async () => {
    const res = await fetchVia(open, openToken, `${base}/big`);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large');
  });

  it('reports a missing file as a 400', async () => {
    const res = await fetchVia(open, openToken, `${base}/nothing-here`);
    expect(res.statusCode).toBe(400);
  });

  it('gives up after 10 seconds', { timeout: 20_000 }, async () => {
    const started = Date.now();
    const res = await fetchVia(open, openToken, `${base}/stall`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'URL_FETCH_FAILED', message: FETCH_FAILED_MESSAGE });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
