import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { DialectName } from '../db/dialect.ts';

// One background runner per process for work kept off the request path. Each tick
// runs every job once. On PostgreSQL several instances share the database, so a job
// runs inside a transaction that first takes a transaction-scoped advisory lock
// (pg_try_advisory_xact_lock): the instance that gets it does the work, the others
// skip that tick. On SQLite there is one process, and an in-process flag suffices.
// Advisory locks belong to the whole database, so the lock's first half is the
// schema's: installs in other schemas of the same database (and test files, each in
// a schema of its own) never take each other's turn.

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs; tests call `jobs.runOnce()` when the timer is off. */
    jobs: JobRunner;
  }
}

/** The first half of a job's advisory lock (two-int form, apart from the one-int per-share click locks): its schema's. */
const JOB_LOCK_CLASS = sql<number>`hashtext(${'rally-jobs:'} || current_schema())`;

export interface Job {
  name: string;
  /** Distinct per job: the second half of its advisory lock key. */
  lockKey: number;
  /**
   * One step of work inside `trx`. Returns true when more work is waiting (the runner
   * runs it again in the same tick, up to `maxStepsPerTick`).
   */
  step: (trx: Db) => Promise<boolean>;
  /**
   * Runs after each step's transaction has committed, outside it: work that must not
   * be repeated if the transaction were rolled back (sending what the step claimed).
   */
  afterCommit?: () => Promise<void>;
}

export interface RunnerOptions {
  db: Db;
  dialect: DialectName;
  jobs: Job[];
  /** Timer interval; 0 disables the timer (tests trigger `runOnce` by hand). */
  intervalMs: number;
  maxStepsPerTick?: number;
  onError?: (job: string, error: unknown) => void;
}

export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly opts: RunnerOptions) {}

  /** The names of the jobs it runs. */
  get jobNames(): string[] {
    return this.opts.jobs.map((job) => job.name);
  }

  /** Starts the timer; failures of a job are reported to `onError` (the app's logger). */
  start(onError?: (job: string, error: unknown) => void): void {
    if (onError) this.opts.onError = onError;
    if (this.opts.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs);
    // A pending tick must never keep the process alive on its own.
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs every job until it is done or has used its steps for this tick; ticks never overlap. */
  runOnce(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.running) {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async tick(): Promise<void> {
    const maxSteps = this.opts.maxStepsPerTick ?? 20;
    for (const job of this.opts.jobs) {
      try {
        for (let i = 0; i < maxSteps && !this.stopped; i++) {
          if (!(await this.step(job))) break;
        }
      } catch (error) {
        this.opts.onError?.(job.name, error);
      }
    }
  }

  private async step(job: Job): Promise<boolean> {
    const more = await this.stepInTransaction(job);
    await job.afterCommit?.();
    return more;
  }

  private stepInTransaction(job: Job): Promise<boolean> {
    const { db, dialect } = this.opts;
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        const { rows } = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}, ${job.lockKey}::int4) as locked`.execute(trx);
        // Another instance is running this job now: it does this tick's work.
        if (!rows[0]?.locked) return false;
      }
      return job.step(trx);
    });
  }
}

/**
 * The hand-off of a job that claims in its step and sends after the commit: `step`
 * starts a batch (`begin`) and `claim`s rows inside its transaction; `afterCommit`
 * calls `deliverClaimed`. A delivery that throws is reported to `failed` and left
 * claimed: the job's stale-claim sweep counts it as a failed try.
 */
export function claimedDeliveries<T>(
  deliver: (item: T) => Promise<void>,
  failed: (err: unknown, item: T) => void,
) {
  let claimed: T[] = [];
  return {
    begin: () => {
      claimed = [];
    },
    claim: (item: T) => {
      claimed.push(item);
    },
    deliverClaimed: async () => {
      const batch = claimed;
      claimed = [];
      for (const item of batch) {
        try {
          await deliver(item);
        } catch (err) {
          failed(err, item);
        }
      }
    },
  };
}
