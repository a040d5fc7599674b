import fs from 'node:fs';

/** The browser the Playwright tests drive: Debian's Chromium unless CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium executable, or one line saying how to get one. Checked before any
 * test starts, so a machine without it gets this line instead of a launch error per test.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): { path: string } | { error: string } {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  try {
    fs.accessSync(path, fs.constants.X_OK);
    return { path };
  } catch {
    return {
      error: `Chromium not found at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome executable.`,
    };
  }
}
