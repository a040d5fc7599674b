import type { ExportQuery } from '#shared/schemas/analytics.ts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { csvCell, csvRow } from './csv.ts';
import { pseudonym } from './pseudonym.ts';
import type { Scope } from './stats.service.ts';
import { resolveRange } from './time-range.ts';

// CSV export of the events of a range (local days of `tz`, UTC by default), oldest first, read in pages so memory stays
// bounded whatever the size; the generator is pulled by the response stream, so a
// slow client slows the reads (back-pressure) and a client that goes away stops them.

/** Rows read per query unless the app is configured otherwise (EXPORT_PAGE_SIZE). */
export const EXPORT_PAGE = 2000;

/**
 * Process-wide tallies of the export readers: pages read so far, and exports whose
 * generator is still open. A client that disconnects must leave both still.
 */
export const exportActivity = { pagesRead: 0, open: 0 };

/** The columns both exports start with: the event, its campaign and asset, and the platform. */
const EVENT_COLUMNS = ['id', 'createdAt', 'campaignId', 'campaignName', 'assetId', 'assetTitle', 'platform'];

export const SHARE_COLUMNS = [
  ...EVENT_COLUMNS,
  'status',
  'scheduledFor',
  'ref',
  'parentRef',
  'depth',
  'supporter',
  // Appended (readers that index the columns above keep working): the share-text
  // variant it was made with and the `src` tag its sharer arrived with.
  'variantId',
  'source',
];
export const CLICK_COLUMNS = [
  ...EVENT_COLUMNS,
  'ref',
  'depth',
  // The share-text variant of the share the click came through.
  'variantId',
];

export async function* exportCsv(opts: {
  db: Db;
  scope: Scope;
  query: ExportQuery;
  key: Buffer;
  pageSize?: number;
}): AsyncGenerator<string> {
  exportActivity.open++;
  try {
    yield* exportRows(opts);
  } finally {
    // Runs on completion and also when the response stream is destroyed mid-export.
    exportActivity.open--;
  }
}

/**
 * Campaign names and asset titles as CSV cells, read once per export for the ids its
 * pages meet (a page joins nothing but the parent share): an organisation has few of
 * them next to its events, and each cell is quoted once, not once per row.
 */
function nameCells(db: Db) {
  const campaigns = new Map<number, string>();
  const assets = new Map<number, string>();
  return {
    campaign: (id: number) => campaigns.get(id) ?? '',
    asset: (id: number) => assets.get(id) ?? '',
    async load(rows: { campaignId: number; assetId: number }[]) {
      const newCampaigns = [...new Set(rows.map((r) => r.campaignId))].filter((id) => !campaigns.has(id));
      const newAssets = [...new Set(rows.map((r) => r.assetId))].filter((id) => !assets.has(id));
      if (newCampaigns.length)
        for (const c of await db
          .selectFrom('campaigns')
          .select(['id', 'name'])
          .where('id', 'in', newCampaigns)
          .execute())
          campaigns.set(c.id, csvCell(c.name));
      if (newAssets.length)
        for (const a of await db
          .selectFrom('assets')
          .select(['id', 'title'])
          .where('id', 'in', newAssets)
          .execute())
          assets.set(a.id, csvCell(a.title));
    },
  };
}

async function* exportRows(opts: {
  db: Db;
  scope: Scope;
  query: ExportQuery;
  key: Buffer;
  pageSize?: number;
}): AsyncGenerator<string> {
  const { db, scope, query, key } = opts;
  const pageSize = opts.pageSize ?? EXPORT_PAGE;
  // Supporters recur across rows: one HMAC per supporter, not per row. Bounded so an
  // export with very many supporters does not grow it without limit.
  const labels = new Map<string, string>();
  const label = (id: string) => {
    let l = labels.get(id);
    if (l === undefined) {
      if (labels.size >= 50_000) labels.clear();
      l = csvCell(pseudonym(key, id));
      labels.set(id, l);
    }
    return l;
  };
  const names = nameCells(db);
  const range = resolveRange({ from: query.from, to: query.to, tz: query.tz });
  const lo = new Date(range.bounds[0]).toISOString();
  const hi = new Date(range.bounds.at(-1)!).toISOString();
  // The rows of `table` in the scope and range that come after `after`, one page of them.
  // The index range starts at the last row read (`after`), not at the range's start, so a
  // page costs the same wherever it is in the export.
  const window =
    (table: 'shares' | 'clicks', after: [string, number]) =>
    <QB extends SelectQueryBuilder<Database, any, any>>(qb: QB): QB => {
      const [createdAt, id] = [sql.ref(`${table}.createdAt`), sql.ref(`${table}.id`)];
      return qb
        .where(sql.ref(`${table}.${scope.column}`), '=', scope.id)
        .where(createdAt, '>=', after[0])
        .where(createdAt, '<', hi)
        .where(sql<boolean>`(${createdAt}, ${id}) > (${after[0]}, ${after[1]})`)
        .orderBy(createdAt)
        .orderBy(id)
        .limit(pageSize) as QB;
    };
  if (query.type === 'shares') {
    yield csvRow(SHARE_COLUMNS);
    yield* keysetPages(
      lo,
      names,
      (after) =>
        db
          .selectFrom('shares')
          .leftJoin('shares as parent', 'parent.id', 'shares.parentShareId')
          .select([
            'shares.id',
            'shares.createdAt',
            'shares.campaignId',
            'shares.assetId',
            'shares.platform',
            'shares.status',
            'shares.scheduledFor',
            'shares.ref',
            'parent.ref as parentRef',
            'shares.depth',
            'shares.supporterId',
            'shares.variantId',
            'shares.source',
          ])
          .where('shares.status', '=', 'shared')
          .$call(window('shares', after))
          .execute(),
      // Numbers, ISO times and the fixed status/platform words need no quoting.
      (r) =>
        `${r.id},${r.createdAt},${r.campaignId},${names.campaign(r.campaignId)},${r.assetId},${names.asset(r.assetId)},${csvCell(r.platform)},${r.status},${r.scheduledFor ?? ''},${csvCell(r.ref)},${csvCell(r.parentRef)},${r.depth},${r.supporterId ? label(r.supporterId) : ''},${r.variantId ?? ''},${csvCell(r.source)}\r\n`,
    );
    return;
  }
  yield csvRow(CLICK_COLUMNS);
  yield* keysetPages(
    lo,
    names,
    (after) =>
      db
        .selectFrom('clicks')
        .innerJoin('shares', 'shares.id', 'clicks.shareId')
        .select([
          'clicks.id',
          'clicks.createdAt',
          'clicks.campaignId',
          'shares.assetId',
          'shares.platform',
          'shares.ref',
          'shares.depth',
          'shares.variantId',
        ])
        .$call(window('clicks', after))
        .execute(),
    (r) =>
      `${r.id},${r.createdAt},${r.campaignId},${names.campaign(r.campaignId)},${r.assetId},${names.asset(r.assetId)},${csvCell(r.platform)},${csvCell(r.ref)},${r.depth},${r.variantId ?? ''}\r\n`,
  );
}

type KeysetRow = { id: number; createdAt: string; campaignId: number; assetId: number };

/**
 * Keyset pages in (createdAt, id) order from `lo` on. Each page's lower bound on
 * createdAt is where the last page ended, not the range's start: the scope's (scope,
 * status, createdAt) or (scope, createdAt) index then starts at that row. With the
 * range's start as the only plain bound, SQLite walked the index from the start of the
 * range and filtered by the row value on every page, so a page cost grew with its
 * offset (46k rows/s at 1M rows). Pages by id alone made the planner walk that index
 * over the whole range for every page.
 */
async function* keysetPages<R extends KeysetRow>(
  lo: string,
  names: ReturnType<typeof nameCells>,
  page: (after: [string, number]) => Promise<R[]>,
  line: (row: R) => string,
): AsyncGenerator<string> {
  // Ids are positive: (lo, 0) comes before every row of the range.
  let after: [string, number] = [lo, 0];
  for (;;) {
    const rows = await page(after);
    exportActivity.pagesRead++;
    if (rows.length === 0) return;
    await names.load(rows);
    let out = '';
    for (const r of rows) out += line(r);
    yield out;
    const last = rows.at(-1)!;
    after = [last.createdAt, last.id];
  }
}
