import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, bearer, postJson, signUp, signUpOperator, type SignedUp } from '../../test/test-app.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { PNG_1X1 } from '../../test/sample-files.ts';
import { UPLOAD_SUSPENSION_TTL_MS } from './upload-suspension.ts';

// A suspended organisation's media are gone with its pages: GET /uploads/:name answers
// 410 CAMPAIGN_UNAVAILABLE (never stored by a cache) to the public, whole or by range,
// while its members (who may still read) and other organisations' files are served as
// before; a restore brings them back at once. The suspension is read from memory: a
// change made behind the app's back shows only once the cache is emptied (on every
// instance by a suspension or a restore; see the second instance below).

const onPostgres = process.env.DB_TARGET === 'postgres';
const t = appPerFile();
let a: SignedUp;
let b: SignedUp;
let operator: SignedUp;

beforeAll(async () => {
  a = await signUp(t.app);
  b = await signUp(t.app);
  operator = await signUpOperator(t);
});

async function upload(owner: SignedUp): Promise<string> {
  const res = await uploadFile(t.app, owner.token, {
    filename: 'p.png',
    contentType: 'image/png',
    bytes: PNG_1X1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file.url;
}

const serve = (app: typeof t.app, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function setSuspended(orgId: number, suspended: boolean) {
  const res = await postJson(
    t.app,
    `/api/instance/organizations/${orgId}/${suspended ? 'suspend' : 'restore'}`,
    suspended ? { reason: 'Spam' } : {},
    operator.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe("a suspended organisation's uploads", () => {
  it('are 410 to the public at once, served to its members, and back at once on restore', async () => {
    const mine = await upload(a);
    const theirs = await upload(b);
    // Cached as served before the suspension.
    expect((await serve(t.app, mine)).statusCode).toBe(200);

    await setSuspended(a.orgId, true);
    const gone = await serve(t.app, mine);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'CAMPAIGN_UNAVAILABLE' });
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.rawPayload.includes(PNG_1X1)).toBe(false);
    expect((await serve(t.app, mine, { range: 'bytes=0-3' })).statusCode).toBe(410);
    // Another organisation's member is the public here.
    expect((await serve(t.app, mine, bearer(b.token))).statusCode).toBe(410);

    // Its members still read everything, their media included (not for shared caches).
    const own = await serve(t.app, mine, bearer(a.token));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');

    // Another organisation's files are served as before.
    const other = await serve(t.app, theirs);
    expect(other.statusCode).toBe(200);
    expect(other.headers['cache-control']).toContain('immutable');

    await setSuspended(a.orgId, false);
    const back = await serve(t.app, mine);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('are looked up in memory: a change behind the app shows once the cache is emptied (or its TTL passes)', async () => {
    const url = await upload(a);
    expect((await serve(t.app, url)).statusCode).toBe(200);
    await t.database.db
      .updateTable('organizations')
      .set({ suspendedAt: new Date().toISOString() })
      .where('id', '=', a.orgId)
      .execute();
    // Within the TTL, from memory: no look-up per request.
    expect((await serve(t.app, url)).statusCode).toBe(200);
    expect(UPLOAD_SUSPENSION_TTL_MS).toBeLessThanOrEqual(10_000);
    t.deps.supporterCache.invalidateAll();
    expect((await serve(t.app, url)).statusCode).toBe(410);
    await setSuspended(a.orgId, false);
  });

  it('a name that is no file is still 404, suspended or not', async () => {
    await setSuspended(a.orgId, true);
    expect((await serve(t.app, `/uploads/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
    expect((await serve(t.app, '/uploads/nothing.txt')).statusCode).toBe(404);
    await setSuspended(a.orgId, false);
  });
});

describe.skipIf(!onPostgres)('on a second instance (PostgreSQL)', () => {
  const second = appPerFile({}, { sameDatabaseAs: t });

  it('a suspension and a restore through one instance apply on the other within 1 s', async () => {
    const url = await upload(a);
    expect((await serve(second.app, url)).statusCode).toBe(200); // now cached there
    const until = async (status: number) => {
      const started = Date.now();
      while (Date.now() - started < 3000) {
        if ((await serve(second.app, url)).statusCode === status) return Date.now() - started;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`never ${status} on the second instance`);
    };
    await setSuspended(a.orgId, true);
    expect(await until(410)).toBeLessThan(1000);
    await setSuspended(a.orgId, false);
    expect(await until(200)).toBeLessThan(1000);
  });
});
