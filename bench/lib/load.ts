// What every HTTP benchmark here shares: servers in child processes (so the load
// generator, the app and the baseline do not share an event loop), autocannon rounds
// with the server's CPU time measured around each, medians, and PASS/FAIL lines.
// Baselines live in ./baselines.ts and are started with startBaseline.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { verdict } from './report.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONNECTIONS = 64;

export interface Server<T> {
  child: ChildProcess;
  ready: T;
  /** The child's CPU time so far (user + system), in microseconds. */
  cpu: () => Promise<number>;
  /** Sends a command the child answers with one message (childCommands). */
  ask: <R>(command: string) => Promise<R>;
}

/**
 * Forks `file` with BENCH_ROLE=role; resolves with the first message it sends (its
 * "ready"). The child must call serveChildCommands() so cpu() works.
 */
export function startChild<T>(
  file: string,
  role: string,
  env: Record<string, string> = {},
): Promise<Server<T>> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      // The children load TypeScript through tsx, resolved from here whatever the cwd.
      execArgv: [
        '--import',
        import.meta.resolve('tsx'),
        // BENCH_CPU_PROF=role writes that child's V8 CPU profile into BENCH_CPU_PROF_DIR on exit.
        ...(process.env.BENCH_CPU_PROF === role
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR ?? 'cpu-profiles'}`]
          : []),
      ],
      cwd: ROOT,
      env: { ...process.env, BENCH_ROLE: role, ...env },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const ask = <R>(command: string) =>
      new Promise<R>((res) => {
        child.once('message', (m) => res(m as R));
        child.send(command);
      });
    const cpu = async () => (await ask<{ cpu: number }>('cpu')).cpu;
    child.once('message', (ready) => resolve({ child, ready: ready as T, cpu, ask }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${role} server exited early (code ${code})`)));
  });
}

/**
 * In a child: answers 'cpu' with its CPU time, and any command in `handlers` with
 * what the handler returns (one message per command, in order).
 */
export function serveChildCommands(handlers: Record<string, () => unknown> = {}): void {
  process.on('message', async (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ cpu: u.user + u.system });
      return;
    }
    const handler = typeof m === 'string' ? handlers[m] : undefined;
    process.send?.(handler ? ((await handler()) ?? {}) : { error: `unknown command ${String(m)}` });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    // Already gone (by exit or by signal): 'exit' will not fire again.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Baselines (./baselines.ts) by kind; each runs in its own child process. */
export type BaselineKind = 'bytes' | 'insert';

export function startBaseline<T = { port: number }>(
  kind: BaselineKind,
  env: Record<string, string>,
): Promise<Server<T>> {
  return startChild<T>(path.join(ROOT, 'bench/lib/baselines.ts'), `baseline-${kind}`, env);
}

export type LoadOpts = Omit<autocannon.Options, 'url' | 'connections' | 'duration'> & { url: string };

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  /** Server CPU microseconds per answered request. */
  cpuPerReq: number;
}

export async function round(server: Server<unknown>, opts: LoadOpts, seconds: number): Promise<Round> {
  const before = await server.cpu();
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: seconds });
  const cpu = (await server.cpu()) - before;
  if (r.errors > 0 || r.timeouts > 0) console.log(`  (${r.errors} socket errors, ${r.timeouts} timeouts)`);
  const answered = r['2xx'] + r.non2xx;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    non2xx: r.non2xx,
    cpuPerReq: answered ? cpu / answered : 0,
  };
}

/**
 * The server's CPU microseconds per request over a fixed number of requests (few
 * connections): a cost, steadier than throughput on a machine doing other work.
 */
export async function cpuPerRequest(
  server: Server<unknown>,
  opts: LoadOpts,
  requests: number,
): Promise<number> {
  const before = await server.cpu();
  const r = await autocannon({ ...opts, connections: 8, amount: requests });
  const cpu = (await server.cpu()) - before;
  if (r['2xx'] !== requests) throw new Error(`${opts.url}: ${r['2xx']} of ${requests} answered 2xx`);
  return cpu / requests;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  p99Max: number;
  cpuPerReq: number;
  ok: number;
  non2xx: number;
}

export function summarise(label: string, rounds: Round[]): Summary {
  const s = {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    p99Max: Math.max(...rounds.map((r) => r.p99)),
    cpuPerReq: median(rounds.map((r) => r.cpuPerReq)),
    ok: rounds.reduce((n, r) => n + r.ok, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
  console.log(
    `${label.padEnd(46)} ${Math.round(s.rps).toString().padStart(7)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms ` +
      `(worst round ${s.p99Max} ms)  ${s.cpuPerReq.toFixed(1)} us CPU/req  2xx ${s.ok}  non-2xx ${s.non2xx}`,
  );
  console.log(
    `${''.padEnd(46)} rounds: ${rounds.map((r) => `${Math.round(r.rps)}/s ${r.cpuPerReq.toFixed(0)}us`).join(', ')}`,
  );
  return s;
}

export { verdict };

/** One side of a comparison: a server and the load to put on it. */
export type Side = [server: Server<unknown>, opts: LoadOpts];

/**
 * Loads each side in turn, in rounds of `seconds` after one warm-up round each, so
 * every side sees the same background load on this shared machine. Rounds per side.
 */
export async function alternate(
  sides: Side[],
  opts: { rounds: number; seconds: number; warmupSeconds: number },
): Promise<Round[][]> {
  for (const [server, load] of sides) await round(server, load, opts.warmupSeconds);
  const results: Round[][] = sides.map(() => []);
  for (let i = 0; i < opts.rounds; i++) {
    for (const [k, [server, load]] of sides.entries())
      results[k].push(await round(server, load, opts.seconds));
  }
  return results;
}

/** A comparison line: `label = ratio (goal >= goal)` with both absolute figures. */
export function ratioLine(label: string, app: Summary, base: Summary, goal: number): boolean {
  const ratio = app.rps / base.rps;
  const ok = ratio >= goal;
  console.log(
    `${verdict(ok)} ${label} = ${ratio.toFixed(2)} (goal >= ${goal.toFixed(2)}): ` +
      `${Math.round(app.rps)} req/s vs ${Math.round(base.rps)} req/s, app p99 ${app.p99} ms`,
  );
  return ok;
}

/** Distinct client addresses per request (n = 1, 2, ...), so per-address limits never decide the result. */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Autocannon requests: a JSON POST per request, its headers and body from `make()`. */
export function jsonPosts(
  make: () => { headers: Record<string, string>; body: unknown },
): LoadOpts['requests'] {
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const { headers, body } = make();
        return {
          ...req,
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        };
      },
    },
  ];
}
