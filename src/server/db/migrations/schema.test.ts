import { expect, it } from 'vitest';
import { databaseMigratedTo } from '../migration-test-db.ts';
import { migrationsFor } from './index.ts';
import { dumpSchema } from './schema-dump.ts';

// Migrations are history: a database migrated years ago and a fresh one must have the
// same schema. The schema a fresh database gets is kept here per dialect, so a change
// to a migration, or to a helper a migration uses, shows up as a diff of these files.
// A new migration updates them on purpose (vitest -u), and the diff is reviewed.

const latest = Object.keys(migrationsFor('sqlite')).at(-1)!;

it('builds the recorded schema', async () => {
  const { handle, close } = await databaseMigratedTo(latest);
  try {
    await expect(await dumpSchema(handle)).toMatchFileSnapshot(`./schema.${handle.dialect}.snapshot.txt`);
  } finally {
    await close();
  }
});
