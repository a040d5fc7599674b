import type { Db } from '../db/client.ts';
// Group commit for SQLite writes. Every commit with synchronous=FULL waits for an
// fsync of the WAL (milliseconds on a busy disk), and better-sqlite3 waits on the
// event loop. Writes that arrive together are therefore committed together: one
// transaction, one fsync, and each caller's promise settles only after that commit,
// so an acknowledged write is exactly as durable as one committed alone.

/** What a batch run reports per item: its result, or the error that item alone gets. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

/** Items submitted to any writer and not yet settled, across the process. */
let unsettled = 0;
let idleWaiters: (() => void)[] = [];

function settledOne(): void {
  unsettled--;
  if (unsettled === 0 && idleWaiters.length > 0) {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }
}

export class GroupCommit<T, R> {
  /** Writes queued or being committed by every writer (a gauge for metrics). */
  static pending(): number {
    return unsettled;
  }

  /**
   * Resolves once every write submitted so far has committed or failed. Shutdown
   * awaits it before closing the database, so no acknowledged write is cut off.
   */
  static drained(): Promise<void> {
    if (unsettled === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  private queue: Pending<T, R>[] = [];
  private scheduled = false;
  private running = false;

  /**
   * @param runBatch writes all items in one transaction; an error it throws fails
   *   every item of the batch, an item's own error fails only that item.
   * @param maxBatch upper bound of items per transaction.
   */
  constructor(
    private readonly runBatch: (items: T[]) => Promise<ItemOutcome<R>[]>,
    private readonly maxBatch = 256,
  ) {}

  submit(item: T): Promise<R> {
    unsettled++;
    return new Promise<R>((resolve, reject) => {
      this.queue.push({
        item,
        resolve: (v) => {
          settledOne();
          resolve(v);
        },
        reject: (e) => {
          settledOne();
          reject(e);
        },
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    // After the current I/O phase: every request parsed in it joins this batch.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    try {
      const outcomes = await this.runBatch(batch.map((p) => p.item));
      batch.forEach((p, i) => {
        const o = outcomes[i];
        if (o?.ok) p.resolve(o.value);
        else p.reject(o ? o.error : new Error('Write not performed'));
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}

/**
 * Group commit per database, for writes made one item at a time: the items submitted
 * together run `write` in turn inside one transaction (one fsync); an error that
 * `failsAlone` accepts (a constraint the item broke) fails that item only, any other
 * fails the batch.
 */
export function batchedWriter<T, R>(
  write: (trx: Db, item: T) => Promise<R>,
  failsAlone: (error: unknown) => boolean,
): (db: Db, item: T) => Promise<R> {
  const writers = new WeakMap<Db, GroupCommit<T, R>>();
  return (db, item) => {
    let writer = writers.get(db);
    if (!writer) {
      writer = new GroupCommit((items) =>
        db.transaction().execute(async (trx) => {
          const outcomes: ItemOutcome<R>[] = [];
          for (const it of items) {
            try {
              outcomes.push({ ok: true, value: await write(trx, it) });
            } catch (error) {
              if (!failsAlone(error)) throw error;
              outcomes.push({ ok: false, error });
            }
          }
          return outcomes;
        }),
      );
      writers.set(db, writer);
    }
    return writer.submit(item);
  };
}
