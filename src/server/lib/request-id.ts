import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming X-Request-Id is kept only when it is a short token that is safe in logs. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids for the logs (`reqId`). A proxy's X-Request-Id is reused so one id
 * follows a request across hops; anything else (too long, spaces, control
 * characters that could forge log lines) is replaced. Generated ids are a
 * per-process random prefix plus a counter: unique across instances, and far
 * cheaper per request than random bytes each time.
 */
export function createRequestIdGenerator(): (req: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
}
