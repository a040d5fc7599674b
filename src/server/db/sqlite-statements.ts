import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// Kysely's SQLite driver prepares every query anew, and better-sqlite3 compiles each
// prepare (parse and plan in SQLite): on the share path that was a sixth of the
// server's CPU. The app's statements are a small set of texts built by code, so the
// compiled statements are kept by text and reused. Bounded (least recently used goes
// first) for the texts that vary, such as `in` lists of a request's length.

/** Compiled statements kept at most. */
export const STATEMENT_CACHE_SIZE = 500;

/** `sqlite` as Kysely's SqliteDialect wants it, reusing compiled statements by their text. */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      // A statement still being iterated (a stream) cannot run again meanwhile: compile another.
      if (cached && !cached.busy) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
