import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { API_KEY_REQUESTS_PER_MINUTE, UPLOAD_MAX_BYTES_DEFAULT } from '#shared/constants.ts';
import { DAY_MS, HOUR_MS } from '#shared/durations.ts';
import {
  emailDomainField,
  type RegistrationPolicy,
  registrationPolicySchema,
} from '#shared/schemas/instance-settings.ts';
import type { S3Options } from '../lib/s3-storage.ts';

/** The words a flag may be set to; unset or empty is off. */
const flagWords = z.enum(['true', 'false', '1', '0', '']);
const isOn = (v: string | undefined) => v === 'true' || v === '1';
const bool = flagWords.optional().transform(isOn);
/** A flag whose default depends on other settings: undefined when unset or empty. */
const flagOrDefault = flagWords.optional().transform((v) => (v ? isOn(v) : undefined));

/**
 * Which proxies Fastify may believe about the client address (X-Forwarded-For) and
 * protocol: false (none), a hop count, or a list of proxy addresses/CIDRs (also
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Never "trust every hop":
 * a client could then name any address, including 127.0.0.1.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  if (ipaddr.isValid(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true trusts every hop; give the number of proxy hops or the proxy addresses/CIDRs',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not a hop count or proxy address/CIDR: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

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
    /** PostgreSQL connections per instance; unset: two per core plus one (db/client.ts). */
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PUBLIC_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Hosts that may appear in absolute links when PUBLIC_URL is unset (comma list):
     * `name` (its default port and the server's own), `name:port`, `[v6]:port`.
     */
    ALLOWED_HOSTS: z.string().optional(),
    UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES_DEFAULT),
    /** Bytes of uploads one organisation may keep (1 GiB by default). */
    UPLOAD_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024),
    /** Uploads (file or from URL) one user may make per hour. */
    UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(100),
    /** upload-from-url downloads this instance runs at once. */
    UPLOAD_FETCH_CONCURRENCY: z.coerce.number().int().positive().default(4),
    /**
     * Password hashes (argon2: login, sign-up, reset, password change) one network may
     * cause per minute, shared by every instance on the database.
     */
    PASSWORD_HASHES_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Password hashes this instance runs at once; unset: one per core, at most the threadpool's size less one. */
    PASSWORD_HASH_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Password hashes that may wait for a free slot; unset: 8 per slot. Past it: 503 with Retry-After. */
    PASSWORD_HASH_QUEUE: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Requests one API key may make per minute, shared by every instance on the database. */
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(API_KEY_REQUESTS_PER_MINUTE),
    /**
     * Hosts of the push services reminders may go to (comma list; subdomains included).
     * Unset: any public host, on https port 443 only.
     */
    PUSH_SERVICE_HOSTS: z.string().optional(),
    /** Off by default: lets tests fetch from a loopback server through upload-from-url. */
    ALLOW_PRIVATE_FETCH: bool,
    /** Where the built SPA lives (dist/client after `npm run build`). */
    CLIENT_DIST: z.string().default('./dist/client'),
    TRUST_PROXY: trustProxy,
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
    /** Outgoing mail (reminders, invitations, password resets, email changes), e.g. smtp://user:pass@host:587. Off when unset. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Sender of every mail, e.g. "Rally <rally@example.org>"; required with SMTP_URL. */
    MAIL_FROM: optionalString,
    /** Mails one address (normalised) may be sent a day, from every organisation together; account mail (resets, email changes) as many again, counted apart. */
    MAIL_BUDGET_PER_RECIPIENT: z.coerce.number().int().min(1).default(8),
    /** Mails one organisation may send a day. */
    MAIL_BUDGET_PER_ORGANIZATION: z.coerce.number().int().min(1).default(200),
    /** Mails the whole instance may send a day for organisations, and as many account mails (shared by every instance on the database). */
    MAIL_BUDGET_PER_INSTANCE: z.coerce.number().int().min(1).default(2000),
    /** A new organisation's mail is held until it is this many hours old; 0 sends at once. */
    MAIL_HOLD_NEW_ORGS_HOURS: z.coerce.number().min(0).default(24),
    /** Days a reminder address has to confirm before it lapses and its reminders expire. */
    REMINDER_CONFIRMATION_DAYS: z.coerce.number().positive().default(7),
    /** How often the background jobs (rollups) run; 0 turns the timer off. */
    ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    /**
     * PostgreSQL: the webhook sender in a worker thread of its own, beside the requests.
     * Unset: on in production (NODE_ENV), off otherwise (the tests step it by hand).
     */
    WEBHOOK_SENDER_THREAD: flagOrDefault,
    /** Rows the CSV export reads per query (memory per export is about one page). */
    EXPORT_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(2000),
    /** Off by default: the debug helpers (test content, session report, upload test page). */
    DEV_TOOLS: bool,
    /** Who may sign up (open, invite-only, closed); an operator's choice in the console overrides it. */
    REGISTRATION: z
      .literal('')
      .transform(() => undefined)
      .or(registrationPolicySchema)
      .optional()
      .transform((v) => v ?? 'open'),
    /** Email domains that may sign up (comma list); unset: every domain. The console may override it. */
    REGISTRATION_EMAIL_DOMAINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean),
      )
      .pipe(z.array(emailDomainField)),
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
  databasePoolSize?: number;
  publicUrl?: string;
  /** Hosts (lower case, with an optional port: lib/public-origin.ts) that absolute links may use when publicUrl is unset. */
  allowedHosts: string[];
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
  uploadsPerHour: number;
  uploadFetchConcurrency: number;
  apiKeyRequestsPerMinute: number;
  passwordHashesPerMinute: number;
  /** Unset: the default of modules/auth/passwords.ts. */
  passwordHashConcurrency?: number;
  passwordHashQueue?: number;
  allowPrivateFetch: boolean;
  /** Push endpoints' hosts (lower case) when PUSH_SERVICE_HOSTS is set; otherwise any public host on 443. */
  pushServiceHosts?: string[];
  clientDist: string;
  trustProxy: TrustProxy;
  logLevel: string;
  rollupIntervalMs: number;
  /** PostgreSQL: run the webhook sender in its own thread (modules/outbox/webhook-sender-thread.ts). */
  webhookSenderThread: boolean;
  exportPageSize: number;
  metricsToken?: string;
  isProduction: boolean;
  /** Uploads go to this bucket when set; otherwise to DATA_DIR/uploads. */
  s3?: S3Options;
  smtpUrl?: string;
  mailFrom?: string;
  /** Daily mail budgets (docs/decisions/0024-outbox.md), counted in the database. */
  mailBudgets: { recipient: number; organization: number; instance: number };
  /** Age (ms) an organisation must reach before its mail leaves; 0: no hold. */
  mailHoldNewOrgsMs: number;
  /** How long (ms) a reminder address may stay unconfirmed. */
  reminderConfirmationMs: number;
  /** DEV_TOOLS=1: the debug route and the client's debug helpers exist; off, they 404 and are hidden. */
  devTools: boolean;
  /** REGISTRATION and REGISTRATION_EMAIL_DOMAINS: the sign-up policy until an operator sets one in the console. */
  registration: RegistrationPolicy;
  registrationEmailDomains: string[];
}

/** Parse the environment once at start-up; fail fast listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.MAIL_FROM)
    throw new Error('Invalid environment:\n  MAIL_FROM: required when SMTP_URL is set');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    allowedHosts: allowedHosts(e.ALLOWED_HOSTS, e.HOST),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    uploadFetchConcurrency: e.UPLOAD_FETCH_CONCURRENCY,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    passwordHashesPerMinute: e.PASSWORD_HASHES_PER_MINUTE,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    allowPrivateFetch: e.ALLOW_PRIVATE_FETCH,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS?.split(',')
      .map((h) => h.trim().toLowerCase().replace(/^\.+/, ''))
      .filter(Boolean),
    clientDist: path.resolve(e.CLIENT_DIST),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rollupIntervalMs: e.ROLLUP_INTERVAL_MS,
    webhookSenderThread: e.WEBHOOK_SENDER_THREAD ?? e.NODE_ENV === 'production',
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
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailBudgets: {
      recipient: e.MAIL_BUDGET_PER_RECIPIENT,
      organization: e.MAIL_BUDGET_PER_ORGANIZATION,
      instance: e.MAIL_BUDGET_PER_INSTANCE,
    },
    mailHoldNewOrgsMs: Math.round(e.MAIL_HOLD_NEW_ORGS_HOURS * HOUR_MS),
    reminderConfirmationMs: Math.round(e.REMINDER_CONFIRMATION_DAYS * DAY_MS),
    devTools: e.DEV_TOOLS,
    registration: e.REGISTRATION,
    registrationEmailDomains: [...new Set(e.REGISTRATION_EMAIL_DOMAINS)],
  };
}

/** ALLOWED_HOSTS, or by default localhost and the bound host (unless it is a wildcard). */
function allowedHosts(raw: string | undefined, boundHost: string): string[] {
  const list = raw?.trim()
    ? raw.split(',')
    : ['localhost', '127.0.0.1', '::1', ...(['0.0.0.0', '::', ''].includes(boundHost) ? [] : [boundHost])];
  return [
    ...new Set(
      list
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[([^\]]*)\]$/, '$1'),
        )
        .filter(Boolean),
    ),
  ];
}
