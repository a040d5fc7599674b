import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { WorkQueue } from '../../lib/work-queue.ts';

// argon2id with the library's defaults (OWASP's first choice, m=19 MiB, t=2).
//
// Each hash takes one of libuv's threadpool threads for tens of milliseconds, the same
// threads that read files and resolve names for every other request. So only a few
// run at once (by default one per core, and always one thread less than the pool),
// a short queue waits behind them, and past it the answer is 503 with Retry-After:
// a flood of password checks cannot starve the rest of the server.

const THREADPOOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/** Hashes at once by default: one per core, leaving the threadpool a thread for everything else. */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, Math.min(os.availableParallelism(), THREADPOOL_SIZE - 1));
/** Hashes that may wait for a free slot, per slot, by default. */
export const DEFAULT_HASH_QUEUE_PER_SLOT = 8;

export const PASSWORD_WORK_BUSY = 'The server is busy checking passwords. Please try again in a moment.';

/** The one queue of this process's argon2 work (hash and verify). */
export const passwordWork = new WorkQueue(
  DEFAULT_HASH_CONCURRENCY,
  DEFAULT_HASH_CONCURRENCY * DEFAULT_HASH_QUEUE_PER_SLOT,
  PASSWORD_WORK_BUSY,
);

/** Sets this process's limits (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function configurePasswordWork(limits: { concurrency: number; queue: number }): void {
  passwordWork.configure(limits.concurrency, limits.queue);
}

export const hashPassword = (password: string): Promise<string> => passwordWork.run(() => hash(password));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** A hash to verify against when the user does not exist, so timing reveals nothing. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => {
  dummyHash ??= hash('not-a-real-password');
  return dummyHash;
};
