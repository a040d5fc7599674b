import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../../scripts/chromium-path.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe.runIf(!process.env.DB_TARGET)('browser tests without Chromium', () => {
  it('finds an executable CHROMIUM_PATH and explains a missing one', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toEqual({ path: process.execPath });
    const missing = findChromium({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect('error' in missing && missing.error).toMatch(/apt-get install chromium.*CHROMIUM_PATH/);
  });

  it('`playwright test` stops with one clear line instead of a launch error per test', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'],
      {
        cwd: ROOT,
        env: { ...process.env, CHROMIUM_PATH: path.join(ROOT, '.tmp/no-such-chromium') },
        encoding: 'utf8',
        timeout: 15_000,
      },
    );
    expect(run.status).toBe(1);
    const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Chromium not found at .*no-such-chromium: install it \(apt-get install chromium\) or set CHROMIUM_PATH/,
    );
  }, 20_000);
});
