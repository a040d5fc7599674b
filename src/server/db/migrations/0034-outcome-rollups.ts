import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';

// The hourly and daily rollups count the platform windows opened and the posts prepared
// beside the shares (docs/api.md "Stats"), so the analytics over time, the 30-day chart
// and the digest show the three apart, per day and per hour. Until now only the
// per-platform totals had them (0029-share-outcomes).
//
// Existing rows: the opened and prepared events the job has already passed (ids up to
// its shares mark) are counted into the new columns here, grouped as the job groups
// them; the ones past the mark are the job's, which now counts them too.

const OUTCOMES = sql<boolean>`${sql.ref('shares.status')} in ('opened', 'prepared')`;
const outcome = (status: string) =>
  sql<number>`sum(case when ${sql.ref('shares.status')} = ${sql.lit(status)} then 1 else 0 end)`;

/** Each table, the columns of its key, and how a share gives them. */
const TABLES = [
  {
    table: 'rollupCampaignHours',
    key: ['campaignId', 'hour'],
    values: [
      'shares.campaignId',
      sql`substr(${sql.ref('shares.createdAt')}, 1, 13)`,
      'shares.organizationId',
    ],
    columns: ['campaignId', 'hour', 'organizationId'],
  },
  {
    table: 'rollupOrgHours',
    key: ['organizationId', 'hour'],
    values: ['shares.organizationId', sql`substr(${sql.ref('shares.createdAt')}, 1, 13)`],
    columns: ['organizationId', 'hour'],
  },
  {
    table: 'rollupDays',
    key: ['campaignId', 'day', 'assetId', 'platform', 'depth'],
    values: [
      'shares.campaignId',
      sql`substr(${sql.ref('shares.createdAt')}, 1, 10)`,
      'shares.assetId',
      'shares.platform',
      'shares.depth',
      'shares.organizationId',
    ],
    columns: ['campaignId', 'day', 'assetId', 'platform', 'depth', 'organizationId'],
  },
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const { table } of TABLES)
    for (const column of ['opened', 'prepared'])
      await db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
  const mark = await db
    .selectFrom('rollupState')
    .select('lastId')
    .where('name', '=', 'shares')
    .executeTakeFirst();
  const lastId = Number(mark?.lastId ?? 0);
  if (lastId === 0) return;
  for (const { table, key, values, columns } of TABLES) {
    const groups = values.map((v) => (typeof v === 'string' ? sql.ref(v) : v));
    await db
      .insertInto(table)
      .columns([...columns, 'shares', 'clicks', 'opened', 'prepared'])
      .expression(
        db
          .selectFrom('shares')
          .select([
            ...groups.map((g, i) => sql`${g}`.as(columns[i])),
            sql.lit(0).as('shares'),
            sql.lit(0).as('clicks'),
            outcome('opened').as('opened'),
            outcome('prepared').as('prepared'),
          ])
          .where('shares.id', '<=', lastId)
          .where(OUTCOMES)
          .groupBy(groups),
      )
      .onConflict((oc) =>
        oc.columns([...key]).doUpdateSet({
          opened: sql.ref('excluded.opened'),
          prepared: sql.ref('excluded.prepared'),
        }),
      )
      .execute();
  }
}
