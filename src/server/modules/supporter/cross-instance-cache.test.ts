import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { channelFor } from './cache-invalidation.ts';
import { FOUND_TTL_MS } from './supporter.service.ts';

// Two instances on one PostgreSQL schema, each with its own supporter cache: a
// change made through A reaches B's supporter view within 1 s, well inside the
// cache's TTL, so only the NOTIFY that A sends can have told B.

const onPostgres = process.env.DB_TARGET === 'postgres';

describe.skipIf(!onPostgres)('supporter cache across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  let campaignId: number;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
    ({ token } = await signUp(a.app));
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: 'Before' },
    });
    campaignId = res.json().id;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const viewOnB = async () => {
    const res = await b.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { assets: { title: string }[] };
  };

  /** Polls B until `done` holds; returns how long it took. */
  async function untilOnB(done: (view: Awaited<ReturnType<typeof viewOnB>>) => boolean): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 3000) {
      if (done(await viewOnB())) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('B never showed the change');
  }

  it('keeps entries long while the instances hear each other', () => {
    expect(b.deps.supporterCache.foundTtlMs).toBe(FOUND_TTL_MS);
    expect(FOUND_TTL_MS).toBeGreaterThan(5000);
  });

  it('shows an asset added through A on B within 1 s', async () => {
    expect((await viewOnB()).assets).toEqual([]); // now cached on B
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: bearer(token),
      payload: { campaignId, title: 'Fresh', type: 'text', content: 'Share me' },
    });
    expect(created.statusCode).toBe(201);
    const took = await untilOnB((v) => v.assets.some((x) => x.title === 'Fresh'));
    expect(took).toBeLessThan(1000);
  });

  it('shows an edit through A (a new asset order) on B within 1 s', async () => {
    const second = await a.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: bearer(token),
      payload: { campaignId, title: 'Second', type: 'text', content: 'Me too' },
    });
    expect(second.statusCode).toBe(201);
    await untilOnB((v) => v.assets.length === 2);
    const titles = (await viewOnB()).assets.map((x) => x.title);
    expect(titles).toEqual(['Fresh', 'Second']);

    const ids = (await a.app.inject({ url: `/api/campaigns/${campaignId}/assets`, headers: bearer(token) }))
      .json()
      .map((x: { id: number }) => x.id);
    const reordered = await a.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaignId}/assets/order`,
      headers: bearer(token),
      payload: { assetIds: [...ids].reverse() },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const took = await untilOnB((v) => v.assets[0]?.title === 'Second');
    expect(took).toBeLessThan(1000);
  });

  it('after losing its listening connection, B empties its cache, reconnects and hears A again', async () => {
    await viewOnB();
    expect(b.deps.supporterCache.get(campaignId)).toBeDefined();
    // Kill B's LISTEN connection from the server side, as a failover or restart would.
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE query = ${`LISTEN "${channelFor(b.database.pgSchema)}"`} AND pid <> pg_backend_pid()`.execute(
      a.database.db,
    );
    expect(rows.length).toBe(2); // A's and B's listeners
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE query = ${`LISTEN "${channelFor(b.database.pgSchema)}"`}`.execute(a.database.db);

    // Missed notifications are possible now: the cache is emptied and entries are short-lived.
    const deadline = Date.now() + 2000;
    while (b.deps.supporterCache.get(campaignId) !== undefined && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(b.deps.supporterCache.get(campaignId)).toBeUndefined();

    // Back on the long TTL once it listens again.
    const back = Date.now() + 3000;
    while (b.deps.supporterCache.foundTtlMs !== FOUND_TTL_MS && Date.now() < back) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(b.deps.supporterCache.foundTtlMs).toBe(FOUND_TTL_MS);
    expect((await viewOnB()).assets.some((x) => x.title === 'Later')).toBe(false);
    await a.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: bearer(token),
      payload: { campaignId, title: 'Later', type: 'text', content: 'After the reconnect' },
    });
    expect(await untilOnB((v) => v.assets.some((x) => x.title === 'Later'))).toBeLessThan(1000);
  });
});
