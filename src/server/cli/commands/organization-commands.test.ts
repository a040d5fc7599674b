import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpRequest,
  killServer,
  liveCampaignOn,
  privateDatabase,
  ROOT,
  type ServerProcess,
  signUpOn,
  startServer,
} from '../../test/server-process.ts';

// `npm run admin -- list-orgs`, `suspend-org` and `restore-org` against the database of a running server (a real server
// process on SQLite in a data directory, or on a PostgreSQL database of its own): the
// organisation it has just made is listed with its figures, as the console's table.

const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

let dataDir = '';
let database: Awaited<ReturnType<typeof privateDatabase>> | undefined;
let server: ServerProcess | undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-cli-'));
  database = pgUrl ? await privateDatabase(pgUrl, 'rally_cli') : undefined;
  env = { DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) };
  server = await startServer(env);
}, 60_000);

afterAll(async () => {
  await killServer(server);
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run admin -- <args>` (its script: tsx on admin.ts) with the server's environment. */
function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/admin.ts', ...args],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('admin list-orgs', () => {
  it('lists the organisations of the running server, as the console table does', async () => {
    const { username, orgId } = await signUpOn(server!.port, 'Canal Friends', 'cli');

    const listed = await admin(['list-orgs', '--json', '--search', username]);
    expect(listed.code, listed.stderr).toBe(0);
    const page = JSON.parse(listed.stdout);
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(page.items).toMatchObject([
      { id: orgId, name: 'Canal Friends', username: `org-${username}`, members: 1, status: 'active' },
    ]);

    const table = await admin(['list-orgs', '--sort', 'name']);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+USERNAME\s+NAME\s+CREATED\s+MEMBERS/);
    expect(lines.some((l) => l.includes(`org-${username}`) && l.includes('Canal Friends'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ organisations?, page 1 of 1/);
  }, 60_000);

  it('says what is wrong with an option, and exits 1', async () => {
    const bad = await admin(['list-orgs', '--sort', 'size']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('sort must be one of: name, createdAt');
    expect(bad.stderr).toContain('list-orgs');
  }, 60_000);
});

describe('admin suspend-org and restore-org', () => {
  it("stop and bring back the organisation's pages and writes on the running server", async () => {
    const { username, auth, orgId } = await signUpOn(server!.port, 'Harbour Watch', 'sus');
    const port = server!.port;
    const post = (url: string, body: object) => httpRequest(port, 'POST', url, body, auth);
    const { campaignId } = await liveCampaignOn(port, auth, 'Tide', 'Watch the tide');
    const page = `/api/supporter/campaigns/${campaignId}`;
    // Read once, so the server has the page cached when the command runs.
    expect((await httpRequest(port, 'GET', page)).status).toBe(200);

    const missing = await admin(['suspend-org', `org-${username}`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Give the reason for the suspension');
    const suspended = await admin(['suspend-org', `org-${username}`, '--reason', 'Phishing reported']);
    expect(suspended.code, suspended.stderr).toBe(0);
    const write = await post('/api/campaigns', { name: 'More' });
    expect(write.status).toBe(403);
    expect(write.json.code).toBe('ORGANIZATION_SUSPENDED');
    // PostgreSQL tells the server's cache at once; SQLite's server notices within a minute.
    if (pgUrl) expect((await httpRequest(port, 'GET', page)).status).toBe(410);

    const restored = await admin(['restore-org', String(orgId)]);
    expect(restored.code, restored.stderr).toBe(0);
    expect((await post('/api/campaigns', { name: 'More' })).status).toBe(201);
    if (pgUrl) expect((await httpRequest(port, 'GET', page)).status).toBe(200);
    expect((await admin(['restore-org', 'no-such-org'])).stderr).toContain(
      'No organisation with the id or username',
    );
  }, 90_000);
});
