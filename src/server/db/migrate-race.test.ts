import { describe, expect, it } from 'vitest';
import { privateSchema, runSql } from '../test/pg-admin.ts';
import { migrateToLatest, openDatabase } from './client.ts';

// Test files share one PostgreSQL database, each in its own schema, and drop their
// schema when done. Kysely's check for its own tables lists every schema's tables, so
// a schema dropped meanwhile used to fail another file's migration now and then.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(process.env.DB_TARGET !== 'postgres' || !url)(
  'migrating beside schemas being dropped',
  () => {
    it('every migration succeeds while other schemas come and go', { timeout: 120_000 }, async () => {
      const pg = url as string;
      let churning = true;
      const churn = (async () => {
        for (let n = 0; churning; n++) {
          const other = `t_churn_${process.pid}_${n}`;
          await runSql(pg, `CREATE SCHEMA ${other}; CREATE TABLE ${other}.a (id serial PRIMARY KEY)`);
          await runSql(pg, `DROP SCHEMA ${other} CASCADE`);
        }
      })();
      const failures: string[] = [];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const schema = await privateSchema(pg);
          const handle = openDatabase({ databaseUrl: pg, pgSchema: schema.schema });
          await migrateToLatest(handle).catch((error: unknown) => failures.push(String(error)));
          await handle.close();
          await schema.drop();
        }),
      );
      churning = false;
      await churn;
      expect(failures).toEqual([]);
    });
  },
);
