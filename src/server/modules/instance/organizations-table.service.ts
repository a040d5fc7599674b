import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { InstanceOrg, InstanceOrgsPage, InstanceOrgsQuery } from '#shared/schemas/instance-console.ts';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { FIGURES_JOB, liveFigures, type OrganizationFigures } from './organization-figures.ts';

// Every organisation at a glance, for the operator console and `admin list-orgs`: the
// organisation's own columns and status, read live, and its figures as the figures job
// last stored them (organization-figures.ts; worked out on the spot for an organisation
// it has not reached yet). A page is two reads: the ids of the page, filtered and sorted
// over every organisation, then those rows. bench/instance-organizations.ts times it.

type TableEb = ExpressionBuilder<Database & { f: Database['organizationFigures'] }, 'organizations' | 'f'>;

/**
 * The organisation's suspension, read from organizations.suspendedAt and
 * suspendedReason (migration 0032-organization-suspension).
 */
const suspendedAt = (_eb: ExpressionBuilder<Database, 'organizations'>) => sql<string | null>`null`;
const suspendedReason = (_eb: ExpressionBuilder<Database, 'organizations'>) => sql<string | null>`null`;

/** `%text%` for LIKE with its wildcards taken literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, query: Pick<InstanceOrgsQuery, 'q' | 'status'>) {
  return db
    .selectFrom('organizations')
    .leftJoin('organizationFigures as f', 'f.organizationId', 'organizations.id')
    .$if(!!query.q, (qb) => {
      const pattern = containsPattern(query.q ?? '');
      return qb.where(
        (eb) =>
          sql<SqlBool>`(lower(${eb.ref('organizations.name')}) like ${pattern} escape '\\' or lower(${eb.ref('organizations.username')}) like ${pattern} escape '\\')`,
      );
    })
    .$if(query.status !== undefined, (qb) =>
      qb.where(
        (eb) =>
          sql<SqlBool>`${suspendedAt(eb)} is ${sql.raw(query.status === 'suspended' ? 'not null' : 'null')}`,
      ),
    );
}

const sortKeys = {
  name: (eb) => sql`lower(${eb.ref('organizations.name')})`,
  createdAt: (eb) => eb.ref('organizations.createdAt'),
  members: (eb) => eb.fn.coalesce('f.members', sql.lit(0)),
  campaigns: (eb) => eb.fn.coalesce('f.campaigns', sql.lit(0)),
  shares30d: (eb) => eb.fn.coalesce('f.shares30d', sql.lit(0)),
  clicks30d: (eb) => eb.fn.coalesce('f.clicks30d', sql.lit(0)),
  mailToday: (eb) => eb.fn.coalesce('f.mailToday', sql.lit(0)),
  mailMonth: (eb) => eb.fn.coalesce('f.mailMonth', sql.lit(0)),
  storage: (eb) => eb.fn.coalesce('f.storageBytes', sql.lit(0)),
  lastActivity: (eb) => eb.fn.coalesce('f.lastActivityAt', sql.lit('')),
} satisfies Record<InstanceOrgsQuery['sort'], (eb: TableEb) => Expression<unknown>>;

export interface OrganizationsTableRead {
  db: Db;
  /** UPLOAD_QUOTA_BYTES: every organisation's storage quota. */
  storageQuotaBytes: number;
}

/** The rows of `ids`, in that order. */
async function rowsOf(read: OrganizationsTableRead, ids: number[]): Promise<InstanceOrg[]> {
  if (ids.length === 0) return [];
  const rows = await read.db
    .selectFrom('organizations')
    .leftJoin('organizationFigures as f', 'f.organizationId', 'organizations.id')
    .where('organizations.id', 'in', ids)
    .select((eb) => [
      'organizations.id',
      'organizations.name',
      'organizations.username',
      'organizations.createdAt',
      'f.members',
      'f.campaigns',
      'f.shares30d',
      'f.clicks30d',
      'f.mailToday',
      'f.mailMonth',
      'f.storageBytes',
      'f.lastActivityAt',
      'f.refreshedAt',
      suspendedAt(eb).as('suspendedAt'),
      suspendedReason(eb).as('suspendedReason'),
    ])
    .execute();
  const live = await liveFigures(
    read.db,
    rows.filter((r) => r.refreshedAt === null).map((r) => r.id),
  );
  const byId = new Map(
    rows.map((r) => {
      const f: OrganizationFigures = live.get(r.id) ?? (r as OrganizationFigures);
      return [
        r.id,
        {
          id: r.id,
          name: r.name,
          username: r.username,
          createdAt: r.createdAt,
          members: Number(f.members),
          campaigns: Number(f.campaigns),
          shares30d: Number(f.shares30d),
          clicks30d: Number(f.clicks30d),
          mailToday: Number(f.mailToday),
          mailMonth: Number(f.mailMonth),
          storageBytes: Number(f.storageBytes),
          storageQuotaBytes: read.storageQuotaBytes,
          lastActivityAt: f.lastActivityAt,
          figuresAt: f.refreshedAt,
          status: r.suspendedAt ? ('suspended' as const) : ('active' as const),
          suspendedReason: r.suspendedAt ? r.suspendedReason : null,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of the organisation table: filtered, sorted by one column (ties by id), counted. */
export async function listOrganizations(
  read: OrganizationsTableRead,
  query: InstanceOrgsQuery,
): Promise<InstanceOrgsPage> {
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc');
  const [ids, count, run] = await Promise.all([
    filtered(read.db, query)
      .select('organizations.id')
      .orderBy(sortKeys[query.sort], order)
      .orderBy('organizations.id', order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(read.db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    read.db.selectFrom('jobRuns').select('lastRunAt').where('name', '=', FIGURES_JOB).executeTakeFirst(),
  ]);
  return {
    items: await rowsOf(
      read,
      ids.map((r) => r.id),
    ),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
    figuresAsOf: run?.lastRunAt ?? null,
  };
}

/** One organisation's row as in the table (a suspend or restore answers it); undefined if none. */
export async function organizationTableRow(
  read: OrganizationsTableRead,
  id: number,
): Promise<InstanceOrg | undefined> {
  const [row] = await rowsOf(read, [id]);
  return row;
}
