import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from './client.ts';
import { databaseBeforeAll } from './migration-test-db.ts';
import { migrationsFor } from './migrations/index.ts';
import { PERSONAL_DATA, personalFields, RETENTION } from './personal-data.ts';
import { DOC_PATH, withRegistry } from './personal-data-doc.ts';

// The registry (personal-data.ts) against the schema the migrations build, on the
// database the suite runs on (SQLite, and PostgreSQL with TEST_DATABASE_URL): every
// table and column there is classified here, and nothing here is missing there. A
// migration that adds a column (or a table) without classifying it fails this test.

const latest = Object.keys(migrationsFor('sqlite')).at(-1)!;
const db = databaseBeforeAll(latest);

/** Every table of the migrated schema with its columns (Kysely's and SQLite's own left out). */
async function schemaColumns({ db, dialect, pgSchema }: DbHandle): Promise<Map<string, Set<string>>> {
  const rows =
    dialect === 'sqlite'
      ? (
          await sql<{ table: string; column: string }>`
            select m.name as "table", c.name as "column"
            from sqlite_master m join pragma_table_info(m.name) c
            where m.type = 'table'`.execute(db)
        ).rows
      : (
          await sql<{ table: string; column: string }>`
            select table_name as "table", column_name as "column" from information_schema.columns
            where table_schema = ${pgSchema ?? 'public'}`.execute(db)
        ).rows;
  const tables = new Map<string, Set<string>>();
  for (const { table, column } of rows) {
    if (table.startsWith('kysely_') || table.startsWith('sqlite_')) continue;
    tables.set(table, (tables.get(table) ?? new Set()).add(column));
  }
  return tables;
}

const registered = new Map(
  Object.entries(PERSONAL_DATA).map(([table, columns]) => [table, new Set(Object.keys(columns))]),
);

/** "table.column" of each column in `a` that `b` lacks. */
const missingFrom = (a: Map<string, Set<string>>, b: Map<string, Set<string>>) =>
  [...a].flatMap(([table, columns]) =>
    [...columns].filter((c) => !b.get(table)?.has(c)).map((c) => `${table}.${c}`),
  );

describe('the personal-data registry', () => {
  it('classifies every column of every table the migrations build', async () => {
    const schema = await schemaColumns(db.handle);
    expect(schema.size).toBeGreaterThan(40);
    expect(missingFrom(schema, registered), 'columns the registry does not classify').toEqual([]);
  });

  it('names no table or column the migrations do not build', async () => {
    const schema = await schemaColumns(db.handle);
    expect(missingFrom(registered, schema), 'columns in the registry that do not exist').toEqual([]);
  });

  it('would catch an unclassified column', async () => {
    // The check above, on a schema with one more column: it names exactly that one.
    const schema = await schemaColumns(db.handle);
    schema.get('shares')?.add('supporterEmail');
    expect(missingFrom(schema, registered)).toEqual(['shares.supporterEmail']);
  });

  it('gives every personal column a purpose, a retention and who sees it', () => {
    const fields = personalFields();
    expect(fields.length).toBeGreaterThan(30);
    for (const f of fields) {
      expect(f.purpose.length, `${f.table}.${f.column}`).toBeGreaterThan(10);
      expect(RETENTION[f.retention], `${f.table}.${f.column}`).toBeDefined();
      expect(f.seenBy, `${f.table}.${f.column}`).not.toBe('');
    }
    // What issue 27 names is here: names, messages, addresses, visitor ids, network
    // hashes, user agents, push subscriptions, referral links, sessions, audit actors, key labels.
    const holds = new Set(fields.map((f) => f.holds));
    for (const kind of [
      'name',
      'message',
      'email',
      'visitorId',
      'networkHash',
      'userAgent',
      'pushSubscription',
      'referral',
      'label',
    ] as const)
      expect(holds, kind).toContain(kind);
  });

  it('marks every visitor id column of the raw events for the retention job', () => {
    const visitorIds = personalFields().filter(
      (f) => f.holds === 'visitorId' && ['shares', 'clicks', 'visits', 'variantViews'].includes(f.table),
    );
    expect(visitorIds.map((f) => `${f.table}.${f.column}`).sort()).toEqual([
      'clicks.sharerId',
      'clicks.visitorId',
      'shares.supporterId',
      'variantViews.visitorId',
      'visits.visitorId',
    ]);
    expect(visitorIds.every((f) => f.retention === 'rawEvents')).toBe(true);
  });

  it('is what docs/privacy.md says (npm run privacy:doc writes it)', () => {
    const file = path.join(import.meta.dirname, '..', '..', '..', DOC_PATH);
    const doc = fs.readFileSync(file, 'utf8');
    expect(doc, `${DOC_PATH} differs from the registry: run npm run privacy:doc`).toBe(withRegistry(doc));
  });
});
