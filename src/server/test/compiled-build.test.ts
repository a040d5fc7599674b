import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { killServer, ROOT, startServer } from './server-process.ts';

describe.runIf(!process.env.DB_TARGET)('the compiled server (npm start)', () => {
  it('builds into dist/server/main.js, migrates a fresh database, serves /healthz and stops on SIGTERM', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-compiled-'));
    // Plain node, no tsx: the #shared/* aliases and migrations must be in the bundle.
    const server = await startServer({ DATA_DIR: dataDir }, { compiled: true });
    const { child, port } = server;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(200);
      // Packages are bundled; Swagger UI's files still come from its package directory.
      const ui = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-ui-bundle.js`);
      expect(ui.status).toBe(200);
      expect((await ui.text()).length).toBeGreaterThan(100_000);
      child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const db = new SQLite(path.join(dataDir, 'rally.db'), { readonly: true });
      const names = (
        db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]
      ).map((r) => r.name);
      db.close();
      expect(names[0]).toBe('0001-initial');
      expect(names.length).toBeGreaterThanOrEqual(2);
    } finally {
      await killServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
