import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors.ts';
import { type AddressPolicy, checkDestination, refusePrivateAddress, safeFetch } from './safe-fetch.ts';

describe('refusePrivateAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'IPv4-mapped'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['::127.0.0.1', 'IPv4-'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    const reason = refusePrivateAddress(address);
    expect(reason).not.toBeNull();
    expect(reason).toContain(kind);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])(
    'allows public %s',
    (address) => {
      expect(refusePrivateAddress(address)).toBeNull();
    },
  );

  it('refuses what is not an address', () => {
    expect(refusePrivateAddress('localhost')).not.toBeNull();
    expect(refusePrivateAddress('')).not.toBeNull();
  });
});

let server: http.Server;
let base: string;
let port: number;

// A local server on 127.0.0.1; the tests' policy lets exactly that server (address
// and port) through and applies the default policy to everything else.
const onlyTestServer: AddressPolicy = (address, url) =>
  address === '127.0.0.1' && url?.port === String(port) ? null : refusePrivateAddress(address);
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** The test server's redirects away from itself: path, status, location. */
const REDIRECTS: Record<string, [number, string]> = {
  '/to-metadata': [302, 'http://169.254.169.254/latest/meta-data/'],
  '/to-127': [302, 'http://127.0.0.1/admin'],
  '/to-loopback': [301, 'http://127.0.0.2:1/secret'],
  '/to-mapped': [307, 'http://[::ffff:127.0.0.1]/'],
  '/to-file': [302, 'file:///etc/passwd'],
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    const redirect = REDIRECTS[url.pathname];
    if (redirect) {
      res.writeHead(redirect[0], { location: redirect[1] }).end();
      return;
    }
    switch (url.pathname) {
      case '/image':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/chain':
        if (hops > 0) res.writeHead(302, { location: `/chain?hops=${hops - 1}` }).end();
        else res.writeHead(200).end(PNG);
        return;
      case '/stall':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG); // then never end
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'image/png' }); // chunked, no length
        for (let i = 0; i < 20; i++) res.write(Buffer.alloc(1024));
        res.end();
        return;
      case '/declared-big':
        res.writeHead(200, { 'content-length': String(1024 * 1024) });
        res.end(Buffer.alloc(1024 * 1024));
        return;
      case '/missing':
        res.writeHead(404).end('nope');
        return;
      default:
        res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('safeFetch', () => {
  it('fetches from an allowed address', async () => {
    const got = await safeFetch(`${base}/image`, { maxBytes: 1000, policy: onlyTestServer });
    expect(got.bytes.equals(PNG)).toBe(true);
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://017700000001/',
    'https://127.0.0.1./',
  ])('refuses the private host %s before connecting (default policy)', async (url) => {
    const err = await refusal(safeFetch(url, { maxBytes: 1000 }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/^Refusing to fetch/);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.org/x.png',
    'gopher://x/',
    'data:image/png;base64,AA',
    'nonsense',
  ])('refuses %s: only http and https', async (url) => {
    expect((await refusal(safeFetch(url, { maxBytes: 1000 }))).statusCode).toBe(400);
  });

  it('refuses credentials in the URL', async () => {
    const creds = await refusal(safeFetch('http://user:pw@example.org/', { maxBytes: 1000 }));
    expect(creds.statusCode).toBe(400);
  });

  it('re-checks every redirect: to 127.0.0.1, 169.254.169.254, another loopback, a mapped address, a file URL', async () => {
    for (const path of ['/to-127', '/to-metadata', '/to-loopback', '/to-mapped']) {
      const err = await refusal(safeFetch(`${base}${path}`, { maxBytes: 1000, policy: onlyTestServer }));
      expect(err.statusCode, path).toBe(400);
      expect(err.message, path).toMatch(/^Refusing to fetch/);
    }
    const file = await refusal(safeFetch(`${base}/to-file`, { maxBytes: 1000, policy: onlyTestServer }));
    expect(file.message).toMatch(/Only http/);
  });

  it('follows at most 3 redirects', async () => {
    const ok = await safeFetch(`${base}/chain?hops=3`, { maxBytes: 1000, policy: onlyTestServer });
    expect(ok.bytes.equals(PNG)).toBe(true);
    const err = await refusal(safeFetch(`${base}/chain?hops=4`, { maxBytes: 1000, policy: onlyTestServer }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/Too many redirects/);
  });

  it('stops reading past the size cap, declared or not', async () => {
    for (const path of ['/big', '/declared-big']) {
      const err = await refusal(safeFetch(`${base}${path}`, { maxBytes: 10_000, policy: onlyTestServer }));
      expect(err.statusCode, path).toBe(413);
      expect(err.message).toBe('File too large');
    }
  });

  it('times out a server that never finishes', async () => {
    const started = Date.now();
    const err = await refusal(
      safeFetch(`${base}/stall`, { maxBytes: 1000, timeoutMs: 300, policy: onlyTestServer }),
    );
    expect(err.statusCode).toBe(504);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports upstream errors as a 400', async () => {
    const err = await refusal(safeFetch(`${base}/missing`, { maxBytes: 1000, policy: onlyTestServer }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toContain('404');
  });

  it('connects to the address it checked, whatever a second DNS answer says (rebinding)', async () => {
    let calls = 0;
    // First answer: the allowed test server; any later answer: an address nobody listens on.
    vi.spyOn(dns, 'lookup').mockImplementation((async () => {
      calls++;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.255.255.1', family: 4 }];
    }) as unknown as typeof dns.lookup);
    const got = await safeFetch(`http://rebind.example:${port}/image`, {
      maxBytes: 1000,
      policy: onlyTestServer,
      timeoutMs: 2000,
    });
    expect(got.bytes.equals(PNG)).toBe(true);
    expect(calls).toBe(1);
  });

  it('refuses a host when any of its addresses is private', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]) as unknown as typeof dns.lookup);
    const err = await refusal(safeFetch('http://mixed.example/', { maxBytes: 1000 }));
    expect(err.message).toContain('10.0.0.5');
  });
});

describe('checkDestination', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives up on a name that does not resolve in time, as unresolvable', async () => {
    // A DNS server that never answers.
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(() => new Promise(() => {}));
    const started = Date.now();
    const err = await checkDestination('https://slow.example.com/x', {
      protocols: ['https:'],
      lookupTimeoutMs: 100,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    expect((err as HttpError).message).toContain('Could not resolve');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lookup).toHaveBeenCalledOnce();
  });
});
