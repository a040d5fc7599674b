// The real server as a child process (src/server/main.ts through tsx, as `npm run
// serve` runs it), and a plain HTTP client for it: what the process-level tests
// (SIGTERM under load, two instances behind a proxy) drive.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { runSql } from './pg-admin.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** The last lines the process wrote to stderr (for failure messages). */
  stderrTail: () => string;
}

/**
 * Starts the server as production would (PORT=0) and resolves with its port: the
 * sources through tsx, or with `compiled` the bundle `npm start` runs with plain node.
 */
export function startServer(
  env: Record<string, string>,
  opts: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  const args = opts.compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let errTail = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Rally on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        // The request log is not needed: keep the pipe flowing and drop it.
        child.stdout?.resume();
        resolve({ child, port: Number(m[1]), exited, stderrTail: () => errTail });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      errTail = (errTail + c.toString()).slice(-4000);
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}):\n${out}${errTail}`)));
    // A failed spawn or kill is the test's failure, never an uncaught 'error' event.
    child.on('error', reject);
  });
}

/**
 * Kills a server process that is still running (test clean-up); resolves once it has
 * exited, so what it was connected to (a proxy, an S3 server) can close after it.
 */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!server || !child) return;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server.exited;
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed as JSON, or its text when it is not JSON. */
  json: any;
}

/**
 * One request on a connection of its own (a request caught by a shutdown fails on
 * its own). A Buffer body is sent as is, anything else as JSON. Unless told
 * otherwise, the Origin is the server's own, as the app's pages send it.
 */
export function httpRequest(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const raw = Buffer.isBuffer(body);
    const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload !== undefined && !raw && { 'content-type': 'application/json' }),
          origin: `http://127.0.0.1:${port}`,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          let json: unknown = data.toString('utf8');
          try {
            json = JSON.parse(json as string);
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A new account and its organisation `orgName` on a server process: the session's header, the ids. */
export async function signUpOn(
  port: number,
  orgName: string,
  prefix: string,
): Promise<{ username: string; auth: Record<string, string>; orgId: number }> {
  const username = `${prefix}${Math.random().toString(16).slice(2, 10)}`;
  const reg = await httpRequest(port, 'POST', '/api/register', {
    username,
    email: `${username}@example.org`,
    password: 'secret123',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status}`);
  const auth = { authorization: `Bearer ${reg.json.token}` };
  const org = await httpRequest(
    port,
    'POST',
    '/api/organizations',
    { name: orgName, username: `org-${username}` },
    auth,
  );
  if (org.status !== 201) throw new Error(`organisation failed: ${org.status}`);
  return { username, auth, orgId: org.json.id };
}

/**
 * A live campaign with one text asset on the server at `port`, made as staff make one:
 * a draft, its asset, then published (a campaign is never live without an asset).
 */
export async function liveCampaignOn(
  port: number,
  auth: Record<string, string>,
  name: string,
  content: string,
): Promise<{ campaignId: number; assetId: number }> {
  const draft = await httpRequest(port, 'POST', '/api/campaigns', { name, status: 'draft' }, auth);
  if (draft.status !== 201) throw new Error(`campaign failed: ${draft.status} ${draft.body.toString()}`);
  const campaignId: number = draft.json.id;
  const asset = await httpRequest(
    port,
    'POST',
    '/api/assets',
    { campaignId, title: name, type: 'text', content },
    auth,
  );
  if (asset.status !== 201) throw new Error(`asset failed: ${asset.status} ${asset.body.toString()}`);
  const live = await httpRequest(port, 'PUT', `/api/campaigns/${campaignId}`, { status: 'active' }, auth);
  if (live.status !== 200) throw new Error(`publishing failed: ${live.status} ${live.body.toString()}`);
  return { campaignId, assetId: asset.json.id };
}

/** A database of its own on the PostgreSQL at `adminUrl`; `drop` removes it. */
export async function privateDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 12)}`;
  const admin = (statement: string) => runSql(adminUrl, statement);
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** What became of one share write fired at a server that is being stopped. */
export interface WriteOutcome {
  ref: string;
  status?: number;
  error?: string;
}

/**
 * `count` writes around a SIGTERM to `child`: half go out at once, the signal follows
 * the 10th answer (or the end of that half) and the other half is fired right behind
 * it, so both writes in flight and writes arriving during the shutdown are exercised.
 * `write(i, ref)` sends the i-th write with its tracked ref.
 */
export async function writesAroundSigterm(
  child: ChildProcess,
  count: number,
  refOf: (i: number) => string,
  write: (i: number, ref: string) => Promise<{ status: number }>,
): Promise<{ outcomes: WriteOutcome[]; signalledAt: number }> {
  const half = count / 2;
  let answered = 0;
  let signalledAt = 0;
  let secondWave: Promise<WriteOutcome>[] = [];
  const signal = () => {
    signalledAt = Date.now();
    child.kill('SIGTERM');
    secondWave = Array.from({ length: half }, (_, i) => fire(half + i));
  };
  const fire = async (i: number): Promise<WriteOutcome> => {
    const ref = refOf(i);
    try {
      const res = await write(i, ref);
      if (++answered === 10) signal();
      return { ref, status: res.status };
    } catch (err) {
      return { ref, error: (err as NodeJS.ErrnoException).code ?? String(err) };
    }
  };
  const outcomes = await Promise.all(Array.from({ length: half }, (_, i) => fire(i)));
  if (!signalledAt) signal();
  outcomes.push(...(await Promise.all(secondWave)));
  return { outcomes, signalledAt };
}
