import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statements.ts';

describe('SQLite statements kept compiled by their text', () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('compiles a text once and hands back the same statement', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite);
    const a = cache.prepare('select 1 as x');
    expect(cache.prepare('select 1 as x')).toBe(a);
    expect(cache.prepare('select 2 as x')).not.toBe(a);
  });

  it('drops the least recently used text past its size', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 2);
    const one = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3');
    expect(cache.prepare('select 1')).toBe(one);
    const two = cache.prepare('select 2');
    expect(cache.prepare('select 2')).toBe(two);
  });

  it('compiles another while the kept one is still being iterated', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite);
    const text = 'select value from json_each(?)';
    const first = cache.prepare(text) as unknown as SQLite.Statement;
    const rows = first.iterate('[1,2,3]');
    rows.next();
    const second = cache.prepare(text) as unknown as SQLite.Statement;
    expect(second).not.toBe(first);
    expect(second.all('[4]')).toEqual([{ value: 4 }]);
    rows.return?.();
  });

  it('sees a table changed after its statement was compiled', async () => {
    sqlite = new SQLite(':memory:');
    const db = new Kysely<never>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t (a) values (1)`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'x'`.execute(db);
    expect((await sql`select * from t`.execute(db)).rows).toEqual([{ a: 1, b: 'x' }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
