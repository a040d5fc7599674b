import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, createAppDeps } from '../app.ts';
import { type Config, loadConfig } from '../config/env.ts';
import { type DbHandle, migrateToLatest, openDatabase } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { createUserAccount } from '../modules/auth/index.ts';
import { COMMAND_LINE } from '../lib/instance-audit.ts';
import { privateSchema } from './pg-admin.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

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
  const first = opts.sameDatabaseAs;
  // A data directory of its own (uploads, backups), removed when the app closes.
  const ownDataDir =
    first || env.DATA_DIR ? undefined : `./.tmp/test-data-${process.pid}-${randomBytes(4).toString('hex')}`;
  const config = testConfig({ DATA_DIR: first?.config.dataDir ?? ownDataDir ?? '', ...env });
  const pgUrl = process.env.DB_TARGET === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (first) {
    // In-memory SQLite cannot be opened twice: the second app shares the handle (and does not close it).
    const database = pgUrl
      ? openDatabase({ databaseUrl: pgUrl, pgSchema: first.database.pgSchema })
      : first.database;
    return start(config, database, opts.onRoute, async () => {
      if (database !== first.database) await database.close();
    });
  }
  const schema = pgUrl ? await privateSchema(pgUrl) : undefined;
  const database = openDatabase(
    pgUrl ? { databaseUrl: pgUrl, pgSchema: schema?.schema } : { sqlitePath: ':memory:' },
  );
  await migrateToLatest(database);
  return start(config, database, opts.onRoute, async () => {
    await database.close();
    await schema?.drop();
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
  });
}

const testConfig = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

/** Builds the app on a migrated database; `closeDatabase` runs after the app has closed. */
async function start(
  config: Config,
  database: DbHandle,
  onRoute: ((route: RouteOptions) => void) | undefined,
  closeDatabase: () => Promise<void>,
): Promise<TestApp> {
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
      await closeDatabase();
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

/**
 * An operator of the instance, in no organisation, whatever the sign-up policy: an
 * account made as `npm run admin -- create-user` makes one, then made operator (the
 * first account of a test's app already is one, whoever signed up first).
 */
export async function signUpOperator(t: TestApp): Promise<SignedUp> {
  const username = uniqueName('operator');
  const user = await createUserAccount(
    t.database.db,
    { username, email: `${username}@example.org`, password: 'secret123' },
    COMMAND_LINE,
  );
  await t.database.db.updateTable('users').set({ isOperator: 1 }).where('id', '=', user.id).execute();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: 'secret123' },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { token: login.json().token, userId: user.id, orgId: 0, username };
}

/** A JSON request, as the logged-in user when a token is given. */
export const sendJson = (
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token?: string,
) => app.inject({ method, url, payload: payload as object, headers: token ? bearer(token) : {} });

export const postJson = (app: FastifyInstance, url: string, payload?: unknown, token?: string) =>
  sendJson(app, 'POST', url, payload, token);

/** A supporter's share on twitter, logged through POST /api/shares (with a tracked `ref` when given). */
export const postShare = (
  app: FastifyInstance,
  ids: { assetId: number; campaignId: number; organizationId: number },
  ref?: string,
) => postJson(app, '/api/shares', { ...ids, platform: 'twitter', ref });

/** A POST whose body is sent as written: malformed JSON, other content types, oversized bodies. */
export const postRaw = (
  app: FastifyInstance,
  url: string,
  payload: string,
  contentType = 'application/json',
) => app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

export const json = (res: LightMyRequestResponse) => res.json() as any;

/** The messages of a 4xx body's `errors`, one a refused field. */
export const errorMessages = (res: LightMyRequestResponse): string[] =>
  res.json().errors.map((e: { message: string }) => e.message);

export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** An app with two staff users in two organisations: the usual setup for isolation tests. */
export async function twoOrganizations(): Promise<{ t: TestApp; a: SignedUp; b: SignedUp }> {
  const t = await createTestApp();
  return { t, a: await signUp(t.app), b: await signUp(t.app) };
}

/** An object that reads its properties from `current()` when used: for what beforeAll makes. */
export function readThrough<T extends object>(current: () => T): T {
  return new Proxy({} as T, { get: (_, key) => Reflect.get(current(), key) });
}

export function madeInBeforeAll<T>(make: () => Promise<T>, close: (made: T) => Promise<void>): () => T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made !== undefined) await close(made);
  });
  return () => {
    if (made === undefined) throw new Error('the test app is made in beforeAll: use it inside a test');
    return made;
  };
}

/**
 * One app for the whole test file: `const t = appPerFile();` at its top level (inside a
 * `describe`, one app for that block). `sameDatabaseAs` another such app: a second
 * instance on its database, made after it and closed before it.
 */
export function appPerFile(
  env: Record<string, string> = {},
  opts: { sameDatabaseAs?: TestApp } = {},
): TestApp {
  const current = madeInBeforeAll(
    () => createTestApp(env, opts),
    (t) => t.close(),
  );
  return readThrough(current);
}

/**
 * An app each test makes with its own settings (`const t = await makeApp({ ... })`),
 * closed and its data directory removed after that test, also when the test closed its
 * database on purpose.
 */
export function appPerTest(): (env?: Record<string, string>) => Promise<TestApp> {
  let made: TestApp | undefined;
  afterEach(async () => {
    const t = made;
    made = undefined;
    await t?.close().catch(() => {});
    if (t) fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });
  return async (env = {}) => {
    made = await createTestApp(env);
    return made;
  };
}

/**
 * One app for the whole test file with staff users `a` and `b` in two organisations,
 * and `get(url, token)` as one of them: `const { t, a, b, get } = twoOrganizationsPerFile();`.
 */
export function twoOrganizationsPerFile() {
  const current = madeInBeforeAll(twoOrganizations, ({ t }) => t.close());
  return {
    t: readThrough(() => current().t),
    a: readThrough(() => current().a),
    b: readThrough(() => current().b),
    get: (url: string, token: string) =>
      current().t.app.inject({ method: 'GET', url, headers: bearer(token) }),
  };
}

/**
 * One app for the whole test file that mails through an in-process SMTP server
 * (`smtp.messages`, `smtp.waitFor(to)`), with links on https://rally.example.
 */
export function mailingAppPerFile(
  mailFrom = 'rally@example.org',
  env: Record<string, string> = {},
): { t: TestApp; smtp: TestSmtp } {
  const current = madeInBeforeAll(
    async () => {
      const smtp = await startSmtp();
      const t = await createTestApp({
        SMTP_URL: smtp.url,
        MAIL_FROM: mailFrom,
        PUBLIC_URL: 'https://rally.example',
        ...env,
      });
      return { t, smtp };
    },
    async ({ t, smtp }) => {
      await t.close();
      await smtp.close();
    },
  );
  return { t: readThrough(() => current().t), smtp: readThrough(() => current().smtp) };
}

/** Requests to `t`'s app as the user whose token is given (none: signed out). */
export const requester =
  (t: { app: FastifyInstance }) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
