import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { migrateToLatest, openDatabase } from './db/client.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'rally.db'),
  });
  await migrateToLatest(database);
  const app = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Rally on http://localhost:${config.port} (${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
