import { createHmac } from 'node:crypto';
import { type Insertable, sql } from 'kysely';
import {
  CLICK_DEDUP_WINDOW_MS,
  CLICK_NETWORK_WINDOW_MS,
  CLICKS_PER_SHARE_PER_NETWORK,
} from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { ClicksTable } from '../../db/schema.ts';
import { GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';

type ClickValues = Insertable<ClicksTable> & { networkHash: string };

/**
 * Keyed hash of the client's network (lib/client-address.ts clientNetwork: IPv4
 * address or IPv6 /64): the cap needs equality, not the address.
 */
export const networkHash = (key: Buffer, network: string): string =>
  createHmac('sha256', key).update(network).digest('base64url').slice(0, 22);

/**
 * Inserts the click unless this visitor already has one for this share within 24 h,
 * or the share already has its cap of clicks from this network.
 */
async function insertWithinLimits(db: Db, values: ClickValues): Promise<boolean> {
  const recent = await db
    .selectFrom('clicks')
    .select('id')
    .where('shareId', '=', values.shareId)
    .where('visitorId', '=', values.visitorId)
    .where('createdAt', '>', isoBefore(CLICK_DEDUP_WINDOW_MS))
    .limit(1)
    .executeTakeFirst();
  if (recent) return false;
  const fromNetwork = await db
    .selectFrom(
      db
        .selectFrom('clicks')
        .select('id')
        .where('shareId', '=', values.shareId)
        .where('networkHash', '=', values.networkHash)
        .where('createdAt', '>', isoBefore(CLICK_NETWORK_WINDOW_MS))
        .limit(CLICKS_PER_SHARE_PER_NETWORK)
        .as('n'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(fromNetwork.n) >= CLICKS_PER_SHARE_PER_NETWORK) return false;
  await db.insertInto('clicks').values(values).execute();
  return true;
}

const sqliteWriters = new WeakMap<Db, GroupCommit<ClickValues, boolean>>();

/**
 * Checks and insert in one transaction. On SQLite, clicks arriving together (a link
 * going viral) share one transaction and one fsync; the checks run inside it, so
 * they stay exact. On PostgreSQL a transaction-scoped advisory lock on the share
 * serialises the checks and insert of simultaneous clicks on it, so the per-visitor
 * and per-network limits are exact there too.
 */
function writeClick(db: Db, dialect: DialectName, values: ClickValues): Promise<boolean> {
  if (dialect !== 'sqlite') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${values.shareId}::int8)`.execute(trx);
      return insertWithinLimits(trx, values);
    });
  }
  let writer = sqliteWriters.get(db);
  if (!writer) {
    writer = new GroupCommit((items) =>
      db.transaction().execute(async (trx) => {
        const outcomes: ItemOutcome<boolean>[] = [];
        for (const item of items) {
          try {
            outcomes.push({ ok: true, value: await insertWithinLimits(trx, item) });
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
  return writer.submit(values);
}

/**
 * Counts one click-through for the share whose tracked link this visitor followed
 * and whose page confirmed the visit (API.md "Honest click-throughs"). The caller has
 * checked the request (browser, not a prefetch, a cookie this server issued); here:
 * nothing is counted for an unknown code, a code of another campaign, the sharer's
 * own visit, a repeat within 24 h, or past the share's cap for the client network.
 * Returns whether a click was recorded.
 */
export async function recordClickThrough(opts: {
  db: Db;
  dialect: DialectName;
  campaignId: number;
  ref: string;
  visitorId: string;
  networkHash: string;
}): Promise<boolean> {
  const { db, dialect, campaignId, ref, visitorId } = opts;
  const share = await db
    .selectFrom('shares')
    .select(['id', 'campaignId', 'organizationId', 'supporterId'])
    .where('ref', '=', ref)
    .executeTakeFirst();
  // A scheduled share's link (the calendar reminder) is a tracked link too: once the
  // supporter posts it, its visits are real click-throughs.
  if (!share || share.campaignId !== campaignId) return false;
  if (share.supporterId === visitorId) return false;
  const recorded = await writeClick(db, dialect, {
    shareId: share.id,
    campaignId: share.campaignId,
    organizationId: share.organizationId,
    sharerId: share.supporterId,
    visitorId,
    networkHash: opts.networkHash,
    createdAt: nowIso(),
  });
  if (recorded) writeCounters.clicksRecorded++;
  return recorded;
}
