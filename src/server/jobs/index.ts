import { rollupJob } from './rollups.ts';
import type { Job } from './runner.ts';

/**
 * Every background job of the server, run by the one JobRunner built in app.ts
 * (each with its own advisory lock key). A new job joins by being listed here.
 */
export function backgroundJobs(): Job[] {
  return [rollupJob()];
}
