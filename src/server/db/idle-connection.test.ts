import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runSql } from '../test/pg-admin.ts';
import { openDatabase } from './client.ts';

// PostgreSQL may drop a connection that sits idle in the pool (a restart, a failover,
// pg_terminate_backend). The instance must carry on: the pool reports it and opens
// another connection for the next query instead of ending the process.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.DB_TARGET !== 'postgres' || !url)(
  'an idle pooled connection dropped by PostgreSQL',
  () => {
    it('is reported, and the next query runs on a new connection', async () => {
      const dropped: Error[] = [];
      const database = openDatabase({
        databaseUrl: url,
        poolSize: 1,
        onIdleConnectionError: (err) => dropped.push(err),
      });
      try {
        const first = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
        const pid = first.rows[0].pid;
        await runSql(url as string, `SELECT pg_terminate_backend(${pid})`);
        const deadline = Date.now() + 5000;
        while (dropped.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(dropped).toHaveLength(1);

        const next = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
        expect(next.rows[0].pid).not.toBe(pid);
      } finally {
        await database.close();
      }
    });
  },
);
