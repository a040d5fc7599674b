import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { migrateToLatest, openDatabase } from './client.ts';
import { postJson } from '../test/test-app.ts';

// `npm start`, stop, `npm start` again: every account is still there, and the
// migrations are applied once, not re-run.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-persist-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function boot() {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const database = openDatabase({ sqlitePath: path.join(dir, 'rally.db') });
  await migrateToLatest(database);
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('restart keeps data', () => {
  it('keeps accounts, organisations and sessions across a restart', async () => {
    const first = await boot();
    const reg = await postJson(first.app, '/api/register', {
      username: 'persisted',
      email: 'p@example.org',
      password: 'secret123',
    });
    expect(reg.statusCode).toBe(201);
    const { token } = reg.json();
    const org = await first.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Persisted Org', username: 'persisted-org' },
    });
    expect(org.statusCode).toBe(201);
    await first.stop();

    const second = await boot();
    const me = await second.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().organizationId).toBe(org.json().id);
    const login = await postJson(second.app, '/api/login', { username: 'persisted', password: 'secret123' });
    expect(login.statusCode).toBe(200);
    await second.stop();
  });
});
