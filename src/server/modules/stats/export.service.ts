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
  // The language the page was in (a locale; empty when not recorded).
  'language',
];
export const CLICK_COLUMNS = [
  ...EVENT_COLUMNS,
  'ref',
  'depth',
  // The share-text variant of the share the click came through, and its language (a
  // click-through counts under the language of the share whose link it followed).
  'variantId',
  'language',
];

/** An export: the scope and query it answers, the pseudonym key, and rows read per query. */
type ExportOptions = { db: Db; scope: Scope; query: ExportQuery; key: Buffer; pageSize?: number };

export async function* exportCsv(opts: ExportOptions): AsyncGenerator<string> {
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
  const campaigns = labelCells(db, 'campaigns', 'name');
  const assets = labelCells(db, 'assets', 'title');
  return {
    campaign: campaigns.cell,
    asset: assets.cell,
    async load(rows: { campaignId: number; assetId: number }[]) {
      await campaigns.load(rows.map((r) => r.campaignId));
      await assets.load(rows.map((r) => r.assetId));
    },
  };
}

/** One table's labels as CSV cells by id; `load` reads only the ids not met before. */
function labelCells(db: Db, table: 'campaigns' | 'assets', column: 'name' | 'title') {
  const cells = new Map<number, string>();
  return {
    cell: (id: number) => cells.get(id) ?? '',
    async load(ids: number[]) {
      const unseen = [...new Set(ids)].filter((id) => !cells.has(id));
      if (unseen.length === 0) return;
      const rows = await db
        .selectFrom(table)
        .select(['id', sql.ref<string>(column).as('label')])
        .where('id', 'in', unseen)
        .execute();
      for (const r of rows) cells.set(r.id, csvCell(r.label));
    },
  };
}

async function* exportRows(opts: ExportOptions): AsyncGenerator<string> {
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
  // The EVENT_COLUMNS of a row of `table`: its own id, time and campaign, and the asset
  // and platform of the share (for a click, the share it came through).
  const eventSelect = (table: 'shares' | 'clicks') => [
    sql.ref<number>(`${table}.id`).as('id'),
    sql.ref<string>(`${table}.createdAt`).as('createdAt'),
    sql.ref<number>(`${table}.campaignId`).as('campaignId'),
    sql.ref<number>('shares.assetId').as('assetId'),
    sql.ref<string>('shares.platform').as('platform'),
  ];
  // Their cells. Numbers, ISO times and the fixed status/platform words need no quoting.
  const eventCells = (r: EventRow) =>
    `${r.id},${r.createdAt},${r.campaignId},${names.campaign(r.campaignId)},${r.assetId},${names.asset(r.assetId)},${csvCell(r.platform)}`;
  if (query.type !== 'clicks') {
    // Each figure's own events (API.md "Stats"): shares, opened windows, prepared posts.
    const status = query.type === 'shares' ? 'shared' : query.type;
    const sharePage = (after: [string, number]) =>
      db
        .selectFrom('shares')
        .leftJoin('shares as parent', 'parent.id', 'shares.parentShareId')
        .select(eventSelect('shares'))
        .select([
          'shares.status',
          'shares.scheduledFor',
          'shares.ref',
          'parent.ref as parentRef',
          'shares.depth',
          'shares.supporterId',
          'shares.variantId',
          'shares.source',
          'shares.language',
        ])
        .where('shares.status', '=', status)
        .$call(window('shares', after))
        .execute();
    const shareLine = (r: Awaited<ReturnType<typeof sharePage>>[number]) =>
      `${eventCells(r)},${r.status},${r.scheduledFor ?? ''},${csvCell(r.ref)},${csvCell(r.parentRef)},${r.depth},${r.supporterId ? label(r.supporterId) : ''},${r.variantId ?? ''},${csvCell(r.source)},${csvCell(r.language)}\r\n`;
    yield* csvPages(SHARE_COLUMNS, lo, names, sharePage, shareLine);
    return;
  }
  const clickPage = (after: [string, number]) =>
    db
      .selectFrom('clicks')
      .innerJoin('shares', 'shares.id', 'clicks.shareId')
      .select(eventSelect('clicks'))
      .select(['shares.ref', 'shares.depth', 'shares.variantId', 'shares.language'])
      .$call(window('clicks', after))
      .execute();
  const clickLine = (r: Awaited<ReturnType<typeof clickPage>>[number]) =>
    `${eventCells(r)},${csvCell(r.ref)},${r.depth},${r.variantId ?? ''},${csvCell(r.language)}\r\n`;
  yield* csvPages(CLICK_COLUMNS, lo, names, clickPage, clickLine);
}

type EventRow = { id: number; createdAt: string; campaignId: number; assetId: number; platform: string };

/**
 * The header line of `columns`, then the lines of keyset pages in (createdAt, id) order
 * from `lo` on. Each page's lower bound on createdAt is where the last page ended, not
 * the range's start: the scope's (scope, status, createdAt) or (scope, createdAt) index
 * then starts at that row. With the
 * range's start as the only plain bound, SQLite walked the index from the start of the
 * range and filtered by the row value on every page, so a page cost grew with its
 * offset (46k rows/s at 1M rows). Pages by id alone made the planner walk that index
 * over the whole range for every page.
 */
async function* csvPages<R extends EventRow>(
  columns: string[],
  lo: string,
  names: ReturnType<typeof nameCells>,
  page: (after: [string, number]) => Promise<R[]>,
  line: (row: R) => string,
): AsyncGenerator<string> {
  yield csvRow(columns);
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
