import { sql } from 'kysely';
import type { DbHandle } from '../client.ts';

// The schema the migrations build, as sorted text lines that diff well: on SQLite the
// statements sqlite_master keeps, on PostgreSQL the columns, constraints, indexes,
// sequences and functions of the handle's schema (its name left out, since test
// schemas are random). Kysely's own bookkeeping tables are left out.

const ours = (name: string) => !name.startsWith('kysely_');

export async function dumpSchema(handle: DbHandle): Promise<string> {
  const lines = handle.dialect === 'sqlite' ? await sqliteLines(handle) : await postgresLines(handle);
  return `${lines.sort().join('\n')}\n`;
}

async function sqliteLines({ db }: DbHandle): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master`.execute(db);
  return rows
    .filter((r) => ours(r.tbl_name))
    .map((r) => `${r.type} ${r.tbl_name}.${r.name}: ${r.sql ?? '(implicit)'}`);
}

async function postgresLines({ db, pgSchema }: DbHandle): Promise<string[]> {
  const schema = pgSchema ?? 'public';
  const columns = await sql<Record<string, string | number | null>>`
    select table_name, ordinal_position, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = ${schema}`.execute(db);
  const constraints = await sql<{ tbl: string; name: string; type: string; def: string }>`
    select c.conrelid::regclass::text as tbl, c.conname as name, c.contype as type,
      pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = ${schema}`.execute(db);
  const indexes = await sql<{ tablename: string; indexname: string; indexdef: string }>`
    select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema}`.execute(db);
  const sequences = await sql<Record<string, string>>`
    select sequence_name, data_type, start_value, increment
    from information_schema.sequences where sequence_schema = ${schema}`.execute(db);
  const functions = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema}`.execute(db);
  const storage = await sql<{ tbl: string; options: string[] }>`
    select c.relname as tbl, c.reloptions as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.reloptions is not null`.execute(db);
  const unqualified = (text: string) => text.replaceAll(`${schema}.`, '');
  return [
    ...columns.rows
      .filter((r) => ours(String(r.table_name)))
      .map(
        (r) =>
          `column ${r.table_name} #${String(r.ordinal_position).padStart(2, '0')} ${r.column_name} ` +
          `${r.data_type} nullable=${r.is_nullable} default=${r.column_default ?? '-'}`,
      ),
    ...constraints.rows
      .filter((r) => ours(r.tbl))
      .map((r) => `constraint ${r.tbl}.${r.name} (${r.type}): ${r.def}`),
    ...indexes.rows
      .filter((r) => ours(r.tablename))
      .map((r) => `index ${r.tablename}.${r.indexname}: ${r.indexdef}`),
    ...sequences.rows
      .filter((r) => ours(String(r.sequence_name)))
      .map((r) => `sequence ${r.sequence_name} ${r.data_type} start=${r.start_value} by=${r.increment}`),
    ...functions.rows.map((r) => `function ${r.name}: ${r.def}`),
    ...storage.rows.filter((r) => ours(r.tbl)).map((r) => `storage ${r.tbl}: ${r.options.join(', ')}`),
  ].map(unqualified);
}
