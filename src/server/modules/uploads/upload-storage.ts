import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { DiskStorage, type FileStorage } from '../../lib/storage.ts';

/** The store behind /uploads, built once per app (app.ts). Swap the class here for S3. */
export function createUploadStorage(config: Config): FileStorage {
  return new DiskStorage(path.join(config.dataDir, 'uploads'));
}

export const UPLOADS_PREFIX = '/uploads/';
