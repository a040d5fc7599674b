import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { DiskStorage, type FileStorage } from '../../lib/storage.ts';

const byDir = new Map<string, FileStorage>();

/** The store behind /uploads: one per data directory. Swap the class here for S3. */
export function uploadStorage(config: Config): FileStorage {
  const dir = path.join(config.dataDir, 'uploads');
  let storage = byDir.get(dir);
  if (!storage) {
    storage = new DiskStorage(dir);
    byDir.set(dir, storage);
  }
  return storage;
}

export const UPLOADS_PREFIX = '/uploads/';
