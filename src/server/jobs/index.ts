import type { FileStorage } from '../lib/storage.ts';
import { rollupJob } from './rollups.ts';
import type { Job } from './runner.ts';
import { uploadCleanupJob } from './upload-cleanup.ts';

/**
 * Every background job of the server, run by the one JobRunner built in app.ts
 * (each with its own advisory lock key). A new job joins by being listed here.
 */
export function backgroundJobs(opts: { uploads: FileStorage }): Job[] {
  return [rollupJob(), uploadCleanupJob({ storage: opts.uploads })];
}
