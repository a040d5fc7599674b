// What the stats benches share: a fresh database (SQLite in a temp dir, or a private
// PostgreSQL schema: lib/target.ts) with one organisation and a
// one-asset campaign (its seeded user a member), and the app over it answering GETs
// as that user, so each bench only adds the rows it measures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config/env.ts';
import { migrateToLatest } from '../../src/server/db/client.ts';
import { seedCampaign, seedOrganization } from '../../src/server/test/seed-db.ts';
import { type Dialect, openTarget, prepareTarget } from './target.ts';

export async function statsBenchDatabase(name: string, dialect: Dialect = 'sqlite') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rally-bench-${name}-`));
  const target = await prepareTarget(dialect, dir, `bench_${name}`);
  const database = openTarget(target.env);
  await migrateToLatest(database);
  const { db } = database;
  const orgId = await seedOrganization(db, 'Bench Org');
  const { campaignId, assetIds } = await seedCampaign(db, {
    organizationId: orgId,
    assets: [{ title: 'Bench asset', type: 'text', content: 'Share me' }],
  });
  await db.updateTable('users').set({ organizationId: orgId }).execute();
  return { dir, target, database, db, orgId, campaignId, assetIds };
}

/** The app over that database (`env` on top), and a GET as its user that throws unless 200. */
export async function statsBenchApp(
  bench: Awaited<ReturnType<typeof statsBenchDatabase>>,
  env: Record<string, string> = {},
) {
  const { dir, target, database, db } = bench;
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  // The bench's own user: the first one made (a bench may seed thousands after it).
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { createSession } = await import('../../src/server/modules/auth/index.ts');
  const token = await createSession(db, user.id);
  const get = (url: string) => async () => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const close = async () => {
    await app.close();
    await database.close();
    await target.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { get, close };
}
