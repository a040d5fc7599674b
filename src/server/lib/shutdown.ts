import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/client.ts';
import { GroupCommit } from './group-commit.ts';

/** Orchestrators (Kubernetes, Docker) wait 10 s after SIGTERM before SIGKILL by default. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Stops the process without losing an acknowledged write, in this order:
 * 1. app.close(): the listener stops accepting connections, requests arriving on
 *    open keep-alive connections get 503 (Fastify's return503OnClosing), idle
 *    connections are closed, and it resolves once every in-flight request has been
 *    answered;
 * 2. the grouped share/click writes still queued or committing are awaited
 *    (lib/group-commit.ts), so nothing is cut off by closing the database;
 * 3. the database is closed (SQLite checkpoints its WAL, the pg pool ends);
 * 4. exit 0. Should any step hang, the deadline exits 1 so the orchestrator sees it.
 */
export async function shutDown(opts: {
  app: FastifyInstance;
  database: DbHandle;
  reason: string;
  deadlineMs?: number;
  exit?: (code: number) => void;
}): Promise<void> {
  const { app, database, reason } = opts;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const deadline = opts.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const started = Date.now();
  // Leaves a margin under the orchestrator's deadline to log and exit on our own terms.
  const timer = setTimeout(() => {
    app.log.error({ reason }, `shutdown did not finish within ${deadline - 500} ms; exiting`);
    exit(1);
  }, deadline - 500);
  timer.unref();
  try {
    app.log.info({ reason }, 'shutting down: draining requests');
    await app.close();
    await GroupCommit.drained();
    await database.close();
    app.log.info({ reason, ms: Date.now() - started }, 'shut down cleanly');
    clearTimeout(timer);
    exit(0);
  } catch (err) {
    app.log.error({ reason, err }, 'shutdown failed');
    clearTimeout(timer);
    exit(1);
  }
}

/** SIGTERM and SIGINT start one graceful shutdown; a repeated signal does not start another. */
export function shutDownOnSignals(app: FastifyInstance, database: DbHandle): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: still shutting down`);
      return;
    }
    closing = true;
    void shutDown({ app, database, reason: signal });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
