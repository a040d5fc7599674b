import { type Expression, type ExpressionBuilder, expressionBuilder, type Selectable, sql } from 'kysely';
import { DAY_MS, MINUTE_MS } from '#shared/durations.ts';
import type { Db } from '../../db/client.ts';
import type { Database, OrganizationFiguresTable } from '../../db/schema.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { Job } from '../../jobs/runner.ts';

// The console's figures of each organisation, kept in organizationFigures (migration
// 0033) by a periodic job, so the table sorts 10,000 organisations by any of them
// without reading every organisation's rollup hours and mail of the month per request
// (bench/instance-organizations.ts). Each figure is one indexed lookup per organisation
// (an index whose first column is organizationId): shares and click-throughs from the
// rollups (rollupOrgHours: what the rollup job has counted), mail from the outbox (rows
// sent; it keeps them OUTBOX_RETENTION_MS), storage from the uploads table, the last
// activity from the activity log and the rollups.

/** How often the figures are worked out again; the table says how old they are. */
export const ORGANIZATION_FIGURES_EVERY_MS = 5 * MINUTE_MS;
/**
 * Organisations refreshed per step (one transaction: on SQLite it holds the write lock,
 * about 30 ms for 250 on the bench's data).
 */
const FIGURES_BATCH = 250;

export const FIGURES_JOB = 'organization-figures';

type OrgEb = ExpressionBuilder<Database, 'organizations'>;

/** The moments the figures count from. */
function sinceOf(now: number) {
  const d = new Date(now);
  return {
    /** UTC hour ('YYYY-MM-DDTHH') 30 days ago: rollupOrgHours from it on. */
    hour30d: new Date(now - 30 * DAY_MS).toISOString().slice(0, 13),
    dayStart: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString(),
    monthStart: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
  };
}

const zero = (e: Expression<unknown>) => sql<number>`coalesce(${e}, 0)`;

/** The later of two nullable ISO times (SQLite's max() and PostgreSQL's greatest() treat null apart). */
const later = (a: Expression<string | null>, b: Expression<string | null>) =>
  sql<
    string | null
  >`case when ${a} is null then ${b} when ${b} is null or ${a} > ${b} then ${a} else ${b} end`;

/** Each figure of the outer `organizations` row, worked out at `now`. */
function figureColumns(eb: OrgEb, now: number) {
  const since = sinceOf(now);
  const ofOrg = 'organizations.id' as const;
  const count = (table: 'users' | 'campaigns') =>
    eb
      .selectFrom(table)
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef(`${table}.organizationId`, '=', ofOrg);
  // sentAt is written only when a mail leaves (outbox.job.ts), so it alone says "sent".
  const sentSince = (from: string) =>
    eb
      .selectFrom('outbox')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('outbox.organizationId', '=', ofOrg)
      .where('outbox.sentAt', '>=', from);
  const rolled = (column: 'shares' | 'clicks') =>
    zero(
      eb
        .selectFrom('rollupOrgHours')
        .select((e) => e.fn.sum<number>(column).as('n'))
        .whereRef('rollupOrgHours.organizationId', '=', ofOrg)
        .where('hour', '>=', since.hour30d),
    );
  return [
    count('users').as('members'),
    count('campaigns').as('campaigns'),
    rolled('shares').as('shares30d'),
    rolled('clicks').as('clicks30d'),
    sentSince(since.dayStart).as('mailToday'),
    sentSince(since.monthStart).as('mailMonth'),
    zero(
      eb
        .selectFrom('uploads')
        .select((e) => e.fn.sum<number>('size').as('n'))
        .whereRef('uploads.organizationId', '=', ofOrg),
    ).as('storageBytes'),
    later(
      sql<string | null>`(${eb
        .selectFrom('auditLog')
        .select('auditLog.createdAt')
        .whereRef('auditLog.organizationId', '=', ofOrg)
        .orderBy('auditLog.id', 'desc')
        .limit(1)})`,
      // The last hour with a share or click-through, as the start of that hour.
      sql<string | null>`(${eb
        .selectFrom('rollupOrgHours')
        .select((e) => e.fn.max('hour').as('h'))
        .whereRef('rollupOrgHours.organizationId', '=', ofOrg)}) || ':00:00.000Z'`,
    ).as('lastActivityAt'),
  ];
}

export type OrganizationFigures = Omit<Selectable<OrganizationFiguresTable>, 'organizationId'>;

/** The stored columns, named once: by the figures' aliases, then the time they were worked out. */
const STORED = [
  ...figureColumns(expressionBuilder<Database, 'organizations'>(), 0).map((c) => c.alias),
  'refreshedAt',
] as (keyof OrganizationFigures & string)[];

/** The figures of `ids` worked out now, without storing them (organisations the job has not reached yet). */
export async function liveFigures(
  db: Db,
  ids: number[],
  now = Date.now(),
): Promise<Map<number, OrganizationFigures>> {
  if (ids.length === 0) return new Map<number, OrganizationFigures>();
  const rows = await db
    .selectFrom('organizations')
    .where('organizations.id', 'in', ids)
    .select((eb) => ['organizations.id', ...figureColumns(eb, now)])
    .execute();
  const refreshedAt = new Date(now).toISOString();
  return new Map(
    rows.map(({ id, lastActivityAt, ...counts }) => [
      id,
      {
        ...(Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])) as Omit<
          OrganizationFigures,
          'lastActivityAt' | 'refreshedAt'
        >),
        lastActivityAt: lastActivityAt ?? null,
        refreshedAt,
      },
    ]),
  );
}

/**
 * Works out and stores the figures of the organisations with ids in (after, upTo], in
 * one statement.
 */
export async function refreshOrganizationFigures(
  db: Db,
  range: { after: number; upTo: number },
  now = Date.now(),
): Promise<void> {
  const refreshedAt = new Date(now).toISOString();
  await db
    .insertInto('organizationFigures')
    .columns(['organizationId', ...STORED])
    .expression(
      db
        .selectFrom('organizations')
        .where('organizations.id', '>', range.after)
        .where('organizations.id', '<=', range.upTo)
        .select((eb) => [
          'organizations.id',
          ...figureColumns(eb, now),
          eb.val(refreshedAt).as('refreshedAt'),
        ]),
    )
    .onConflict((oc) =>
      oc
        .column('organizationId')
        .doUpdateSet(Object.fromEntries(STORED.map((column) => [column, sql.ref(`excluded.${column}`)]))),
    )
    .execute();
}

/**
 * The job that keeps organizationFigures: every ORGANIZATION_FIGURES_EVERY_MS, every
 * organisation in id order, FIGURES_BATCH a step (a run over 10,000 takes 40 steps,
 * the runner's 20 a tick: two ticks; about 1.2 s of database work on SQLite). The run's place is kept in memory: an instance that takes over a run
 * half done starts it again from the first organisation, which costs only time.
 */
export function organizationFiguresJob(opts: { now?: () => number } = {}): Job {
  let after = 0;
  return periodicJob({
    name: FIGURES_JOB,
    lockKey: 6,
    everyMs: ORGANIZATION_FIGURES_EVERY_MS,
    now: opts.now,
    work: async (trx, now) => {
      const batch = await trx
        .selectFrom('organizations')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(FIGURES_BATCH)
        .execute();
      const upTo = batch.at(-1)?.id;
      if (upTo === undefined) {
        after = 0;
        return false;
      }
      await refreshOrganizationFigures(trx, { after, upTo }, now);
      const more = batch.length === FIGURES_BATCH;
      after = more ? upTo : 0;
      return more;
    },
  });
}
