import { z } from 'zod';
import { timestampField } from './common.ts';
import { organizationSchema } from './organizations.ts';

// The operator console's own reads: every organisation at a glance
// (GET /api/instance/organizations) and the instance's health (GET /api/instance/health).
// The table's figures (members to last activity) are refreshed by a job every few
// minutes; its name, dates and status are read live.

/** The columns the organisation table sorts by. */
export const INSTANCE_ORG_SORTS = [
  'name',
  'createdAt',
  'members',
  'campaigns',
  'shares30d',
  'clicks30d',
  'mailToday',
  'mailMonth',
  'storage',
  'lastActivity',
] as const;
export type InstanceOrgSort = (typeof INSTANCE_ORG_SORTS)[number];

export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const INSTANCE_ORGS_PAGE_SIZE = 50;
export const MAX_INSTANCE_ORGS_PAGE_SIZE = 200;
export const MAX_INSTANCE_ORG_SEARCH = 100;

const positiveInt = (name: string, max?: number) => {
  const n = z.coerce
    .number({ error: `${name} must be a positive integer` })
    .int(`${name} must be a positive integer`)
    .min(1, `${name} must be at least 1`);
  return max === undefined ? n : n.max(max, `${name} must be at most ${max}`);
};

const listed = (name: string, values: readonly string[]) => `${name} must be one of: ${values.join(', ')}`;

export const instanceOrgsQuerySchema = z.strictObject({
  /** Part of the organisation's name or username, any case. */
  q: z
    .string()
    .trim()
    .max(MAX_INSTANCE_ORG_SEARCH, `q must be at most ${MAX_INSTANCE_ORG_SEARCH} characters`)
    .optional(),
  status: z.enum(ORGANIZATION_STATUSES, { error: listed('status', ORGANIZATION_STATUSES) }).optional(),
  sort: z.enum(INSTANCE_ORG_SORTS, { error: listed('sort', INSTANCE_ORG_SORTS) }).default('createdAt'),
  /** Omitted: ascending for the name, descending (most, newest first) for the rest. */
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', MAX_INSTANCE_ORGS_PAGE_SIZE).default(INSTANCE_ORGS_PAGE_SIZE),
});
export type InstanceOrgsQuery = z.infer<typeof instanceOrgsQuerySchema>;
/** The query as the console sends it (every field optional). */
export type InstanceOrgsParams = z.input<typeof instanceOrgsQuerySchema>;

/** One organisation as the console's table shows it (and as a suspend or restore answers it). */
export const instanceOrgSchema = organizationSchema
  .pick({ id: true, name: true, username: true, createdAt: true })
  .extend({
    members: z.number().int(),
    campaigns: z.number().int(),
    /** Shares and click-throughs of the last 30 days, from the rollups (what the job has counted). */
    shares30d: z.number().int(),
    clicks30d: z.number().int(),
    /** Outbox mail sent since midnight UTC, and since the first of the month UTC. */
    mailToday: z.number().int(),
    mailMonth: z.number().int(),
    storageBytes: z.number().int(),
    /** The organisation's upload quota (UPLOAD_QUOTA_BYTES, the same for every organisation). */
    storageQuotaBytes: z.number().int(),
    /** The latest of a staff action (its activity log) and a supporter's share or click-through (to the hour). */
    lastActivityAt: timestampField.nullable(),
    /** When these figures were worked out (the figures job refreshes them every few minutes). */
    figuresAt: timestampField,
    status: z.enum(ORGANIZATION_STATUSES),
    suspendedReason: z.string().nullable(),
  });
export type InstanceOrg = z.infer<typeof instanceOrgSchema>;

export const instanceOrgsPageSchema = z.object({
  items: z.array(instanceOrgSchema),
  /** Organisations matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** When the figures job last went through every organisation (null before its first run). */
  figuresAsOf: timestampField.nullable(),
});
export type InstanceOrgsPage = z.infer<typeof instanceOrgsPageSchema>;

export const instanceHealthSchema = z.object({
  version: z.string(),
  checkedAt: timestampField,
  /** The background jobs, each with how far it is behind. */
  jobs: z.array(
    z.object({
      name: z.string(),
      /** When the job last finished a run (periodic jobs), or null when it keeps no such mark. */
      lastRunAt: timestampField.nullable(),
      /** How long the oldest work waiting for the job has waited past its due time, in seconds (0: none). */
      lagSeconds: z.number(),
      /** What the lag measures, in words. */
      measures: z.string(),
    }),
  ),
  outbox: z.object({
    /** Mail waiting to leave: queued (due or retrying) and sending. */
    waiting: z.number().int(),
    held: z.number().int(),
    /** Mail refused on every try, and mail that expired unsent, in the last 24 hours. */
    failed24h: z.number().int(),
    expired24h: z.number().int(),
    sent24h: z.number().int(),
  }),
  storage: z.object({ usedBytes: z.number().int(), uploads: z.number().int() }),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), sizeBytes: z.number().int() }),
  migrations: z.object({
    applied: z.number().int(),
    /** The newest migration applied. */
    latest: z.string().nullable(),
    /** Migrations this version knows that the database has not had (none on a running server). */
    pending: z.array(z.string()),
  }),
});
export type InstanceHealth = z.infer<typeof instanceHealthSchema>;
export type JobLag = InstanceHealth['jobs'][number];
