// Starts a production-like server for the browser tests: a fresh build of the
// client and a fresh SQLite data directory per port, so parallel runs never collide.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '4173';
const root = path.resolve('.tmp', `e2e-${port}`);
// A second server of the same run serves the first one's build (E2E_CLIENT_DIST) instead of building again.
const sharedClient = process.env.E2E_CLIENT_DIST;
const clientDist = sharedClient ? path.resolve(sharedClient) : path.join(root, 'client');
const dataDir = path.join(root, 'data');

fs.rmSync(dataDir, { recursive: true, force: true });
if (!sharedClient && (process.env.E2E_SKIP_BUILD !== '1' || !fs.existsSync(clientDist))) {
  execSync('npx vite build --logLevel warn', {
    stdio: 'inherit',
    env: { ...process.env, CLIENT_OUT_DIR: clientDist },
  });
}

Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  CLIENT_DIST: clientDist,
  ALLOW_PRIVATE_FETCH: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // The pseudo-locale run of the translation checks (tests/e2e/pseudo-locale.spec.ts).
  PSEUDO_LOCALE: '1',
});

// The first account of a fresh instance becomes its operator; here it is one nobody
// signs in as, so a spec's account is never an operator by the luck of signing up first
// (instance-operator.spec.ts makes its own).
{
  const { migrateToLatest, openDatabase } = await import('../src/server/db/client.ts');
  const { claimFirstOperator } = await import('../src/server/lib/instance-settings.ts');
  const { insertUserRow } = await import('../src/server/test/db-rows.ts');
  const database = openDatabase({ sqlitePath: path.join(dataDir, 'rally.db') });
  await migrateToLatest(database);
  await claimFirstOperator(database.db, await insertUserRow(database.db, 'e2e-operator'));
  await database.close();
}
await import('../src/server/main.ts');
