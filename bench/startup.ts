// `npm start` of an installed instance, as an operator restarts it: what `npm start`
// runs (scripts/build-if-stale.mjs, then `node dist/server/main.js`) on a data
// directory that has been started before (migrations applied). Times each restart
// from the start of build-if-stale to the first 200 from /healthz, then reads the
// server's resident memory after IDLE_SECONDS idle. Goals: first answer < 2 s, idle
// RSS < 150 MB, and no build at a restart (build-if-stale says the build is up to date).
// The first start on an empty data directory (migrations included) is printed as INFO.
//
// On a fresh clone the first build-if-stale run builds the client and the server
// (printed, not timed as a restart).
//
//   npx tsx bench/startup.ts           (ROUNDS=3 restarts by default, IDLE_SECONDS=3)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
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
  rssMb: number;
  upToDate: boolean;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
};

/** `npm start`'s first step; returns what it printed. */
const buildIfStale = () =>
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, encoding: 'utf8' });

/** One `npm start`: build-if-stale, then the server on `dataDir`, timed to its first answer. */
async function start(dataDir: string): Promise<Sample> {
  const port = nextPort++;
  const started = performance.now();
  const upToDate = buildIfStale().includes('build is up to date');
  // Node itself (not npm) so the pid is the server's.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let startMs = 0;
    while (!startMs) {
      if (child.exitCode !== null) throw new Error(`dist/server/main.js exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error('no /healthz answer within 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) startMs = performance.now() - started;
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { startMs, rssMb: rssMb(child.pid as number), upToDate };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
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
