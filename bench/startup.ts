// Cold start and idle memory of the server as production runs it (the esbuild
// bundle, `node dist/server/main.js`) against the same server run through tsx
// (TypeScript compiled at start-up), each on a fresh SQLite data directory:
// time from spawn to the first 200 from /healthz (migrations included), then the
// process's resident memory after IDLE_SECONDS idle. Goals: start < 2 s, RSS < 150 MB.
//
//   npx tsx bench/startup.ts           (builds dist/server first; ROUNDS=3 by default)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 3);
const GOAL_START_MS = 2000;
const GOAL_RSS_MB = 150;
let nextPort = 43100 + Math.floor(Math.random() * 500);

interface Sample {
  startMs: number;
  rssMb: number;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
};

async function measure(args: string[]): Promise<Sample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-startup-'));
  const port = nextPort++;
  const started = performance.now();
  // Node itself (not npm/npx) so the pid is the server's.
  const child: ChildProcess = spawn(process.execPath, args, {
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
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error('no /healthz answer within 30 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) startMs = performance.now() - started;
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { startMs, rssMb: rssMb(child.pid as number) };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
});
const variants = {
  'compiled (node dist/server/main.js)': ['--enable-source-maps', 'dist/server/main.js'],
  'tsx (node --import tsx src/server/main.ts)': ['--import', 'tsx', 'src/server/main.ts'],
};
const results: Record<string, Sample[]> = {};
for (let i = 0; i < ROUNDS; i++) {
  // Alternating, so both see the same background load.
  for (const [name, args] of Object.entries(variants)) {
    results[name] = [...(results[name] ?? []), await measure(args)];
  }
}
console.log(`Server start-up, ${ROUNDS} rounds alternating, RSS after ${IDLE_SECONDS} s idle; medians:`);
const summary = Object.entries(results).map(([name, samples]) => {
  const s = {
    name,
    startMs: median(samples.map((x) => x.startMs)),
    rssMb: median(samples.map((x) => x.rssMb)),
  };
  console.log(
    `${name.padEnd(44)} start ${Math.round(s.startMs)} ms  RSS ${s.rssMb.toFixed(0)} MB  ` +
      `(rounds: ${samples.map((x) => `${Math.round(x.startMs)} ms/${x.rssMb.toFixed(0)} MB`).join(', ')})`,
  );
  return s;
});
const [compiled, tsx] = summary;
console.log(
  `INFO compiled/tsx: start ${(compiled.startMs / tsx.startMs).toFixed(2)}, RSS ${(compiled.rssMb / tsx.rssMb).toFixed(2)}`,
);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
console.log(
  `${verdict(compiled.startMs < GOAL_START_MS)} compiled cold start ${Math.round(compiled.startMs)} ms (goal < ${GOAL_START_MS} ms)`,
);
console.log(
  `${verdict(compiled.rssMb < GOAL_RSS_MB)} compiled idle RSS ${compiled.rssMb.toFixed(0)} MB (goal < ${GOAL_RSS_MB} MB)`,
);
