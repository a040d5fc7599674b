import { sql } from 'kysely';
import { endInstant, LIVE_STATUSES } from '#shared/campaign-lifecycle.ts';
import { DAY_MS } from '#shared/durations.ts';
import type { InstanceHealth, JobLag } from '#shared/schemas/instance-console.ts';

export type { InstanceHealth };
import pkg from '../../../../package.json' with { type: 'json' };
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { migrationsFor } from '../../db/migrations/index.ts';
import { NOTIFICATIONS_EVERY_MS } from '../notifications/index.ts';
import { UPLOAD_CLEANUP_INTERVAL_MS } from '../uploads/index.ts';
import { FIGURES_JOB, ORGANIZATION_FIGURES_EVERY_MS } from './organization-figures.ts';

// The instance's health for the operator console (GET /api/instance/health) and
// /metrics (plugins/metrics.ts): how far each background job is behind, the outbox,
// storage, the database's size, the version and the migrations. Every figure is read
// from the database, so every instance on one database answers the same.

export interface HealthRead {
  db: Db;
  dialect: DialectName;
  now?: number;
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
const since = (now: number, iso: string | null | undefined) => (iso ? seconds(now - Date.parse(iso)) : 0);

/** The first event of an event table past its rollup mark: what the rollup job has still to count. */
const firstPastMark = (db: Db, table: 'shares' | 'clicks' | 'visits') =>
  db
    .selectFrom(table)
    .select(`${table}.createdAt`)
    .where(
      `${table}.id`,
      '>',
      (eb) =>
        sql<number>`coalesce((${eb.selectFrom('rollupState').select('lastId').where('name', '=', table)}), 0)`,
    )
    .orderBy(`${table}.id`)
    .limit(1)
    .executeTakeFirst();

/**
 * How far behind each background job is: the age of the oldest work waiting for it
 * past its due time (0 when nothing waits), and for periodic jobs how late their run is.
 */
async function jobLags(db: Db, now: number): Promise<JobLag[]> {
  const nowIso = new Date(now).toISOString();
  const today = nowIso.slice(0, 10);
  const [events, reminder, mail, runs, ended] = await Promise.all([
    Promise.all((['shares', 'clicks', 'visits'] as const).map((t) => firstPastMark(db, t))),
    db
      .selectFrom('reminders')
      .select((eb) => eb.fn.min('dueAt').as('at'))
      .where('status', '=', 'pending')
      .where('dueAt', '<=', nowIso)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
      .where('status', '=', 'queued')
      .where('nextAttemptAt', '<=', nowIso)
      .executeTakeFirst(),
    db.selectFrom('jobRuns').select(['name', 'lastRunAt']).execute(),
    // The campaign-end job's backlog: the earliest end passed and not yet announced
    // (its own conditions, modules/campaigns/campaign-end.job.ts; the same index).
    db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.min('endDate').as('at'))
      .where('endedEventAt', 'is', null)
      .where('status', 'in', LIVE_STATUSES)
      .where('endDate', '<=', nowIso)
      .where('endDate', '!=', today)
      .executeTakeFirst(),
  ]);
  const oldestEvent = events
    .map((e) => e?.createdAt)
    .filter((t): t is string => !!t)
    .sort()[0];
  const periodic = (name: string, everyMs: number, measures: string): JobLag => {
    const lastRunAt = runs.find((r) => r.name === name)?.lastRunAt ?? null;
    return {
      name,
      lastRunAt,
      lagSeconds: lastRunAt ? seconds(now - Date.parse(lastRunAt) - everyMs) : 0,
      measures,
    };
  };
  return [
    {
      name: 'rollups',
      lastRunAt: null,
      lagSeconds: since(now, oldestEvent),
      measures: 'age of the oldest share, click-through or visit not yet counted in the rollups',
    },
    {
      name: 'reminders',
      lastRunAt: null,
      lagSeconds: since(now, reminder?.at as string | null | undefined),
      measures: 'time past its moment of the oldest reminder not yet sent',
    },
    {
      name: 'outbox',
      lastRunAt: null,
      lagSeconds: since(now, mail?.at as string | null | undefined),
      measures: 'time past its due time of the oldest mail waiting to be sent',
    },
    {
      name: 'campaign-end',
      lastRunAt: null,
      lagSeconds: (() => {
        const end = endInstant(ended?.at as string | null | undefined);
        return end === null ? 0 : seconds(now - end);
      })(),
      measures: 'time since the earliest campaign end date that passed without its campaign.ended',
    },
    periodic('upload-cleanup', UPLOAD_CLEANUP_INTERVAL_MS, 'time its hourly run is overdue'),
    periodic('notifications', NOTIFICATIONS_EVERY_MS, 'time its periodic run is overdue'),
    periodic(FIGURES_JOB, ORGANIZATION_FIGURES_EVERY_MS, 'time its run over every organisation is overdue'),
  ];
}

async function databaseSize(db: Db, dialect: DialectName): Promise<number> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ size: number | string }>`select pg_database_size(current_database()) as size`.execute(db)
      : await sql<{
          size: number;
        }>`select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.size ?? 0);
}

/** The migrations the database has had (Kysely's own table), oldest first. */
async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

export async function instanceHealth(read: HealthRead): Promise<InstanceHealth> {
  const { db, dialect } = read;
  const now = read.now ?? Date.now();
  const dayAgo = new Date(now - DAY_MS).toISOString();
  const countWhere = (status: string, column: 'sentAt' | 'createdAt' | null) =>
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', status)
      .$if(column !== null, (q) => q.where(column ?? 'createdAt', '>', dayAgo))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [jobs, queued, sending, held, failed24h, expired24h, sent24h, storage, sizeBytes, applied] =
    await Promise.all([
      jobLags(db, now),
      countWhere('queued', null),
      countWhere('sending', null),
      countWhere('held', null),
      // Failed and expired mail by when it was written: the outbox keeps no time of failure.
      countWhere('failed', 'createdAt'),
      countWhere('expired', 'createdAt'),
      countWhere('sent', 'sentAt'),
      db
        .selectFrom('uploads')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
          eb.fn.countAll<number>().as('n'),
        ])
        .executeTakeFirstOrThrow(),
      databaseSize(db, dialect),
      appliedMigrations(db),
    ]);
  const known = Object.keys(migrationsFor(dialect));
  return {
    version: pkg.version,
    checkedAt: new Date(now).toISOString(),
    jobs,
    outbox: { waiting: queued + sending, held, failed24h, expired24h, sent24h },
    storage: { usedBytes: Number(storage.bytes), uploads: Number(storage.n) },
    database: { dialect, sizeBytes },
    migrations: {
      applied: applied.length,
      latest: applied.at(-1) ?? null,
      pending: known.filter((name) => !applied.includes(name)),
    },
  };
}
