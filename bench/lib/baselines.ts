// The baselines the benchmarks compare the app with, each a child process started by
// load.ts startBaseline (BENCH_ROLE says which):
// - baseline-bytes: a plain node:http server answering, from memory and with
//   keep-alive, the very bytes the app answered (BENCH_BODIES: a JSON file mapping a
//   path to {type, body}; the query string is ignored). The machine's limit for a read.
// - baseline-insert: a bare Fastify server whose POST /shares and POST /clicks each
//   run one single-row INSERT (a prepared statement) into the app's own tables on the
//   same database, with the app's pool size and durability: the limit for a write.
//   BENCH_INSERT_HTTP=node serves POST /shares from node:http instead (no framework),
//   BENCH_POOL_SIZE sets another PostgreSQL pool size (bench/supporter-api.ts).
//   SQLite: BENCH_DB_FILE; PostgreSQL: BENCH_DATABASE_URL + BENCH_PG_SCHEMA.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { postgresPoolSize } from '../../src/server/db/client.ts';
import { serveChildCommands } from './load.ts';

export interface BaselineBody {
  type: string;
  body: string;
}

function serveBytes(): void {
  const bodies = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES as string, 'utf8')) as Record<
    string,
    BaselineBody
  >;
  // Buffers and header arrays prepared once: nothing per request but the write.
  const routes = new Map(
    Object.entries(bodies).map(([p, { type, body }]) => {
      const bytes = Buffer.from(body);
      return [p, { bytes, headers: ['content-type', type, 'content-length', String(bytes.length)] }];
    }),
  );
  const fallback = routes.values().next().value;
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const route = routes.get(q === -1 ? url : url.slice(0, q)) ?? fallback;
    if (route) res.writeHead(200, route.headers).end(route.bytes);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

interface ShareBody {
  assetId: number;
  campaignId: number;
  organizationId: number;
  platform: string;
  ref: string;
}

const shareValues = (b: ShareBody) => [
  b.assetId,
  b.platform,
  b.campaignId,
  b.organizationId,
  b.ref,
  new Date().toISOString(),
];

const SHARE_INSERT =
  'INSERT INTO shares ("assetId", "platform", "supporterInfo", "campaignId", "organizationId", "status", "ref", "supporterId", "createdAt") ' +
  `VALUES (%, %, '', %, %, 'shared', %, 'bare-baseline', %) RETURNING id`;
const CLICK_INSERT =
  'INSERT INTO clicks ("shareId", "campaignId", "organizationId", "sharerId", "visitorId", "networkHash", "createdAt") ' +
  `VALUES (%, %, %, 'bare-baseline', %, 'bare-baseline', %) RETURNING id`;

/** The statement with PostgreSQL ($1, $2...) or SQLite (?) placeholders. */
const placeholders = (text: string, dialect: 'postgres' | 'sqlite') => {
  let n = 0;
  return text.replace(/%/g, () => (dialect === 'postgres' ? `$${++n}` : '?'));
};

async function serveInsert(): Promise<void> {
  const clickShareId = Number(process.env.BENCH_CLICK_SHARE_ID);
  const organizationId = Number(process.env.BENCH_ORG_ID);
  let insertShare: (v: unknown[]) => Promise<number>;
  let insertClick: (v: unknown[]) => Promise<number>;
  let durability: string;
  let close: () => Promise<void>;
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      options: `-c search_path=${process.env.BENCH_PG_SCHEMA}`,
      // BENCH_POOL_SIZE: another pool than the app's (the bench's other write baseline).
      max: Number(process.env.BENCH_POOL_SIZE) || postgresPoolSize(),
    });
    const named = (name: string, text: string) => async (values: unknown[]) =>
      ((await pool.query({ name, text: placeholders(text, 'postgres'), values })).rows[0] as { id: number })
        .id;
    insertShare = named('bare_share', SHARE_INSERT);
    insertClick = named('bare_click', CLICK_INSERT);
    const show = await pool.query('SHOW synchronous_commit');
    durability = `synchronous_commit=${show.rows[0].synchronous_commit}`;
    close = () => pool.end();
  } else {
    const db = new SQLite(process.env.BENCH_DB_FILE as string);
    // The app's settings (db/client.ts): every commit waits for an fsync of the WAL.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const share = db.prepare(placeholders(SHARE_INSERT, 'sqlite'));
    const click = db.prepare(placeholders(CLICK_INSERT, 'sqlite'));
    insertShare = async (v) => (share.get(...v) as { id: number }).id;
    insertClick = async (v) => (click.get(...v) as { id: number }).id;
    durability = `synchronous=${db.pragma('synchronous', { simple: true }) === 2 ? 'FULL' : 'not FULL'}`;
    close = async () => void db.close();
  }

  if (process.env.BENCH_INSERT_HTTP === 'node') {
    // The plainest server: node:http, the body parsed by hand, nothing else per request.
    const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const b = JSON.parse(Buffer.concat(chunks).toString()) as ShareBody;
        const id = await insertShare(shareValues(b));
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      });
    });
    server.listen(0, '127.0.0.1', () =>
      process.send?.({ port: (server.address() as AddressInfo).port, durability }),
    );
    return;
  }
  const app = Fastify({ logger: false });
  app.post('/shares', async (request, reply) => {
    const b = request.body as ShareBody;
    const id = await insertShare(shareValues(b));
    return reply.code(201).send({ id });
  });
  app.post('/clicks', async (request, reply) => {
    const b = request.body as { campaignId: number; ref: string };
    const id = await insertClick([
      clickShareId,
      b.campaignId,
      organizationId,
      b.ref,
      new Date().toISOString(),
    ]);
    return reply.code(201).send({ id });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await close();
    process.exit(0);
  });
  process.send?.({ port: (app.server.address() as AddressInfo).port, durability });
}

const role = process.env.BENCH_ROLE;
if (role === 'baseline-bytes' || role === 'baseline-insert') {
  serveChildCommands();
  if (role === 'baseline-bytes') serveBytes();
  else await serveInsert();
}
