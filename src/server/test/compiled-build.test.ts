import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe.runIf(!process.env.DB_TARGET)('the compiled server (npm start)', () => {
  it('builds into dist/server/main.js, migrates a fresh database, serves /healthz and stops on SIGTERM', async () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-compiled-'));
    // Plain node, no tsx: the #shared/* aliases and migrations must be in the bundle.
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (c) => {
          out += c.toString();
          const m = /Rally on http:\/\/localhost:(\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(200);
      const exited = new Promise<number | null>((r) => child.once('exit', r));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const db = new SQLite(path.join(dataDir, 'rally.db'), { readonly: true });
      const names = (
        db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]
      ).map((r) => r.name);
      db.close();
      expect(names[0]).toBe('0001-initial');
      expect(names.length).toBeGreaterThanOrEqual(2);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});
