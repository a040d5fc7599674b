import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1X1 } from '../sample-files.ts';
import { bearer, createTestApp, signUp, type TestApp } from '../test-app.ts';

// A request refused before its body was read (too large, wrong type, no session, over
// a limit) must not leave the rest of that body on a keep-alive connection: browsers
// reuse connections, and the next request on it would never be answered. The server
// reads the rest or closes the connection; either way the next requests are answered.
// One client connection at a time (keepAlive, maxSockets: 1): what is reused is reused.

const MAX = 64 * 1024;
let t: TestApp;
let base: string;
let token: string;
let rateToken: string;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(MAX), UPLOADS_PER_HOUR: '1' });
  ({ token } = await signUp(t.app));
  ({ token: rateToken } = await signUp(t.app));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  socket: unknown;
}

function send(
  agent: http.Agent,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${opts.path}`,
      {
        agent,
        method: opts.method,
        headers: { ...opts.headers, ...(opts.body && { 'content-length': String(opts.body.length) }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
      },
    );
    req.setTimeout(4000, () => req.destroy(new Error(`no answer to ${opts.method} ${opts.path} in 4 s`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** An upload of a PNG padded to `bytes`, with `session`'s token when given. */
const upload = (bytes: number, session?: string): Parameters<typeof send>[1] => {
  const file = multipartFile({
    filename: 'big.png',
    contentType: 'image/png',
    bytes: Buffer.concat([PNG_1X1, Buffer.alloc(bytes)]),
  });
  const headers = session ? { ...file.headers, ...bearer(session) } : file.headers;
  return { method: 'POST', path: '/api/upload', headers, body: file.payload };
};

const cases: [name: string, status: number, request: () => Parameters<typeof send>[1]][] = [
  ['an upload over the size limit', 413, () => upload(MAX * 8, token)],
  ['an upload without a session', 401, () => upload(MAX / 2)],
  [
    'an upload of another content type',
    415,
    () => ({
      method: 'POST',
      path: '/api/upload',
      headers: { 'content-type': 'application/octet-stream', ...bearer(token) },
      body: Buffer.alloc(MAX / 2),
    }),
  ],
  ['an upload over the hourly limit', 429, () => upload(MAX / 2, rateToken)],
  [
    'a JSON body over the JSON limit',
    413,
    () => ({
      method: 'POST',
      path: '/api/campaigns',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: Buffer.from(JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) })),
    }),
  ],
  [
    'a JSON body without a session',
    401,
    () => ({
      method: 'POST',
      path: '/api/campaigns',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ name: 'x', description: 'y'.repeat(512 * 1024) })),
    }),
  ],
];

describe('a refused request body on a keep-alive connection', () => {
  beforeAll(async () => {
    // Spend the rate-limited user's one upload of the hour.
    const file = multipartFile({ filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...file.headers, ...bearer(rateToken) },
      payload: file.payload,
    });
    expect(res.statusCode).toBe(201);
  });

  it.each(cases)(
    '%s (%i): the next two requests on the connection are answered',
    async (_name, status, request) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // The connection is open and reused before the refusal.
        const warm = await send(agent, { method: 'GET', path: '/api/auth-status' });
        expect(warm.status).toBe(200);
        const refused = await send(agent, request());
        expect(refused.status).toBe(status);
        expect((await send(agent, { method: 'GET', path: '/api/auth-status' })).status).toBe(200);
        expect((await send(agent, { method: 'GET', path: '/api/user', headers: bearer(token) })).status).toBe(
          200,
        );
      } finally {
        agent.destroy();
      }
    },
  );
});
