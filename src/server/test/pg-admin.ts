import { randomBytes } from 'node:crypto';
import pg from 'pg';

// PostgreSQL statements outside any app's pool: making and dropping the private
// schemas and databases that keep test runs apart.

/** Runs one statement on its own connection. */
export async function runSql(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh schema in the database at `url`, and how to drop it with all it holds. */
export async function privateSchema(url: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await runSql(url, `CREATE SCHEMA ${schema}`);
  return { schema, drop: () => runSql(url, `DROP SCHEMA ${schema} CASCADE`) };
}
