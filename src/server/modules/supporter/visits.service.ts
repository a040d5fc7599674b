import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { batchedWriter } from '../../lib/group-commit.ts';
import { nowIso } from '../../lib/time.ts';

// Confirmed visits of the supporter page: at most one per visitor, campaign and UTC
// day (the first one's `src` tag is the day's source), and per variant shown one view
// per visitor and UTC day. Both writes are idempotent inserts, so a repeat load, a
// retry or two instances racing add nothing.

export interface VisitValues {
  campaignId: number;
  organizationId: number;
  visitorId: string;
  source: string | null;
  /** The variants the server chose for this visitor (never what the client says it saw). */
  variantIds: number[];
}

/** Returns whether this was the visitor's first visit of the day to the campaign. */
async function insertVisit(db: Db, v: VisitValues, createdAt: string): Promise<boolean> {
  const day = createdAt.slice(0, 10);
  const inserted = await db
    .insertInto('visits')
    .values({
      campaignId: v.campaignId,
      organizationId: v.organizationId,
      visitorId: v.visitorId,
      day,
      source: v.source,
      createdAt,
    })
    .onConflict((oc) => oc.columns(['campaignId', 'visitorId', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (v.variantIds.length > 0)
    await db
      .insertInto('variantViews')
      .values(
        v.variantIds.map((variantId) => ({
          variantId,
          visitorId: v.visitorId,
          day,
          campaignId: v.campaignId,
          createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['variantId', 'visitorId', 'day']).doNothing())
      .execute();
  return inserted !== undefined;
}

/** Visits arriving together on SQLite: one transaction, one fsync; a row whose campaign or variant was just deleted fails alone. */
const writeSqliteVisit = batchedWriter(
  (trx: Db, visit: VisitValues) => insertVisit(trx, visit, nowIso()),
  (error) => /constraint/i.test(String((error as { code?: string })?.code)),
);

/** Records a confirmed visit; PostgreSQL runs the two statements on a pooled connection. */
export function recordVisit(opts: { db: Db; dialect: DialectName; visit: VisitValues }): Promise<boolean> {
  const { db, dialect, visit } = opts;
  return dialect === 'sqlite' ? writeSqliteVisit(db, visit) : insertVisit(db, visit, nowIso());
}
