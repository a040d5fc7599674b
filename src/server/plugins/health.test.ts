import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readinessSchema } from '#shared/schemas/operations.ts';
import { appPerTest } from '../test/test-app.ts';

describe('GET /healthz and /readyz', () => {
  const makeApp = appPerTest();

  it('answers 200 without auth and reveals no version', async () => {
    const t = await makeApp();
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(readinessSchema.parse(ready.json())).toEqual({ status: 'ready', failed: [] });
    for (const res of [live, ready]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.body).not.toMatch(/\d+\.\d+\.\d+/);
    }
  });

  it('answers 503 naming the database once the database is closed', async () => {
    const t = await makeApp();
    await t.database.close();
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', failed: ['database'] });
    // Liveness does not depend on the database: the process still runs.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 503 naming the uploads when the upload directory cannot be written', async () => {
    const t = await makeApp();
    // A plain file where the uploads directory should be: the store cannot write there.
    fs.mkdirSync(t.config.dataDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads'), 'not a directory');
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', failed: ['uploads'] });
  });
});
