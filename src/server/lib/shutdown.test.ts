// The real server as a child process, stopped with SIGTERM in the middle of 200
// concurrent share writes: no acknowledged write may be lost, no request may get a
// 500, and the process must exit 0 well within the orchestrators' 10 s.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const WRITES = 200;

interface Outcome {
  ref: string;
  status?: number;
  error?: string;
}

function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        // A connection per request: a request caught by the shutdown fails on its own.
        agent: false,
        headers: {
          ...(payload && { 'content-type': 'application/json' }),
          origin: `http://127.0.0.1:${port}`,
          ...headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => {
          let json: unknown = data;
          try {
            json = JSON.parse(data);
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Starts src/server/main.ts as production would and resolves with its port. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Rally on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({ child, port: Number(m[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c) => {
      out += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}):\n${out}`)));
  });
}

describe.runIf(!process.env.DB_TARGET || pgUrl)(
  `SIGTERM under load (${pgUrl ? 'PostgreSQL' : 'SQLite file'})`,
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-shutdown-'));
    const dbName = `rally_shutdown_${randomBytes(5).toString('hex')}`;
    let databaseUrl: string | undefined;

    beforeAll(async () => {
      if (pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${dbName}`);
        await admin.end();
        const u = new URL(pgUrl);
        u.pathname = `/${dbName}`;
        databaseUrl = u.toString();
      }
    });

    afterAll(async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgUrl) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    });

    async function storedRefs(): Promise<Set<string>> {
      if (databaseUrl) {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        const { rows } = await c.query<{ ref: string }>('SELECT ref FROM shares WHERE ref IS NOT NULL');
        await c.end();
        return new Set(rows.map((r) => r.ref));
      }
      const db = new SQLite(path.join(dataDir, 'rally.db'), { readonly: true });
      const rows = db.prepare('SELECT ref FROM shares WHERE ref IS NOT NULL').all() as { ref: string }[];
      db.close();
      return new Set(rows.map((r) => r.ref));
    }

    it('keeps every acknowledged share, answers the rest 503 or drops the connection, exits 0 within 10 s', async () => {
      const { child, port } = await startServer({
        DATA_DIR: dataDir,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      });
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        child.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      try {
        const username = `sd${randomBytes(4).toString('hex')}`;
        const reg = await request(port, 'POST', '/api/register', {
          username,
          email: `${username}@example.org`,
          password: 'secret123',
        });
        expect(reg.status).toBe(201);
        const auth = { authorization: `Bearer ${reg.json.token}` };
        const org = await request(
          port,
          'POST',
          '/api/organizations',
          { name: 'Shutdown', username: `org-${username}` },
          auth,
        );
        expect(org.status).toBe(201);
        const campaign = await request(port, 'POST', '/api/campaigns', { name: 'Drain' }, auth);
        expect(campaign.status).toBe(201);
        const asset = await request(
          port,
          'POST',
          '/api/assets',
          { campaignId: campaign.json.id, title: 'Text', type: 'text', content: 'Share me' },
          auth,
        );
        expect(asset.status).toBe(201);

        let answered = 0;
        let signalledAt = 0;
        const fire = async (i: number): Promise<Outcome> => {
          const ref = `drain${i.toString().padStart(5, '0')}${randomBytes(3).toString('hex')}`;
          try {
            const res = await request(port, 'POST', '/api/shares', {
              assetId: asset.json.id,
              campaignId: campaign.json.id,
              organizationId: org.json.id,
              platform: 'twitter',
              ref,
            });
            if (++answered === 10) signal();
            return { ref, status: res.status };
          } catch (err) {
            return { ref, error: (err as NodeJS.ErrnoException).code ?? String(err) };
          }
        };
        // Half the writes go out at once; SIGTERM follows the first acknowledgements, and
        // the other half is fired right behind it, so both writes in flight and writes
        // arriving during the shutdown are exercised.
        const HALF = WRITES / 2;
        let secondWave: Promise<Outcome>[] = [];
        const signal = () => {
          signalledAt = Date.now();
          child.kill('SIGTERM');
          secondWave = Array.from({ length: HALF }, (_, i) => fire(HALF + i));
        };
        const outcomes = await Promise.all(Array.from({ length: HALF }, (_, i) => fire(i)));
        if (!signalledAt) signal();
        outcomes.push(...(await Promise.all(secondWave)));
        expect(outcomes).toHaveLength(WRITES);
        if (!signalledAt) {
          signalledAt = Date.now();
          child.kill('SIGTERM');
        }
        const { code, at } = await exited;
        expect(code).toBe(0);
        expect(at - signalledAt).toBeLessThan(10_000);

        const statuses = outcomes.map((o) => o.status ?? o.error);
        for (const s of statuses) expect([201, 503, 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(s);
        const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.ref);
        expect(acknowledged.length).toBeGreaterThanOrEqual(10);
        const stored = await storedRefs();
        const lost = acknowledged.filter((ref) => !stored.has(ref));
        expect(lost).toEqual([]);
        console.log(
          `shutdown under load: ${acknowledged.length} acknowledged and stored, ` +
            `${statuses.filter((s) => s === 503).length} answered 503, ` +
            `${statuses.filter((s) => typeof s === 'string').length} connection errors; exit after ${at - signalledAt} ms`,
        );
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }, 20_000);
  },
);
