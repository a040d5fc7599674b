import { sql } from 'kysely';
import type { AnyDb } from '../dialect.ts';
import { notNull } from '../dialect.ts';

// Visits and shares per `?src=` tag, per UTC day and campaign, maintained by the
// rollup job so that the analytics' `sources` read a bounded number of rows whatever
// the history (docs/decisions/0022-source-rollups.md).
// - Tagged shares ride on the shares batch and its mark: the shares the mark has
//   already passed are added here, in one statement, so the mark keeps meaning
//   "every share at or below it is in every share rollup".
// - Visits get their own mark, from 0: the job takes the whole history in batches,
//   and until it has, readers count the rest as the tail.

const int = 'integer' as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rollupSourceDays')
    .addColumn('campaignId', int, (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('day', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('organizationId', int, (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('visits', int, notNull)
    .addColumn('shares', int, notNull)
    .addPrimaryKeyConstraint('rollupSourceDays_pk', ['campaignId', 'day', 'source'])
    .execute();
  await db.schema
    .createIndex('rollupSourceDays_org_idx')
    .on('rollupSourceDays')
    .columns(['organizationId', 'day'])
    .execute();

  const day = sql<string>`substr(${sql.ref('createdAt')}, 1, 10)`;
  await db
    .insertInto('rollupSourceDays')
    .columns(['campaignId', 'day', 'source', 'organizationId', 'visits', 'shares'])
    .expression(
      db
        .selectFrom('shares')
        .select((eb) => [
          'campaignId',
          day.as('day'),
          'source',
          'organizationId',
          sql<number>`0`.as('visits'),
          eb.fn.countAll<number>().as('shares'),
        ])
        .where('source', 'is not', null)
        .where('status', '=', 'shared')
        .where('id', '<=', db.selectFrom('rollupState').select('lastId').where('name', '=', 'shares'))
        .groupBy(['campaignId', day, 'source', 'organizationId']),
    )
    .execute();
  await db.insertInto('rollupState').values({ name: 'visits', lastId: 0 }).execute();
}
