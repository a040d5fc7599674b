import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Config } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { webhookCounters, webhookSenderJob } from './webhook.job.ts';

// The webhook sender on PostgreSQL, in a worker thread of its own (docs/decisions/0031-webhooks.md
// "The sender's own thread"). A busy campaign's deliveries (reading bodies, signing them,
// posting them) then run beside the request thread instead of between its requests:
// supporters' shares neither wait behind a delivery nor share its heap and its garbage
// collections. The thread has its own two connections and runs the same job, under the
// same advisory lock, as the in-process runner would. SQLite keeps the sender in the
// request thread: its one writer is that thread's connection.

const ROLE = 'rally-webhook-sender';
/** A thread that ended without being stopped is started again after this long, doubling up to the cap. */
const RESTART_AFTER_MS = 5_000;
const RESTART_AFTER_MAX_MS = 5 * 60_000;
/** How often the thread reports its delivery tallies (for /metrics) to the request thread. */
const COUNTERS_EVERY_MS = 1_000;

interface ThreadInput {
  role: typeof ROLE;
  databaseUrl: string;
  pgSchema?: string;
  config: Config;
  intervalMs: number;
  /** Started again while paused: stays paused. */
  paused: boolean;
  /** As the request thread (a thread does not inherit `process.setSourceMapsEnabled`). */
  sourceMaps: boolean;
}

type Level = 'info' | 'warn' | 'error';
type FromThread =
  | { kind: 'counters'; delta: typeof webhookCounters }
  | { kind: 'log'; level: Level; obj: unknown; msg: string }
  | { kind: 'failed'; job: string; error: unknown }
  | { kind: 'ready' }
  | { kind: 'done'; id: number };
type ToThread = { cmd: 'pause' | 'resume' | 'stop'; id: number };

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface WebhookSenderThread {
  /** Stops sending (the step in progress ends first); resume() starts again. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops sending and ends the thread and its connections. */
  stop(): Promise<void>;
}

/**
 * Starts the webhook sender in its own thread, sending at once. Its tallies join
 * webhookCounters here; its log lines and failures come to `log`.
 */
export function startWebhookSenderThread(opts: {
  databaseUrl: string;
  pgSchema?: string;
  config: Config;
  intervalMs: number;
  log?: Logger;
}): WebhookSenderThread {
  const input: ThreadInput = {
    role: ROLE,
    databaseUrl: opts.databaseUrl,
    pgSchema: opts.pgSchema,
    config: opts.config,
    intervalMs: opts.intervalMs,
    paused: false,
    sourceMaps: process.sourceMapsEnabled,
  };
  let worker: Worker | undefined;
  let stopped = false;
  let restartAfterMs = RESTART_AFTER_MS;
  let restart: NodeJS.Timeout | undefined;
  let nextId = 0;
  const waiting = new Map<number, () => void>();

  const start = () => {
    try {
      worker = spawn(input);
    } catch (err) {
      opts.log?.error({ err }, 'webhook sender thread could not start');
      return again();
    }
    const self = worker;
    // Like the runner's timer: the thread alone never keeps the process alive.
    self.unref();
    self.on('message', (m: FromThread) => {
      if (m.kind === 'counters')
        for (const k of Object.keys(m.delta) as (keyof typeof webhookCounters)[])
          webhookCounters[k] += m.delta[k];
      else if (m.kind === 'log') opts.log?.[m.level](m.obj, m.msg);
      else if (m.kind === 'failed') opts.log?.error({ err: m.error }, `background job ${m.job} failed`);
      else if (m.kind === 'ready') restartAfterMs = RESTART_AFTER_MS;
      else waiting.get(m.id)?.();
    });
    self.on('error', (err) => opts.log?.error({ err }, 'webhook sender thread failed'));
    self.on('exit', () => {
      if (worker === self) worker = undefined;
      for (const done of waiting.values()) done();
      waiting.clear();
      // Ended without stop(): messages wait in the outbox, so a new thread loses nothing.
      if (!stopped) again();
    });
  };
  /** A thread that keeps failing to start is tried less and less often, not every 5 s forever. */
  const again = () => {
    opts.log?.warn({ inMs: restartAfterMs }, 'webhook sender thread ended; starting it again');
    restart = setTimeout(() => stopped || start(), restartAfterMs);
    restart.unref();
    restartAfterMs = Math.min(restartAfterMs * 2, RESTART_AFTER_MAX_MS);
  };
  const ask = (cmd: ToThread['cmd']) =>
    new Promise<void>((resolve) => {
      // Between an unexpected end and its restart there is no thread to ask (input.paused carries over).
      if (!worker) return resolve();
      const id = ++nextId;
      waiting.set(id, () => {
        waiting.delete(id);
        resolve();
      });
      worker.postMessage({ cmd, id } satisfies ToThread);
    });
  start();
  return {
    pause: () => {
      input.paused = true;
      return ask('pause');
    },
    resume: () => {
      input.paused = false;
      return ask('resume');
    },
    stop: async () => {
      stopped = true;
      clearTimeout(restart);
      // Stopping is awaited: the thread may not be left behind by an unref'd handle.
      worker?.ref();
      await ask('stop');
      await worker?.terminate();
    },
  };
}

/** An error as plain data that keeps its own fields (`code`, `detail`…) across postMessage. */
const plainError = (err: unknown) =>
  err instanceof Error ? { ...err, type: err.name, message: err.message, stack: err.stack } : err;

/** A log object with its `err` made plain (postMessage would keep only message and stack). */
const plainLog = (obj: unknown) =>
  obj && typeof obj === 'object' && 'err' in obj
    ? { ...obj, err: plainError((obj as { err: unknown }).err) }
    : obj;

/**
 * The thread runs this very module. Built (dist), that is the chunk esbuild put it in
 * (it is an entry of its own, so the chunk holds it and what it imports, not the
 * server); from the sources (tsx, the tests) a short script first registers tsx's
 * loader, which threads do not inherit, then imports it.
 */
function spawn(input: ThreadInput): Worker {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL(self), { workerData: input });
  // tsx's ESM entry for registering (its CommonJS one cannot register from a thread).
  const manifest = createRequire(self).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
  const script = `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => import(${JSON.stringify(self)}));`;
  return new Worker(script, { eval: true, workerData: input });
}

/** In the thread: runs the sender until told to stop. */
async function runThread(input: ThreadInput, port: NonNullable<typeof parentPort>): Promise<void> {
  if (input.sourceMaps) process.setSourceMapsEnabled(true);
  const post = (m: FromThread) => port.postMessage(m);
  const database = openDatabase({ databaseUrl: input.databaseUrl, pgSchema: input.pgSchema, poolSize: 2 });
  const log = {
    info: (obj: unknown, msg: string) => post({ kind: 'log', level: 'info', obj: plainLog(obj), msg }),
    warn: (obj: unknown, msg: string) => post({ kind: 'log', level: 'warn', obj: plainLog(obj), msg }),
  };
  const job = webhookSenderJob({ db: database.db, dialect: 'postgres', config: input.config, log });
  let runner: JobRunner | undefined;
  const resume = () => {
    runner ??= new JobRunner({
      db: database.db,
      dialect: 'postgres',
      jobs: [job],
      intervalMs: input.intervalMs,
    });
    runner.start((name, error) => post({ kind: 'failed', job: name, error: plainError(error) }));
  };
  const pause = async () => {
    await runner?.stop();
    runner = undefined;
  };
  // This thread's tallies, sent as they grow; the request thread keeps the totals.
  const reported = { ...webhookCounters };
  const report = () => {
    const delta = { ...webhookCounters };
    let changed = false;
    for (const k of Object.keys(delta) as (keyof typeof webhookCounters)[]) {
      delta[k] -= reported[k];
      reported[k] = webhookCounters[k];
      changed ||= delta[k] !== 0;
    }
    if (changed) post({ kind: 'counters', delta });
  };
  const reporter = setInterval(report, COUNTERS_EVERY_MS);
  // One command at a time, in order: a resume never lands in a pause still stopping the runner.
  let turn = Promise.resolve();
  port.on('message', ({ cmd, id }: ToThread) => {
    turn = turn.then(async () => {
      if (cmd === 'resume') resume();
      else await pause();
      report();
      if (cmd === 'stop') {
        clearInterval(reporter);
        await database.close();
      }
      post({ kind: 'done', id });
    });
  });
  if (!input.paused) resume();
  post({ kind: 'ready' });
}

if (!isMainThread && (workerData as ThreadInput | undefined)?.role === ROLE && parentPort)
  void runThread(workerData as ThreadInput, parentPort);
