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
/** A thread that ended without being stopped is started again after this long. */
const RESTART_AFTER_MS = 5_000;
/** How often the thread reports its delivery tallies (for /metrics) to the request thread. */
const COUNTERS_EVERY_MS = 1_000;

interface ThreadInput {
  role: typeof ROLE;
  databaseUrl: string;
  pgSchema?: string;
  config: Config;
  intervalMs: number;
}

type Level = 'info' | 'warn' | 'error';
type FromThread =
  | { kind: 'counters'; delta: typeof webhookCounters }
  | { kind: 'log'; level: Level; obj: unknown; msg: string }
  | { kind: 'failed'; job: string; error: unknown }
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
  };
  let worker: Worker;
  let alive = false;
  let stopped = false;
  let nextId = 0;
  const waiting = new Map<number, () => void>();

  const start = () => {
    worker = spawn(input);
    alive = true;
    // Like the runner's timer: the thread alone never keeps the process alive.
    worker.unref();
    worker.on('message', (m: FromThread) => {
      if (m.kind === 'counters')
        for (const k of Object.keys(m.delta) as (keyof typeof webhookCounters)[])
          webhookCounters[k] += m.delta[k];
      else if (m.kind === 'log') opts.log?.[m.level](m.obj, m.msg);
      else if (m.kind === 'failed') opts.log?.error({ err: m.error }, `background job ${m.job} failed`);
      else waiting.get(m.id)?.();
    });
    worker.on('error', (err) => opts.log?.error({ err }, 'webhook sender thread failed'));
    worker.on('exit', () => {
      alive = false;
      for (const done of waiting.values()) done();
      waiting.clear();
      // Ended without stop(): messages wait in the outbox, so a new thread loses nothing.
      if (!stopped) setTimeout(() => stopped || start(), RESTART_AFTER_MS).unref();
    });
  };
  const ask = (cmd: ToThread['cmd']) =>
    new Promise<void>((resolve) => {
      // Between an unexpected end and its restart there is no thread to ask.
      if (!alive) return resolve();
      const id = ++nextId;
      waiting.set(id, () => {
        waiting.delete(id);
        resolve();
      });
      worker.postMessage({ cmd, id } satisfies ToThread);
    });
  start();
  return {
    pause: () => ask('pause'),
    resume: () => ask('resume'),
    stop: async () => {
      stopped = true;
      await ask('stop');
      await worker.terminate();
    },
  };
}

/**
 * The thread runs this very module. Built (dist), that is the file esbuild put it in;
 * from the sources (tsx, the tests) a short script first registers tsx's loader,
 * which threads do not inherit, then imports it.
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
  const post = (m: FromThread) => port.postMessage(m);
  const database = openDatabase({ databaseUrl: input.databaseUrl, pgSchema: input.pgSchema, poolSize: 2 });
  const log = {
    info: (obj: unknown, msg: string) => post({ kind: 'log', level: 'info', obj, msg }),
    warn: (obj: unknown, msg: string) => post({ kind: 'log', level: 'warn', obj, msg }),
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
    runner.start((name, error) => post({ kind: 'failed', job: name, error }));
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
  port.on('message', async ({ cmd, id }: ToThread) => {
    if (cmd === 'resume') resume();
    else await pause();
    report();
    if (cmd === 'stop') {
      clearInterval(reporter);
      await database.close();
    }
    post({ kind: 'done', id });
  });
  resume();
}

if (!isMainThread && (workerData as ThreadInput | undefined)?.role === ROLE && parentPort)
  void runThread(workerData as ThreadInput, parentPort);
