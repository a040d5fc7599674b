import { describe, expect, it } from 'vitest';
import { seedCampaign } from '../test/seed-db.ts';
import { clickThrough } from '../test/visitor.ts';
import { appPerTest, postShare, signUp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line, e.g. `rally_shares_logged_total 3`. */
function sample(text: string, prefix: string): number {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no sample ${prefix} in:\n${text}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  const makeApp = appPerTest();

  it('is a 404 when METRICS_TOKEN is not set', async () => {
    const t = await makeApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('requires the bearer token, then counts requests per route pattern, shares and clicks', async () => {
    const t = await makeApp({ METRICS_TOKEN: TOKEN });
    const { app } = t;
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);

    const { orgId } = await signUp(app);
    const { campaignId, assetIds } = await seedCampaign(t.database.db, {
      organizationId: orgId,
      name: 'Metrics',
      assets: [{ title: 'A', type: 'text', content: 'Share this' }],
    });
    const logShare = (ref: string) =>
      postShare(app, { assetId: assetIds[0], campaignId, organizationId: orgId }, ref);
    const scrape = () =>
      app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ method: 'GET', url: `/api/supporter/campaigns/${campaignId}` });
      expect(r.statusCode).toBe(200);
    }
    const share = await logShare('metricsref1');
    expect(share.statusCode).toBe(201);
    // The page, then its script's confirmation with the cookie and visit token the page set: that counts the click.
    const confirmed = await clickThrough(app, { campaignId, ref: 'metricsref1' }, '127.0.0.1', {
      accept: 'text/html',
    });
    expect(confirmed.statusCode).toBe(204);

    const before = await scrape();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    const text = before.body;
    // The route pattern, not the raw URL: no campaign id in the label.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/supporter/campaigns/:id",status="200"}',
      ),
    ).toBe(3);
    expect(text).not.toContain(`route="/api/supporter/campaigns/${campaignId}"`);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^rally_db_pending_writes 0$/m);
    expect(text).toMatch(/^rally_db_pool_connections\{state="total"\} \d+$/m);

    const shares = sample(text, 'rally_shares_logged_total ');
    const clicks = sample(text, 'rally_clicks_total ');
    expect(shares).toBeGreaterThanOrEqual(1);
    expect(clicks).toBeGreaterThanOrEqual(1);
    // Counters are process-wide: another share moves them by exactly one.
    const again = await logShare('metricsref2');
    expect(again.statusCode).toBe(201);
    const after = await scrape();
    expect(sample(after.body, 'rally_shares_logged_total ')).toBe(shares + 1);
  });
});

describe('request ids', () => {
  it('logs JSON lines with reqId, keeping a safe X-Request-Id and replacing an unsafe one', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../app.ts');
    const { loadConfig } = await import('../config/env.ts');
    const { openDatabase, migrateToLatest } = await import('../db/client.ts');
    const database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: './.tmp/reqid', LOG_LEVEL: 'info' }),
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-abc.123' } });
      await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\n{"forged":1}' },
      });
      await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(65) } });
      const entries = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
      const ids = [...new Set(entries.filter((e) => e.msg === 'request completed').map((e) => e.reqId))];
      expect(ids).toHaveLength(3);
      expect(ids[0]).toBe('lb-abc.123');
      for (const id of ids.slice(1)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(lines.join('')).not.toContain('forged');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
