import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium-path.ts';
import { instanceServerPortFor } from './tests/support/instance-server.ts';
import { plainServerPortFor } from './tests/support/plain-server.ts';
import { smtpPortFor } from './tests/support/smtp-port.ts';

// Checked before the web server builds or any test launches a browser.
const chromium = findChromium();
if ('error' in chromium) {
  console.error(chromium.error);
  process.exit(1);
}

const port = Number(process.env.E2E_PORT ?? 4173);
// The e2e server mails to this port; a spec that reads mail starts an in-process SMTP
// server there. With nobody listening, a send fails at once and the app carries on as
// without mail (links to copy).
const smtpPort = smtpPortFor(port);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Another server of the run on `serverPort`, serving the first one's build, with the production defaults. */
const sameBuildServer = (serverPort: number, env: Record<string, string> = {}) => ({
  command: 'npx tsx scripts/e2e-server.ts',
  url: `http://127.0.0.1:${serverPort}/api/auth-status`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { E2E_PORT: String(serverPort), E2E_CLIENT_DIST: `.tmp/e2e-${port}/client`, ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // One retry in CI: two supporter-sharing download tests have each failed once in full runs on a
  // busy machine and passed on every rerun; a retry still reports them as flaky, not as passed.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromium.path, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx scripts/e2e-server.ts',
      url: `http://127.0.0.1:${port}/api/auth-status`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        E2E_PORT: String(port),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Rally <rally@example.org>',
        // Every spec's organisation is minutes old: its mail must leave at once.
        MAIL_HOLD_NEW_ORGS_HOURS: '0',
        // The debug helpers (Debug button, Debug Session, /upload-test) have specs of their own.
        DEV_TOOLS: '1',
      },
    },
    // The same build with the production defaults (DEV_TOOLS unset): started after the
    // first server (Playwright sets web servers up one by one), so its build exists.
    sameBuildServer(plainServerPortFor(port)),
    // The same build for tests/e2e/instance-operator.spec.ts alone: it closes sign-up
    // and suspends an organisation, which the other specs must not meet. Mail is on
    // (nobody listens: a send fails) with the default hold, so a new organisation's mail
    // waits for the operator.
    sameBuildServer(instanceServerPortFor(port), {
      SMTP_URL: `smtp://127.0.0.1:${smtpPortFor(instanceServerPortFor(port))}`,
      MAIL_FROM: 'Rally <rally@example.org>',
    }),
  ],
});
