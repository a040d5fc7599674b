import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { RollupSourceDaysTable } from '../../db/schema.ts';
import { contiguous, sharedIn, type Window } from './rollups.ts';
import { dayOf } from '../../db/sql-time.ts';

// The per-source figures of the rollups (docs/decisions/0022-source-rollups.md): per UTC
// day, campaign and `?src=` tag, the tagged visits and the shares made by visitors who
// came with that tag, in rollupSourceDays.
// - Shares come from the window of ids rollups.ts has taken past the shares mark, and
//   are counted by the same rule: status `shared` when rolled up. A share only becomes
//   `shared` as a new row (posting a scheduled one writes a new row and deletes the
//   old), and a shared row never changes status, so the count taken at the mark is final.
// - Visits are a third event stream with their own mark ('visits' in rollupState),
//   taken in id order with the same rule for gaps in the ids. A visit row is never
//   updated: its source is the first one of the visitor's day.
// Everything moves in the caller's transaction, with the marks.

const UPSERT_CHUNK = 400;

type Tagged = { campaignId: number; organizationId: number; source: string; createdAt: string };
const tagged = <T extends { source: string | null }>(e: T): e is T & { source: string } => e.source !== null;

const add = (column: 'visits' | 'shares') =>
  sql<number>`${sql.ref(`rollupSourceDays.${column}`)} + ${sql.ref(`excluded.${column}`)}`;

/**
 * Adds the batch's tagged shares and up to `batch` visits past the visits mark, and moves
 * that mark. The caller has locked the marks (rollups.ts). Returns whether more visits
 * are waiting.
 */
export async function rollUpSources(
  trx: Db,
  opts: { shares: Window; batch: number; now: number },
): Promise<boolean> {
  const mark =
    (await trx.selectFrom('rollupState').select('lastId').where('name', '=', 'visits').executeTakeFirst())
      ?.lastId ?? 0;
  const visits = contiguous(
    await trx
      .selectFrom('visits')
      .select(['id', 'campaignId', 'organizationId', 'source', 'createdAt'])
      .where('id', '>', mark)
      .orderBy('id')
      .limit(opts.batch)
      .execute(),
    mark,
    opts.now,
  );

  const days = new Map<string, RollupSourceDaysTable>();
  const bump = (e: Tagged, n: { visits: number; shares: number }) => {
    const day = e.createdAt.slice(0, 10);
    const key = `${e.campaignId}|${day}|${e.source}`;
    let row = days.get(key);
    if (!row) {
      const { campaignId, organizationId, source } = e;
      row = { campaignId, day, source, organizationId, visits: 0, shares: 0 };
      days.set(key, row);
    }
    row.visits += n.visits;
    row.shares += n.shares;
  };
  const taggedShares = await sharedIn(trx, opts.shares)
    .where('shares.source', 'is not', null)
    .select((eb) => [
      'shares.campaignId',
      'shares.organizationId',
      'shares.source',
      eb.fn.max('shares.createdAt').as('createdAt'),
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy(['shares.campaignId', 'shares.organizationId', 'shares.source', dayOf('shares.createdAt')])
    .execute();
  for (const s of taggedShares.filter(tagged)) bump(s, { visits: 0, shares: Number(s.n) });
  for (const v of visits.filter(tagged)) bump(v, { visits: 1, shares: 0 });

  const rows = [...days.values()];
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK)
    await trx
      .insertInto('rollupSourceDays')
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflict((oc) =>
        oc
          .columns(['campaignId', 'day', 'source'])
          .doUpdateSet({ visits: add('visits'), shares: add('shares') }),
      )
      .execute();

  const last = visits.at(-1)?.id;
  if (last !== undefined)
    await trx.updateTable('rollupState').set({ lastId: last }).where('name', '=', 'visits').execute();
  return visits.length === opts.batch;
}
