import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

// One archive file (gzip-compressed tar) holding a consistent copy of DATA_DIR:
//   manifest.json  what this is, and when it was taken
//   rally.db       the SQLite database, copied with SQLite's online backup API
//   uploads/       the uploaded files
// The database is copied first and the uploads after it: an upload is stored before
// any row points at it and stored files never change, so every file the copied rows
// name is in the archive (at worst it holds a few files no row names yet).

const MANIFEST = 'manifest.json';
const DB_FILE = 'rally.db';
const UPLOADS = 'uploads';
const FORMAT = 'rally-backup';
/** Owner read/write only: a backup holds every secret of the instance. */
const ARCHIVE_MODE = 0o600;

interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: 'sqlite';
}

export interface BackupSummary {
  file: string;
  bytes: number;
  uploads: number;
}

const countFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => !n.startsWith('.tmp-')).length : 0;

/**
 * Backs up a data directory into `file` while the server keeps running. SQLite's
 * backup API copies a consistent snapshot page by page, taking turns with writers.
 */
export async function backupDataDir(opts: { dataDir: string; file: string }): Promise<BackupSummary> {
  const source = path.join(opts.dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  const file = path.resolve(opts.file);
  const staging = await fsp.mkdtemp(path.join(path.dirname(file), '.rally-backup-'));
  try {
    const db = new SQLite(source, { fileMustExist: true });
    try {
      await db.backup(path.join(staging, DB_FILE));
    } finally {
      db.close();
    }
    const uploads = path.join(opts.dataDir, UPLOADS);
    await fsp.mkdir(path.join(staging, UPLOADS));
    if (fs.existsSync(uploads)) {
      // Half-written uploads (.tmp-*) are not files anyone can reference yet.
      await fsp.cp(uploads, path.join(staging, UPLOADS), {
        recursive: true,
        filter: (src) => !path.basename(src).startsWith('.tmp-'),
      });
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: 'sqlite',
    };
    await fsp.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed: a failed backup never leaves a truncated archive under its name.
    // Readable by its owner only: the database holds the instance's secrets (the appSecrets
    // table: VAPID private key, cookie and hashing keys). Made 0600 before a byte is written.
    const partial = `${file}.partial`;
    await fsp.rm(partial, { force: true });
    await (await fsp.open(partial, 'wx', ARCHIVE_MODE)).close();
    await fsp.chmod(partial, ARCHIVE_MODE);
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DB_FILE, UPLOADS]);
    await fsp.rename(partial, file);
    return { file, bytes: (await fsp.stat(file)).size, uploads: countFiles(path.join(staging, UPLOADS)) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Restores an archive made by backupDataDir into `dataDir`. The server must be
 * stopped. Refuses to overwrite an existing database unless `force` is set; with
 * `force` the old database (and its WAL) and uploads are replaced.
 */
export async function restoreDataDir(opts: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<BackupSummary> {
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  const dataDir = path.resolve(opts.dataDir);
  const target = path.join(dataDir, DB_FILE);
  if (fs.existsSync(target) && !opts.force) {
    throw new Error(`${target} exists; stop the server and pass --force to replace it`);
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(dataDir, '.rally-restore-'));
  try {
    // Only the three entries a backup has; strict refuses anything odd in the archive.
    await tar.x({
      file,
      cwd: staging,
      strict: true,
      filter: (p) => [MANIFEST, DB_FILE, UPLOADS].includes(p.replace(/^\.\//, '').split('/')[0]),
    });
    const manifest = JSON.parse(
      await fsp.readFile(path.join(staging, MANIFEST), 'utf8'),
    ) as Partial<Manifest>;
    if (manifest.format !== FORMAT || manifest.version !== 1)
      throw new Error(`${file} is not a Rally backup`);
    const check = new SQLite(path.join(staging, DB_FILE), { fileMustExist: true, readonly: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`The database in ${file} is damaged: ${String(result)}`);
    } finally {
      check.close();
    }
    for (const suffix of ['', '-wal', '-shm']) await fsp.rm(`${target}${suffix}`, { force: true });
    await fsp.rm(path.join(dataDir, UPLOADS), { recursive: true, force: true });
    await fsp.rename(path.join(staging, DB_FILE), target);
    await fsp.rename(path.join(staging, UPLOADS), path.join(dataDir, UPLOADS));
    return { file, bytes: (await fsp.stat(target)).size, uploads: countFiles(path.join(dataDir, UPLOADS)) };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
