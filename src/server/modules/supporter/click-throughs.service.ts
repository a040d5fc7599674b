import { CLICK_DEDUP_WINDOW_MS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';

/**
 * Counts one click-through for the share whose tracked link this visitor followed
 * (API.md "Tracked links"). Nothing is counted for an unknown code, a code of
 * another campaign, or a visitor who already clicked this share within 24 h.
 * Returns whether a click was recorded.
 */
export async function recordClickThrough(opts: {
  db: Db;
  campaignId: number;
  ref: string;
  visitorId: string;
  /** The visitor's cookie was issued by this very request, so they have no earlier click. */
  newVisitor: boolean;
}): Promise<boolean> {
  const { db, campaignId, ref, visitorId, newVisitor } = opts;
  const share = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'organizationId', 'supporterId', 'status'])
    .where('ref', '=', ref)
    .executeTakeFirst();
  if (!share || share.campaignId !== campaignId || share.status !== 'shared') return false;

  // Check and insert in one transaction: atomic on SQLite (one writer); on PostgreSQL
  // two simultaneous requests from one visitor could both count, which is harmless.
  return db.transaction().execute(async (trx) => {
    if (!newVisitor) {
      const recent = await trx
        .selectFrom('clicks')
        .select('id')
        .where('shareId', '=', share.id)
        .where('visitorId', '=', visitorId)
        .where('createdAt', '>', isoBefore(CLICK_DEDUP_WINDOW_MS))
        .limit(1)
        .executeTakeFirst();
      if (recent) return false;
    }
    await trx
      .insertInto('clicks')
      .values({
        shareId: share.id,
        campaignId: share.campaignId,
        organizationId: share.organizationId,
        sharerId: share.supporterId,
        visitorId,
        createdAt: nowIso(),
      })
      .execute();
    return true;
  });
}
