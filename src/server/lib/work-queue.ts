import { HttpError } from './errors.ts';

/** A refused task's wait: a queue this short drains within about a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Runs at most `concurrency` tasks at once; up to `queueLimit` more wait their turn
 * (first come, first served). Past that a task is refused at once (503 with
 * Retry-After): a burst queues briefly, a flood is turned away instead of piling up
 * ever longer waits for everyone.
 */
export class WorkQueue {
  private running = 0;
  private peak = 0;
  private started = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private concurrency: number,
    private queueLimit: number,
    private readonly busyMessage: string,
  ) {}

  /** Changes the limits (tasks already running or waiting are kept). */
  configure(concurrency: number, queueLimit: number): void {
    this.concurrency = Math.max(1, concurrency);
    this.queueLimit = Math.max(0, queueLimit);
    this.startWaiting();
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else if (this.waiting.length < this.queueLimit) {
      // startWaiting counts the slot before it lets this task go on.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new HttpError(503, 'SERVER_BUSY', this.busyMessage, {
        params: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
      }).withHeaders({ 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    this.started++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      this.running--;
      this.startWaiting();
    }
  }

  /** Gives free slots to the tasks waiting longest. */
  private startWaiting(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()?.();
    }
  }

  /** running: tasks now; peak: most at once since the last resetPeak; started: tasks ever run. */
  stats() {
    return { running: this.running, peak: this.peak, waiting: this.waiting.length, started: this.started };
  }

  resetPeak(): void {
    this.peak = this.running;
  }
}
