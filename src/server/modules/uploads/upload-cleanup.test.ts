import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, signUp } from '../../test/test-app.ts';
import { uploadFile } from '../../test/upload-file.ts';
import { UNUSED_UPLOAD_TTL_MS, UPLOAD_CLEANUP_INTERVAL_MS } from './upload-cleanup.ts';

// The unused-upload cleanup is a job of the one background runner: once per hour
// across every instance on the database, not once per instance.

const a = appPerFile({ ROLLUP_INTERVAL_MS: '0' });
const b = appPerFile({ ROLLUP_INTERVAL_MS: '0' }, { sameDatabaseAs: a });
let token: string;
beforeAll(async () => {
  ({ token } = await signUp(a.app));
});

/** An upload nothing uses, made older than the TTL; returns its URL. */
async function staleUpload(): Promise<string> {
  const res = await uploadFile(a.app, token);
  expect(res.statusCode).toBe(201);
  const url = res.json().file.url as string;
  await a.database.db
    .updateTable('uploads')
    .set({ createdAt: new Date(Date.now() - UNUSED_UPLOAD_TTL_MS - 60_000).toISOString() })
    .where('name', '=', url.split('/').pop() as string)
    .execute();
  return url;
}

const status = async (url: string) => (await a.app.inject({ url })).statusCode;

describe('upload cleanup job', () => {
  it('runs on a tick of either instance, then not again within the hour on any instance', async () => {
    const first = await staleUpload();
    expect(await status(first)).toBe(200);
    // Both instances tick at once: one of them does the work.
    await Promise.all([a.app.jobs.runOnce(), b.app.jobs.runOnce()]);
    expect(await status(first)).toBe(404);
    const run = await a.database.db
      .selectFrom('jobRuns')
      .select('lastRunAt')
      .where('name', '=', 'upload-cleanup')
      .executeTakeFirstOrThrow();
    expect(Date.parse(run.lastRunAt)).toBeGreaterThan(Date.now() - 60_000);

    // The other instance's next tick within the hour leaves a new stale upload alone.
    const second = await staleUpload();
    await b.app.jobs.runOnce();
    expect(await status(second)).toBe(200);

    // An hour after the last run, the next tick removes it.
    await a.database.db
      .updateTable('jobRuns')
      .set({ lastRunAt: new Date(Date.now() - UPLOAD_CLEANUP_INTERVAL_MS - 1000).toISOString() })
      .where('name', '=', 'upload-cleanup')
      .execute();
    await b.app.jobs.runOnce();
    expect(await status(second)).toBe(404);
    expect(await a.database.db.selectFrom('uploads').select('id').execute()).toEqual([]);
  });
});
