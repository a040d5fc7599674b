import { describe, expect, it } from 'vitest';
import { appPerFile } from '../test/test-app.ts';

// The answers made for one caller carry `cache-control: no-store` (the `noStore` hook),
// errors included: a shared cache must never hand one visitor's answer to another.

const t = appPerFile({ METRICS_TOKEN: 'metrics-token-0123456789' });

describe('noStore', () => {
  it.each([
    ['GET', '/healthz', 200],
    ['GET', '/readyz', 200],
    ['GET', '/metrics', 401],
    ['POST', '/api/clicks', 400],
    ['POST', '/api/supporter/campaigns/999999/visits', 204],
    ['GET', '/api/supporter/campaigns/999999/impact', 404],
    ['GET', '/api/supporter/campaigns/999999/scheduled', 404],
    ['GET', '/api/supporter/campaigns/999999/scheduled/1', 404],
    ['GET', '/api/supporter/assets/999999/message-check', 400],
    ['GET', `/unsubscribe/${'x'.repeat(40)}`, 404],
  ] as const)('%s %s: %i, not stored', async (method, url, status) => {
    const res = await t.app.inject({ method, url, ...(method === 'POST' && { payload: {} }) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
