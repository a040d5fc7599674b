import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES_DEFAULT } from '#shared/constants.ts';
import type { S3Options } from '../lib/s3-storage.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const envSchema = z
  .object({
    NODE_ENV: z.string().default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES_DEFAULT),
    /** Off by default: lets tests fetch from a loopback server through upload-from-url. */
    ALLOW_PRIVATE_FETCH: bool,
    /** Where the built SPA lives (dist/client after `npm run build`). */
    CLIENT_DIST: z.string().default('./dist/client'),
    TRUST_PROXY: bool,
    /** Unset: no /metrics. Set: /metrics answers only `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Set to store uploads in this S3-compatible bucket instead of DATA_DIR/uploads. */
    S3_BUCKET: optionalString,
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool,
    /** How often the background jobs (rollups) run; 0 turns the timer off. */
    ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    /** Rows the CSV export reads per query (memory per export is about one page). */
    EXPORT_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(2000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl?: string;
  uploadMaxBytes: number;
  allowPrivateFetch: boolean;
  clientDist: string;
  trustProxy: boolean;
  logLevel: string;
  rollupIntervalMs: number;
  exportPageSize: number;
  metricsToken?: string;
  isProduction: boolean;
  /** Uploads go to this bucket when set; otherwise to DATA_DIR/uploads. */
  s3?: S3Options;
}

/** Parse the environment once at start-up; fail fast listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    allowPrivateFetch: e.ALLOW_PRIVATE_FETCH,
    clientDist: path.resolve(e.CLIENT_DIST),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rollupIntervalMs: e.ROLLUP_INTERVAL_MS,
    exportPageSize: e.EXPORT_PAGE_SIZE,
    metricsToken: e.METRICS_TOKEN,
    isProduction: e.NODE_ENV === 'production',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          // S3-compatible stores ignore the region but the SDK needs one to sign.
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}
