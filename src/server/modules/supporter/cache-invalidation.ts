import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DbHandle } from '../../db/client.ts';
import { FOUND_TTL_MS, FOUND_TTL_UNSYNCED_MS, type SupporterCache } from './supporter.service.ts';

// Several instances on one PostgreSQL each cache supporter views. Every invalidation
// is sent as NOTIFY (payload: the campaign id, or 'all'), and every instance LISTENs
// on a connection of its own and drops its entry: an edit through one instance
// reaches every supporter page within the notification's round trip. On SQLite there
// is one process, so invalidating in process is already everything.

/** Starts with the app and stops before the database closes. */
export interface CacheInvalidationSync {
  start(log: FastifyBaseLogger): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;

/** One channel per schema: deployments (and test files) sharing a database do not hear each other. */
export function channelFor(pgSchema: string | undefined): string {
  return pgSchema ? `rally_supporter_cache_${pgSchema}` : 'rally_supporter_cache';
}

/**
 * Tells every instance on this PostgreSQL database to drop a campaign's cached view
 * ('all': every view). Also for a process with no cache of its own (the command line).
 */
export async function publishInvalidation(database: DbHandle, key: string): Promise<void> {
  if (database.dialect !== 'postgres') return;
  await sql`SELECT pg_notify(${channelFor(database.pgSchema)}, ${key})`.execute(database.db);
}

export function createCacheInvalidation(database: DbHandle, cache: SupporterCache): CacheInvalidationSync {
  if (database.dialect !== 'postgres' || !database.newClient) {
    return { start: async () => {}, stop: async () => {} };
  }
  return new PgCacheInvalidation(database, cache);
}

class PgCacheInvalidation implements CacheInvalidationSync {
  private readonly channel: string;
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;

  constructor(
    private readonly database: DbHandle,
    private readonly cache: SupporterCache,
  ) {
    this.channel = channelFor(database.pgSchema);
    // Until the listener runs this instance may miss other instances' changes.
    cache.foundTtlMs = FOUND_TTL_UNSYNCED_MS;
  }

  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    this.cache.publish = (key) => this.notify(String(key));
    // The first connection is awaited so the app is in sync once it is ready; if the
    // database is unreachable now, the retries carry on in the background.
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.cache.publish = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Sent after the write has committed (the write path invalidates after it), from the pool. */
  private notify(payload: string): void {
    publishInvalidation(this.database, payload).catch((err) =>
      this.log?.warn({ err }, 'supporter cache: NOTIFY failed'),
    );
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.database.newClient!();
    // The candidate connection: events of any earlier one are ignored from here on.
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel) return;
      const id = Number(msg.payload);
      if (msg.payload === 'all' || !Number.isSafeInteger(id)) this.cache.clear();
      else this.cache.invalidateLocal(id);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    if (this.stopped || this.client !== client) return;
    this.retryMs = RECONNECT_MIN_MS;
    // Notifications sent while we were not listening are gone: start over.
    this.cache.clear();
    this.cache.foundTtlMs = FOUND_TTL_MS;
  }

  /** The listening connection failed or closed: stop trusting the cache and reconnect with backoff. */
  private lost(client: pg.Client, err?: unknown): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    this.cache.foundTtlMs = FOUND_TTL_UNSYNCED_MS;
    this.cache.clear();
    this.log?.warn({ err }, `supporter cache: listener lost, reconnecting in ${this.retryMs} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
  }
}
