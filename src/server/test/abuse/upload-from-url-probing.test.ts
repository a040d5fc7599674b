import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FETCH_FAILED_MESSAGE } from '../../modules/uploads/index.ts';
import { createTestApp, postJson, signUp, type TestApp } from '../test-app.ts';

// Every way a fetch can fail (private address, no such host, closed port, an HTTP
// error, a redirect loop) answers the same body, so the server cannot be used to
// map hosts and ports. The reason goes to the server log.

let t: TestApp;
let token: string;
let server: http.Server;
let base: string;
let closedPort: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t.app));
  server = http.createServer((req, res) => {
    if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const fetchVia = (imageUrl: string) => postJson(t.app, '/api/upload-from-url', { imageUrl }, token);

describe('upload-from-url failures look alike', () => {
  it('private, unresolvable and refused targets give one generic 400', async () => {
    const bodies = new Set<string>();
    for (const url of [
      'http://localhost/',
      `http://127.0.0.1:${closedPort}/`,
      'http://10.0.0.1:22/',
      'http://[::1]:5432/',
      'http://no-such-host.invalid/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await fetchVia(url);
      expect(res.statusCode, url).toBe(400);
      bodies.add(res.body);
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ code: 'URL_FETCH_FAILED', message: FETCH_FAILED_MESSAGE }),
    ]);
  });
});

describe('with private fetches allowed (a local stand-in for the internet)', () => {
  let open: TestApp;
  let openToken: string;
  const logged: string[] = [];
  beforeAll(async () => {
    open = await createTestApp({ ALLOW_PRIVATE_FETCH: 'true' });
    ({ token: openToken } = await signUp(open.app));
    // The test app logs nothing; capture the route's warnings instead.
    const log = open.app.log;
    const child = log.child({});
    for (const target of new Set([log, child])) {
      vi.spyOn(target, 'warn').mockImplementation(((obj: unknown, msg?: string) => {
        logged.push(JSON.stringify(obj) + (msg ?? ''));
      }) as never);
    }
  });
  afterAll(async () => {
    await open.close();
    fs.rmSync(open.config.dataDir, { recursive: true, force: true });
  });

  it('a closed port, a 500 and a redirect loop answer the same; the log has the reason', async () => {
    const bodies = new Set<string>();
    for (const url of [`http://127.0.0.1:${closedPort}/`, `${base}/error`, `${base}/loop`]) {
      const res = await postJson(open.app, '/api/upload-from-url', { imageUrl: url }, openToken);
      expect(res.statusCode, url).toBe(400);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect(logged.join('\n')).toMatch(/ECONNREFUSED/);
    expect(logged.join('\n')).toMatch(/answered 500/);
    expect(logged.join('\n')).toMatch(/Too many redirects/);
  });
});
