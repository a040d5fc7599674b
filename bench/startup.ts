// `npm start` of an installed instance, as an operator restarts it: the real `npm start`
// (npm, then scripts/start.mjs: build-if-stale and the compiled server in one node) on a
// data directory that has been started before (migrations applied). Times each restart
// from the spawn of `npm start` to the first 200 from /healthz, then reads the server's
// resident memory after IDLE_SECONDS idle. Goals: first answer < 2 s, idle RSS < 150 MB,
// and no build at a restart (build-if-stale says the build is up to date).
// Also printed: how much of that time npm took before node started, and the server's
// CPU time to its first answer (what a restart costs, whatever else the machine runs).
// The first start on an empty data directory (migrations included) is printed as INFO.
//
// On a fresh clone the first build-if-stale run builds the client and the server
// (printed, not timed as a restart).
//
//   npx tsx bench/startup.ts           (ROUNDS=3 restarts by default, IDLE_SECONDS=3)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './lib/load.ts';
import { reportRow, verdict } from './lib/report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 3);
export const GOAL_START_MS = 2000;
export const GOAL_RSS_MB = 150;
let nextPort = 43100 + Math.floor(Math.random() * 500);

interface Sample {
  startMs: number;
  /** From the spawn of `npm start` to the start of the server's node process. */
  npmMs: number;
  /** The server process's CPU time (user + system) at its first answer. */
  cpuMs: number;
  rssMb: number;
  upToDate: boolean;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
};

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
/** /proc/<pid>/stat's fields after the command name: [state, ppid, ...]. */
const procStat = (pid: number) => {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};
/** CPU time so far (user + system), in ms. */
const cpuMs = (pid: number) => {
  const f = procStat(pid);
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
};
/** When the process started, in ms since boot. */
const startedAtMs = (pid: number) => Number(procStat(pid)[19]) * TICK_MS;
const uptimeMs = () => Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 1000;

/** The node process `npm start` ran (`node scripts/start.mjs`, through a shell), once it exists. */
function serverPid(npmPid: number): number | undefined {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(procStat(Number(name))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const queue = [...(children.get(npmPid) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    try {
      const [command, script] = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/node$/.test(command) && script === 'scripts/start.mjs') return pid;
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return undefined;
}

/** `npm start`'s first step; returns what it printed. */
const buildIfStale = () =>
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, encoding: 'utf8' });

/** One `npm start` on `dataDir`, timed to its first answer. */
async function start(dataDir: string): Promise<Sample> {
  const port = nextPort++;
  const started = performance.now();
  const bootMs = uptimeMs();
  const npm = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let server: number | undefined;
  try {
    let startMs = 0;
    let cpu = 0;
    while (!startMs) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}: ${output}`);
      if (performance.now() - started > 120_000) throw new Error('no /healthz answer within 120 s');
      server ??= serverPid(npm.pid as number);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) {
          startMs = performance.now() - started;
          server ??= serverPid(npm.pid as number);
          if (server === undefined) throw new Error('the server process of npm start was not found');
          cpu = cpuMs(server);
        }
      } catch (err) {
        if (startMs) throw err;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    const pid = server as number;
    const npmMs = startedAtMs(pid) - bootMs;
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return {
      startMs,
      npmMs,
      cpuMs: cpu,
      rssMb: rssMb(pid),
      upToDate: output.includes('build is up to date'),
    };
  } finally {
    await new Promise<void>((resolve) => {
      if (npm.exitCode !== null) return resolve();
      npm.once('exit', () => resolve());
      // The server drains and exits 0 on SIGTERM; npm then exits with it.
      if (server !== undefined) process.kill(server, 'SIGTERM');
      else npm.kill('SIGTERM');
    });
  }
}

export async function main(): Promise<boolean> {
  // A fresh clone has no build: this run makes it (an installation's `npm start` would).
  const t0 = performance.now();
  const first = buildIfStale().trim();
  console.log(`build-if-stale before the run: ${first} (${Math.round(performance.now() - t0)} ms)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-startup-'));
  try {
    const fresh = await start(dataDir);
    console.log(
      `INFO first start on an empty data directory (migrations): ${Math.round(fresh.startMs)} ms, RSS ${fresh.rssMb.toFixed(0)} MB`,
    );
    const samples: Sample[] = [];
    for (let i = 0; i < ROUNDS; i++) samples.push(await start(dataDir));
    const startMs = median(samples.map((s) => s.startMs));
    const rss = median(samples.map((s) => s.rssMb));
    const rounds = samples.map((x) => `${Math.round(x.startMs)} ms/${x.rssMb.toFixed(0)} MB`).join(', ');
    console.log(`restarts of an installed instance, ${ROUNDS} rounds (median): ${rounds}`);
    console.log(
      `INFO of which npm before node started: ${Math.round(median(samples.map((x) => x.npmMs)))} ms; server CPU time to the first answer: ${Math.round(median(samples.map((x) => x.cpuMs)))} ms (medians)`,
    );
    const rebuilt = samples.filter((s) => !s.upToDate).length;
    const ok = {
      start: startMs < GOAL_START_MS,
      rss: rss < GOAL_RSS_MB,
      noBuild: rebuilt === 0,
    };
    console.log(
      `${verdict(ok.start)} npm start to first answer (restart, build fresh) ${Math.round(startMs)} ms (goal < ${GOAL_START_MS} ms)`,
    );
    console.log(
      `${verdict(ok.rss)} idle RSS after ${IDLE_SECONDS} s ${rss.toFixed(0)} MB (goal < ${GOAL_RSS_MB} MB)`,
    );
    console.log(
      `${verdict(ok.noBuild)} no build at a restart: build-if-stale found the build up to date ${ROUNDS - rebuilt} of ${ROUNDS} times`,
    );
    reportRow({
      row: '`npm start` to first answer (restart)',
      value: `${Math.round(startMs)} ms`,
      goal: `< ${GOAL_START_MS} ms, no build`,
      pass: ok.start && ok.noBuild,
    });
    reportRow({
      row: 'idle RSS after a restart',
      value: `${rss.toFixed(0)} MB`,
      goal: `< ${GOAL_RSS_MB} MB`,
      pass: ok.rss,
    });
    return ok.start && ok.rss && ok.noBuild;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!(await main())) process.exitCode = 1;
}
