import { type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';
import { type AnyDb, notNull } from '../../dialect.ts';

// Building blocks the migrations share. FROZEN: a migration builds the same schema on
// every database it ever runs on, so what these emit must never change (nor withId
// and notNull in ../../dialect.ts); a migration that needs something else gets a new
// helper beside them. ../schema.test.ts records the schema they build.

/** A required reference: NOT NULL, and deleting the referenced row deletes this one. */
export const ownedBy = (target: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(target).onDelete('cascade');

/** CREATE [UNIQUE] INDEX name ON table (columns) [WHERE whereNotNull IS NOT NULL]. */
export async function createIndex(
  db: AnyDb,
  name: string,
  table: string,
  columns: string[],
  options: { unique?: boolean; whereNotNull?: string } = {},
): Promise<void> {
  let index = db.schema.createIndex(name).on(table).columns(columns);
  if (options.unique) index = index.unique();
  if (options.whereNotNull) index = index.where(sql.ref(options.whereNotNull), 'is not', null);
  await index.execute();
}

type Columns = Record<string, 'integer' | 'text'>;

const scopeColumn = {
  campaign: ['campaignId', 'campaigns.id'],
  organization: ['organizationId', 'organizations.id'],
} as const;

/**
 * A table of figures per campaign or per organisation and `key`, as the stats rollups
 * keep them: the scope's id and the key columns make the primary key `<name>_pk`, a
 * campaign's rows also carry its organizationId (after the key), every column is
 * required, and deleting the campaign or organisation deletes its rows.
 */
/** A table of rows that belong to one member in one organisation (both deleted with it). */
export const createMemberTable = (db: AnyDb, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('userId', 'integer', ownedBy('users.id'))
    .addColumn('organizationId', 'integer', ownedBy('organizations.id'));

export async function createScopedTable(
  db: AnyDb,
  name: string,
  spec: { scope: keyof typeof scopeColumn; key: Columns; values: Columns },
): Promise<void> {
  const [scopeId, target] = scopeColumn[spec.scope];
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(name)
    .addColumn(scopeId, 'integer', ownedBy(target));
  for (const [column, type] of Object.entries(spec.key)) table = table.addColumn(column, type, notNull);
  if (spec.scope === 'campaign') {
    table = table.addColumn('organizationId', 'integer', ownedBy('organizations.id'));
  }
  for (const [column, type] of Object.entries(spec.values)) table = table.addColumn(column, type, notNull);
  await table.addPrimaryKeyConstraint(`${name}_pk`, [scopeId, ...Object.keys(spec.key)]).execute();
}
