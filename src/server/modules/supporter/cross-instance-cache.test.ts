import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, bearer, signUp } from '../../test/test-app.ts';
import { createAsset, createCampaign } from '../../test/seed-api.ts';
import { channelFor } from './cache-invalidation.ts';
import { FOUND_TTL_MS } from './supporter.service.ts';

// Two instances on one PostgreSQL schema, each with its own supporter cache: a
// change made through A reaches B's supporter view within 1 s, well inside the
// cache's TTL, so only the NOTIFY that A sends can have told B.

const onPostgres = process.env.DB_TARGET === 'postgres';

describe.skipIf(!onPostgres)('supporter cache across instances (PostgreSQL)', () => {
  const a = appPerFile();
  const b = appPerFile({}, { sameDatabaseAs: a });
  let token: string;
  let campaignId: number;

  beforeAll(async () => {
    ({ token } = await signUp(a.app));
    campaignId = (await createCampaign(a.app, token, { name: 'Before' })).id;
    // Its first asset publishes it (a campaign without assets is never live).
    await createAsset(a.app, token, campaignId, { title: 'First', content: 'Already there' });
  });

  const viewOnB = async () => {
    const res = await b.app.inject({ url: `/api/supporter/campaigns/${campaignId}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { assets: { content: string }[] };
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
    expect((await viewOnB()).assets.map((x) => x.content)).toEqual(['Already there']); // now cached on B
    await createAsset(a.app, token, campaignId, { title: 'Fresh', content: 'Share me' });
    const took = await untilOnB((v) => v.assets.some((x) => x.content === 'Share me'));
    expect(took).toBeLessThan(1000);
  });

  it('shows an edit through A (a new asset order) on B within 1 s', async () => {
    await createAsset(a.app, token, campaignId, { title: 'Second', content: 'Me too' });
    await untilOnB((v) => v.assets.length === 3);
    const contents = (await viewOnB()).assets.map((x) => x.content);
    expect(contents).toEqual(['Already there', 'Share me', 'Me too']);

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
    const took = await untilOnB((v) => v.assets[0]?.content === 'Me too');
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
    expect((await viewOnB()).assets.some((x) => x.content === 'After the reconnect')).toBe(false);
    await createAsset(a.app, token, campaignId, { title: 'Later', content: 'After the reconnect' });
    expect(await untilOnB((v) => v.assets.some((x) => x.content === 'After the reconnect'))).toBeLessThan(
      1000,
    );
  });
});
