import { type Insertable, sql } from 'kysely';
import { CLICK_DEDUP_WINDOW_MS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { ClicksTable } from '../../db/schema.ts';
import { GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';

interface ClickCandidate {
  values: Insertable<ClicksTable>;
  /** The visitor's cookie was issued by this very request, so they have no earlier click. */
  newVisitor: boolean;
}

/** Inserts the click unless this visitor already has one for this share within 24 h. */
async function insertUnlessRecent(db: Db, { values, newVisitor }: ClickCandidate): Promise<boolean> {
  if (!newVisitor) {
    const recent = await db
      .selectFrom('clicks')
      .select('id')
      .where('shareId', '=', values.shareId)
      .where('visitorId', '=', values.visitorId)
      .where('createdAt', '>', isoBefore(CLICK_DEDUP_WINDOW_MS))
      .limit(1)
      .executeTakeFirst();
    if (recent) return false;
  }
  await db.insertInto('clicks').values(values).execute();
  return true;
}

const sqliteWriters = new WeakMap<Db, GroupCommit<ClickCandidate, boolean>>();

/**
 * Check and insert in one transaction. On SQLite, clicks arriving together (a link
 * going viral) share one transaction and one fsync instead of holding the event loop
 * for one fsync each; the check runs inside it, so the dedup stays exact. On
 * PostgreSQL a transaction-scoped advisory lock on (share, visitor) serialises the
 * check and insert of simultaneous requests of one visitor, so it is exact there too.
 */
function writeClick(db: Db, dialect: DialectName, candidate: ClickCandidate): Promise<boolean> {
  if (dialect !== 'sqlite') {
    return db.transaction().execute(async (trx) => {
      const { shareId, visitorId } = candidate.values;
      await sql`select pg_advisory_xact_lock(${shareId}::int4, hashtext(${visitorId}))`.execute(trx);
      return insertUnlessRecent(trx, candidate);
    });
  }
  let writer = sqliteWriters.get(db);
  if (!writer) {
    writer = new GroupCommit((items) =>
      db.transaction().execute(async (trx) => {
        const outcomes: ItemOutcome<boolean>[] = [];
        for (const item of items) {
          try {
            outcomes.push({ ok: true, value: await insertUnlessRecent(trx, item) });
          } catch (error) {
            // A constraint failure (the share was just deleted) fails that click alone.
            if (!/constraint/i.test(String((error as { code?: string })?.code))) throw error;
            outcomes.push({ ok: false, error });
          }
        }
        return outcomes;
      }),
    );
    sqliteWriters.set(db, writer);
  }
  return writer.submit(candidate);
}

/**
 * Counts one click-through for the share whose tracked link this visitor followed
 * (API.md "Tracked links"). Nothing is counted for an unknown code, a code of
 * another campaign, or a visitor who already clicked this share within 24 h.
 * Returns whether a click was recorded.
 */
export async function recordClickThrough(opts: {
  db: Db;
  dialect: DialectName;
  campaignId: number;
  ref: string;
  visitorId: string;
  newVisitor: boolean;
}): Promise<boolean> {
  const { db, dialect, campaignId, ref, visitorId, newVisitor } = opts;
  const share = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'organizationId', 'supporterId'])
    .where('ref', '=', ref)
    .executeTakeFirst();
  // A scheduled share's link (the calendar reminder) is a tracked link too: once the
  // supporter posts it, its visits are real click-throughs.
  if (!share || share.campaignId !== campaignId) return false;
  const recorded = await writeClick(db, dialect, {
    newVisitor,
    values: {
      shareId: share.id,
      campaignId: share.campaignId,
      organizationId: share.organizationId,
      sharerId: share.supporterId,
      visitorId,
      createdAt: nowIso(),
    },
  });
  if (recorded) writeCounters.clicksRecorded++;
  return recorded;
}
