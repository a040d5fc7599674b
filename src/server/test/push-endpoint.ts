import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** One request a push service received. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for a browser's push service, with a real subscription's keys:
 * it records the requests the app sends, and `decrypt` opens an aes128gcm body with
 * the subscription's private key and auth secret, as the browser would. An endpoint
 * whose path starts with `/gone/` answers 410 Gone (an unsubscribed browser).
 */
export interface TestPushEndpoint {
  /** What PushSubscription.toJSON() gives, pointing at this server. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  decrypt(body: Buffer): string;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<TestPushEndpoint> {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A subscription the browser dropped: what push services answer for it.
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `http://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    received,
    decrypt: (body) => decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret }).toString('utf8'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
