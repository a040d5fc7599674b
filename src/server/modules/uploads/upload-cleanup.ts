import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { UPLOADS_PREFIX } from './upload-storage.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';

/** An upload nothing refers to is kept this long (time to finish the asset form), then removed. */
export const UNUSED_UPLOAD_TTL_MS = DAY_MS;
/** How often the cleanup runs (once per period across all instances). */
export const UPLOAD_CLEANUP_INTERVAL_MS = HOUR_MS;
/** Files removed per job step (one transaction). */
export const CLEANUP_BATCH = 100;

/**
 * Deletes uploads older than the TTL that no asset uses and no template copies
 * (a template keeps its assets' content, and using it later must find the files).
 * A deleted asset keeps its row and content (`deletedAt` set; its shares and clicks
 * still point at it), so its file counts as used and stays; the file an asset edit
 * replaced is used by nothing and goes.
 * Idempotent and safe to run from several instances at once: each file is removed
 * from storage (a missing file is fine) before its row, so a crash in between only
 * leaves a row the next run finishes. Returns the names it removed.
 */
export async function cleanupUnusedUploads(opts: {
  db: Db;
  storage: FileStorage;
  now?: number;
  ttlMs?: number;
  /** At most this many, oldest first. */
  limit?: number;
}): Promise<string[]> {
  const { db, storage } = opts;
  const cutoff = new Date((opts.now ?? Date.now()) - (opts.ttlMs ?? UNUSED_UPLOAD_TTL_MS)).toISOString();
  const url = sql<string>`${UPLOADS_PREFIX} || uploads.name`;
  const unused = await db
    .selectFrom('uploads')
    .select(['uploads.id', 'uploads.name'])
    .where('uploads.createdAt', '<=', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('assets').select('assets.id').where('assets.content', '=', url))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('templates')
            .select('templates.id')
            .where('templates.assets', 'like', sql<string>`'%' || ${url} || '%'`),
        ),
      ),
    )
    .orderBy('uploads.id')
    .$if(opts.limit !== undefined, (q) => q.limit(opts.limit ?? 0))
    .execute();
  const removed: string[] = [];
  for (const row of unused) {
    await storage.remove(row.name);
    await db.deleteFrom('uploads').where('id', '=', row.id).execute();
    removed.push(row.name);
  }
  return removed;
}

/**
 * The cleanup as a job of the one runner (jobs/index.ts): once an hour across all
 * instances, a batch of files per step so that no transaction holds the lock long.
 */
export function uploadCleanupJob(opts: { storage: FileStorage; now?: () => number }): Job {
  return periodicJob({
    name: 'upload-cleanup',
    lockKey: 2,
    everyMs: UPLOAD_CLEANUP_INTERVAL_MS,
    now: opts.now,
    work: async (trx, now) => {
      const removed = await cleanupUnusedUploads({
        db: trx,
        storage: opts.storage,
        now,
        limit: CLEANUP_BATCH,
      });
      return removed.length === CLEANUP_BATCH;
    },
  });
}
