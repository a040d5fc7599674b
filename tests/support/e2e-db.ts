import path from 'node:path';
import Database from 'better-sqlite3';

/** An e2e server's SQLite file (scripts/e2e-server.ts: a data directory per port; the first server's by default). */
export const e2eDbFile = (port = process.env.E2E_PORT ?? '4173') =>
  path.resolve('.tmp', `e2e-${port}`, 'data', 'rally.db');

/**
 * Runs `work` on the running e2e server's database: for rows no route would write
 * (events in the past), written while the server runs (it waits on a busy database).
 */
export function withE2eDb<T>(work: (db: Database.Database) => T, port?: number): T {
  const db = new Database(e2eDbFile(port === undefined ? undefined : String(port)));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
