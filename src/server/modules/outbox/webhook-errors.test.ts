import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowAnyAddress, refusePrivateAddress, safePost } from '../../lib/safe-fetch.ts';
import { noAnswerError, statusError } from './webhook-errors.ts';

// What the guarded post rejects with, as the delivery log's code and values (the log
// through the API: modules/webhooks/webhook-error-codes.test.ts).

/** A server that takes the request and never answers. */
let silent: http.Server;
let silentUrl: string;

beforeAll(async () => {
  silent = http.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

it('a status other than 2xx: receiver_status with the status', () => {
  expect(statusError(503)).toEqual({
    code: 'receiver_status',
    params: { status: 503 },
    text: 'The receiver answered 503',
  });
});

describe('noAnswerError, on what the guarded post rejects with', () => {
  const post = (url: string, opts: { timeoutMs?: number; protocols?: string[] } = {}) =>
    safePost(url, {
      protocols: opts.protocols ?? ['http:', 'https:'],
      policy: allowAnyAddress,
      headers: {},
      body: Buffer.from('{}'),
      timeoutMs: opts.timeoutMs,
    }).then(
      () => {
        throw new Error('expected a rejection');
      },
      (err: unknown) => err,
    );

  it('no answer in time: timeout with the seconds of the limit', async () => {
    const err = await post(silentUrl, { timeoutMs: 200 });
    expect(noAnswerError(err, 10_000)).toEqual({
      code: 'timeout',
      params: { seconds: 10 },
      text: 'No answer within 10 s',
    });
  });

  it('a refused private address, a name that does not resolve, a scheme not posted to, a URL with a password', async () => {
    const refused = await safePost('http://10.1.2.3/hooks', {
      protocols: ['http:'],
      policy: refusePrivateAddress,
      headers: {},
      body: Buffer.from('{}'),
    }).catch((e: unknown) => e);
    expect(noAnswerError(refused, 10_000)).toMatchObject({
      code: 'address_refused',
      params: { host: '10.1.2.3', address: '10.1.2.3' },
    });
    expect(noAnswerError(await post('http://no-such-host.invalid/hooks'), 10_000)).toMatchObject({
      code: 'host_not_resolved',
      params: { host: 'no-such-host.invalid' },
    });
    expect(noAnswerError(await post('http://example.org/', { protocols: ['https:'] }), 10_000)).toMatchObject(
      {
        code: 'protocol_not_allowed',
        params: { protocol: 'http:' },
      },
    );
    expect(noAnswerError(await post('http://user:pw@example.org/'), 10_000)).toMatchObject({
      code: 'credentials_in_url',
      params: {},
    });
    expect(noAnswerError(await post('not a url'), 10_000)).toMatchObject({ code: 'invalid_url' });
  });
});
