import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

// Named prepared statements for the hot public writes on PostgreSQL. Kysely sends
// every query unnamed, so PostgreSQL parses and plans it anew each time; for the
// statements marked here the pool's connections send them by name instead, so each
// connection parses and plans one once. Only marked texts are prepared: they are
// a fixed set built by code (no per-request text), so the per-connection statement
// list stays small. On SQLite marking does nothing (every text is kept compiled, sqlite-statements.ts).

const names = new Map<string, string>();

/** Marks the query's text to run as a named prepared statement; returns the query. */
export function prepared<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!names.has(query.sql)) {
    names.set(query.sql, `rally_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  }
  return query;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes a pool client send marked texts by name (pg prepares a name once per
 * connection and then only binds and executes it). Everything else, cursors
 * included, passes through unchanged.
 */
export function sendMarkedQueriesPrepared(client: pg.PoolClient): void {
  const query = client.query as unknown as QueryFn;
  (client as unknown as { query: QueryFn }).query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (name && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      return query.call(this, { name, text, values });
    }
    return query.apply(this, args);
  };
}
