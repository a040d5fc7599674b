import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpRequest,
  killServer,
  privateDatabase,
  ROOT,
  type ServerProcess,
  startServer,
} from '../test/server-process.ts';

// `npm run admin` against a running server's database (its SQLite file, or its
// PostgreSQL database when the suite runs there): each command's effect is then read
// through the server's HTTP API.

const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const run = promisify(execFile);

let server: ServerProcess | undefined;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-admin-'));
  env = { DATA_DIR: dataDir, PUBLIC_URL: 'https://rally.example' };
  if (pgUrl) {
    const db = await privateDatabase(pgUrl, 'rally_admin');
    env.DATABASE_URL = db.url;
    dropDatabase = db.drop;
  }
  server = await startServer(env);
}, 60_000);

afterAll(async () => {
  await killServer(server);
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The command line's answer: exit code, stdout, stderr. */
async function admin(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/admin.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
      },
    );
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout, err: err.stderr };
  }
}

const port = () => server!.port;
const login = async (username: string, password: string) =>
  httpRequest(port(), 'POST', '/api/login', { username, password });
const me = async (token: string) =>
  (await httpRequest(port(), 'GET', '/api/user', undefined, { authorization: `Bearer ${token}` })).json;

// Each command is a process of its own (tsx, a database connection): a few seconds each on a busy machine.
describe('npm run admin against a running server', { timeout: 120_000 }, () => {
  it('--help lists every command with its options', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    for (const name of [
      'grant-operator',
      'revoke-operator',
      'create-user',
      'reset-password',
      'set-registration',
      '--email',
      '--domains',
    ])
      expect(help.out).toContain(name);
    const bad = await admin('no-such-command');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Unknown command: no-such-command');
  });

  it('create-user makes an account the server signs in, the first one its operator', async () => {
    const made = await admin('create-user', 'ada', '--email', 'ada@example.org');
    expect(made.code, made.err).toBe(0);
    const password = /Password \(shown this once\): (\S+)/.exec(made.out)?.[1];
    expect(password).toBeTruthy();
    const session = await login('ada', password!);
    expect(session.status).toBe(200);
    expect(session.json.isOperator).toBe(true);

    const given = await admin(
      'create-user',
      'grace',
      '--email',
      'grace@example.org',
      '--password',
      'secret123',
    );
    expect(given.code, given.err).toBe(0);
    expect(given.out).not.toContain('Password');
    const grace = await login('grace', 'secret123');
    expect(grace.json.isOperator).toBe(false);

    for (const args of [
      ['create-user', 'ada', '--email', 'other@example.org'],
      ['create-user', 'eve', '--email', 'not-an-address'],
      ['create-user', 'eve'],
      ['create-user', 'eve', '--email', 'eve@example.org', '--password', '123'],
    ]) {
      const refused = await admin(...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.err.length).toBeGreaterThan(0);
    }
  });

  it('grant-operator and revoke-operator change the role the server answers', async () => {
    const grace = (await login('grace', 'secret123')).json.token as string;
    expect((await admin('grant-operator', 'grace')).code).toBe(0);
    expect((await me(grace)).isOperator).toBe(true);
    const settings = await httpRequest(port(), 'GET', '/api/instance/settings', undefined, {
      authorization: `Bearer ${grace}`,
    });
    expect(settings.status).toBe(200);
    expect((await admin('revoke-operator', 'grace')).code).toBe(0);
    expect((await me(grace)).isOperator).toBe(false);
    const unknown = await admin('grant-operator', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account named nobody');
  });

  it('revoking the last operator warns', async () => {
    const last = await admin('revoke-operator', 'ada');
    expect(last.code).toBe(0);
    expect(last.err).toContain('the instance now has no operator');
    expect((await admin('grant-operator', 'ada')).code).toBe(0);
  });

  it('set-registration changes what the sign-up page is told, and what sign-up allows', async () => {
    const closed = await admin('set-registration', 'closed', '--domains', 'example.org');
    expect(closed.code, closed.err).toBe(0);
    expect((await httpRequest(port(), 'GET', '/api/auth-status')).json.registration).toBe('closed');
    const refused = await httpRequest(port(), 'POST', '/api/register', {
      username: 'walkin',
      email: 'walkin@example.org',
      password: 'secret123',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('REGISTRATION_CLOSED');
    expect((await admin('set-registration', 'sometimes')).code).toBe(1);
    expect((await admin('set-registration', 'open', '--domains', '')).code).toBe(0);
    expect((await httpRequest(port(), 'GET', '/api/auth-status')).json.registration).toBe('open');
  });

  it('reset-password prints a one-use link the server accepts', async () => {
    const printed = await admin('reset-password', 'grace');
    expect(printed.code, printed.err).toBe(0);
    const link = /https:\/\/rally\.example\/reset-password\/(\S+)/.exec(printed.out);
    expect(link).not.toBeNull();
    const reset = await httpRequest(port(), 'POST', `/api/password-reset/${link![1]}`, {
      newPassword: 'another123',
    });
    expect(reset.status, JSON.stringify(reset.json)).toBeLessThan(300);
    expect((await login('grace', 'another123')).status).toBe(200);
    const again = await httpRequest(port(), 'POST', `/api/password-reset/${link![1]}`, {
      newPassword: 'third1234',
    });
    expect(again.status).toBe(400);
    expect((await admin('reset-password', 'nobody')).code).toBe(1);
  });
});
