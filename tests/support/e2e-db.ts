import path from 'node:path';
import Database from 'better-sqlite3';

/** The e2e server's SQLite file (scripts/e2e-server.ts: a data directory per E2E_PORT). */
export const e2eDbFile = () =>
  path.resolve('.tmp', `e2e-${process.env.E2E_PORT ?? '4173'}`, 'data', 'rally.db');

/**
 * Runs `work` on the running e2e server's database: for rows no route would write
 * (events in the past), written while the server runs (it waits on a busy database).
 */
export function withE2eDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDbFile());
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
