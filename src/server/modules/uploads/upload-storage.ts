import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { S3Storage } from '../../lib/s3-storage.ts';
import { DiskStorage, type FileStorage } from '../../lib/storage.ts';

/** The store behind /uploads, built once per app (app.ts): S3 when S3_BUCKET is set, else the data directory. */
export function createUploadStorage(config: Config): FileStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new DiskStorage(path.join(config.dataDir, 'uploads'));
}

export const UPLOADS_PREFIX = '/uploads/';
