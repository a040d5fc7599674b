import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { migrateToLatest, openDatabase } from '../db/client.ts';
import { seedCampaign, seedOrganization } from '../test/seed-db.ts';
import { createUploadStorage } from '../modules/uploads/index.ts';
import { postShare } from '../test/test-app.ts';
import { backupDataDir } from './backup.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// SQLite only: PostgreSQL is backed up with pg_dump (docs/operations.md).
describe.runIf(!process.env.DB_TARGET)('npm run backup / restore', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-backup-test-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it("copies a running app's rows and uploads, and restores them into a fresh DATA_DIR", async () => {
    const dataDir = path.join(work, 'live');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'rally.db') });
    await migrateToLatest(database);
    const app = await buildApp({ config, database, logger: false });
    const archive = path.join(work, 'rally-backup.tar.gz');
    try {
      const bytes = Buffer.from('\x89PNG\r\n\x1a\n fake image bytes');
      await createUploadStorage(config).put('backup-test.png', bytes);
      const organizationId = await seedOrganization(database.db, 'Backup Org');
      const { campaignId, assetIds } = await seedCampaign(database.db, {
        organizationId,
        name: 'Backed up',
        assets: [{ title: 'Photo', type: 'image', content: '/uploads/backup-test.png' }],
      });
      const share = (ref: string) =>
        postShare(app, { assetId: assetIds[0], campaignId, organizationId }, ref);
      expect((await share('beforebackup1')).statusCode).toBe(201);
      // A write racing the backup: the copy is consistent whichever side it lands on.
      const [summary, during] = await Promise.all([
        backupDataDir({ dataDir, file: archive }),
        share('duringbackup1'),
      ]);
      expect(during.statusCode).toBe(201);
      expect(summary.uploads).toBe(1);
      expect(fs.statSync(archive).size).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }

    // Restore through the npm script, into a directory that has never held data.
    const fresh = path.join(work, 'restored');
    const run = (script: string, args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: fresh },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(run('scripts/restore.ts', [archive])).toMatch(/^Restored .* \(database \d+ bytes, 1 uploads\)/);

    const db = new SQLite(path.join(fresh, 'rally.db'), { readonly: true });
    try {
      const refs = (db.prepare('SELECT ref FROM shares ORDER BY id').all() as { ref: string }[]).map(
        (r) => r.ref,
      );
      expect(refs[0]).toBe('beforebackup1');
      expect(refs.every((r) => ['beforebackup1', 'duringbackup1'].includes(r))).toBe(true);
      const asset = db.prepare('SELECT content FROM assets').get() as { content: string };
      expect(asset.content).toBe('/uploads/backup-test.png');
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(fs.readFileSync(path.join(fresh, 'uploads', 'backup-test.png')).toString('latin1')).toContain(
      'fake image bytes',
    );

    // A second restore over existing data is refused without --force.
    expect(() => run('scripts/restore.ts', [archive])).toThrow(/--force/);
    expect(run('scripts/restore.ts', [archive, '--force'])).toMatch(/^Restored/);
  }, 30_000);

  it('writes the archive readable by its owner only: it holds the secrets (appSecrets)', async () => {
    const dataDir = path.join(work, 'modes');
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'rally.db') });
    await migrateToLatest(database);
    await database.close();
    const archive = path.join(work, 'modes.tar.gz');
    const umask = process.umask(0o022);
    try {
      await backupDataDir({ dataDir, file: archive });
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      // Over an existing, world-readable file too.
      fs.chmodSync(archive, 0o644);
      await backupDataDir({ dataDir, file: archive });
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('the backup script refuses to run without a file name', () => {
    expect(() =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts'], { cwd: ROOT, stdio: 'pipe' }),
    ).toThrow(/Usage: npm run backup -- FILE/);
  }, 15_000);
});
