import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/client.ts';
import { shutDownOnSignals } from './lib/shutdown.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'rally.db'),
    poolSize: config.databasePoolSize,
    onIdleConnectionError: (err) => console.warn(`PostgreSQL dropped an idle connection: ${err.message}`),
  });
  await migrateToLatest(database);
  const app = await buildApp({ config, database });

  shutDownOnSignals(app, database);

  await app.listen({ port: config.port, host: config.host });
  // The bound port: PORT=0 (tests) asks the OS for a free one.
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    `Rally on http://localhost:${port} (${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
  );
}

// A worker thread of this bundle (the webhook sender's, webhook-sender-thread.ts) never starts a server.
if (isMainThread)
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
