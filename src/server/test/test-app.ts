import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp, createAppDeps } from '../app.ts';
import { type Config, loadConfig } from '../config/env.ts';
import { type DbHandle, migrateToLatest, openDatabase } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';

// A fresh app per test file: in-memory SQLite by default, or a private schema
// in a real PostgreSQL when TEST_DATABASE_URL is set (CI runs both).

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  config: Config;
  /** The services the app was built with (its supporter cache, its upload store). */
  deps: AppDeps;
  close: () => Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    onRoute?: (route: RouteOptions) => void;
    /**
     * A second instance on this app's database (its PostgreSQL schema, with a pool,
     * cache and listener of its own): what several instances behind a load balancer are.
     */
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  if (opts.sameDatabaseAs) return secondInstance(opts.sameDatabaseAs, env, opts.onRoute);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `./.tmp/test-data-${process.pid}-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const database = openDatabase(
    pgUrl ? { databaseUrl: pgUrl, pgSchema: schema } : { sqlitePath: ':memory:' },
  );
  await migrateToLatest(database);
  const deps = createAppDeps({ config, database });
  const app = await buildApp({ config, database, logger: false, deps, onRoute: opts.onRoute });
  await app.ready();
  return {
    app,
    database,
    config,
    deps,
    close: async () => {
      await app.close();
      await database.close();
      if (pgUrl && schema) {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
    },
  };
}

async function secondInstance(
  first: TestApp,
  env: Record<string, string>,
  onRoute?: (route: RouteOptions) => void,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: first.config.dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  // In-memory SQLite cannot be opened twice: the second app shares the handle (and does not close it).
  const database = pgUrl
    ? openDatabase({ databaseUrl: pgUrl, pgSchema: first.database.pgSchema })
    : first.database;
  const deps = createAppDeps({ config, database });
  const app = await buildApp({ config, database, logger: false, deps, onRoute });
  await app.ready();
  return {
    app,
    database,
    config,
    deps,
    close: async () => {
      await app.close();
      if (database !== first.database) await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueName = (prefix = 'user') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Registers a user (and, unless `org: false`, creates their organisation); returns ids and token. */
export async function signUp(
  app: FastifyInstance,
  opts: { username?: string; password?: string; org?: boolean } = {},
): Promise<{ token: string; userId: number; orgId: number; username: string }> {
  const username = opts.username ?? uniqueName();
  const password = opts.password ?? 'secret123';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.org`, password },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const { token, id: userId } = reg.json();
  let orgId = 0;
  if (opts.org !== false) {
    const org = await app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: bearer(token),
      payload: { name: `Org of ${username}`, username: `org-${username}` },
    });
    if (org.statusCode !== 201) throw new Error(`org failed: ${org.statusCode} ${org.body}`);
    orgId = org.json().id;
  }
  return { token, userId, orgId, username };
}

export const json = (res: LightMyRequestResponse) => res.json() as any;

export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** An app with two staff users in two organisations: the usual setup for isolation tests. */
export async function twoOrganizations(): Promise<{ t: TestApp; a: SignedUp; b: SignedUp }> {
  const t = await createTestApp();
  return { t, a: await signUp(t.app), b: await signUp(t.app) };
}
