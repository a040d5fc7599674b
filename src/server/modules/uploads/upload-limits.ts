import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, tooManyRequests } from '../../lib/errors.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { HOUR_MS } from '#shared/durations.ts';

// What one account and one organisation may put in the upload store. Counted from
// the uploads table, so every instance on one database enforces the same numbers.
// An upload reserves its row before its bytes are read (one of the user's uploads
// this hour), then its size before they are stored (bytes of the organisation's
// quota), each in one atomic step, so parallel uploads cannot slip past either
// limit; a refused or failed upload deletes its row and so gives both back.

const MB = 1024 * 1024;
/** The name a reserved row carries until its file is named (a valid stored name: see lib/storage.ts). */
const RESERVED_SUFFIX = '.reserved';

export interface Uploader {
  userId: number;
  organizationId: number;
}

interface Limits {
  db: Db;
  dialect: DialectName;
  config: Config;
}

/** A reserved upload: its row in `uploads`, counted in the user's hour from now on. */
export interface UploadSlot {
  id: number;
  who: Uploader;
}

const rateLimited = (config: Config, oldest: string | undefined) => {
  return tooManyRequests(
    `Upload limit reached: at most ${config.uploadsPerHour} uploads an hour. Please try again later.`,
    (oldest ? Date.parse(oldest) : Date.now()) + HOUR_MS - Date.now(),
    'upload',
  );
};

const quotaReached = (config: Config) => {
  const quotaMb = Math.round((config.uploadQuotaBytes / MB) * 10) / 10;
  return new HttpError(
    413,
    'QUOTA_EXCEEDED',
    `Storage quota reached: your organisation's uploads may use ${quotaMb} MB in all. Unused uploads are removed after a day.`,
    { params: { maxBytes: config.uploadQuotaBytes } },
  );
};

/**
 * PostgreSQL: holds the row lock of `table`'s row `id` for the transaction, so
 * reservations against one user's hour or one organisation's quota take turns
 * (under READ COMMITTED two of them would otherwise both see the last free slot).
 * SQLite writes one statement at a time, so the conditional statement alone is atomic.
 */
// FOR NO KEY UPDATE, not FOR UPDATE: an upload row's foreign keys take KEY SHARE on its
// user and organisation, which FOR UPDATE blocks, so a reservation and a claim running
// at once deadlocked (500s under 20 parallel uploads on PostgreSQL).
async function lockRow(
  trx: Transaction<Database>,
  dialect: DialectName,
  table: 'users' | 'organizations',
  id: number,
) {
  if (dialect === 'postgres')
    await trx.selectFrom(table).select('id').where('id', '=', id).forNoKeyUpdate().execute();
}

/**
 * Reserves one upload: a row of size 0 in `uploads`, inserted only while the user
 * made fewer than `uploadsPerHour` uploads in the last hour (429 with Retry-After
 * otherwise) and the organisation has a byte of quota left (413 otherwise).
 */
export async function reserveUpload(limits: Limits, who: Uploader): Promise<UploadSlot> {
  const { db, dialect, config } = limits;
  const since = isoBefore(HOUR_MS);
  const inserted = await db.transaction().execute(async (trx) => {
    await lockRow(trx, dialect, 'users', who.userId);
    return trx
      .insertInto('uploads')
      .columns(['name', 'organizationId', 'userId', 'size', 'createdAt'])
      .expression(
        trx
          .selectNoFrom((eb) => [
            eb.val(`${randomBytes(16).toString('hex')}${RESERVED_SUFFIX}`).as('name'),
            eb.val(who.organizationId).as('organizationId'),
            eb.val(who.userId).as('userId'),
            eb.val(0).as('size'),
            eb.val(nowIso()).as('createdAt'),
          ])
          .where(
            trx
              .selectFrom('uploads')
              .select((e) => e.fn.countAll<number>().as('n'))
              .where('userId', '=', who.userId)
              .where('createdAt', '>', since),
            '<',
            config.uploadsPerHour,
          )
          .where(usedBytes(trx, who.organizationId), '<', config.uploadQuotaBytes),
      )
      .returning('id')
      .executeTakeFirst();
  });
  if (inserted) return { id: inserted.id, who };
  // Refused: say which limit (read after the fact, for the message only).
  const oldest = await db
    .selectFrom('uploads')
    .select('createdAt')
    .where('userId', '=', who.userId)
    .where('createdAt', '>', since)
    .orderBy('createdAt')
    .limit(config.uploadsPerHour)
    .execute();
  if (oldest.length >= config.uploadsPerHour) throw rateLimited(config, oldest[0]?.createdAt);
  throw quotaReached(config);
}

/** The bytes the organisation's uploads use (reservations included), but for row `except`. */
function usedBytes(trx: Transaction<Database>, organizationId: number, except?: number) {
  return trx
    .selectFrom('uploads')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('size'), e.lit(0)).as('used'))
    .where('organizationId', '=', organizationId)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0));
}

/**
 * Claims `size` bytes of the organisation's quota for a reserved upload and names
 * its file, in one conditional update: 413 when they would take the organisation
 * past its quota. Done before the bytes are stored, so the quota is never passed.
 */
export async function claimUploadBytes(
  limits: Limits,
  slot: UploadSlot,
  name: string,
  size: number,
): Promise<void> {
  const { db, dialect, config } = limits;
  const claimed = await db.transaction().execute(async (trx) => {
    await lockRow(trx, dialect, 'organizations', slot.who.organizationId);
    return trx
      .updateTable('uploads')
      .set({ name, size })
      .where('id', '=', slot.id)
      .where(
        (eb) => eb(usedBytes(trx, slot.who.organizationId, slot.id), '+', size),
        '<=',
        config.uploadQuotaBytes,
      )
      .executeTakeFirst();
  });
  if (Number(claimed.numUpdatedRows) !== 1) throw quotaReached(config);
}

/** Gives a reservation back (the upload was refused or failed). */
export async function releaseUpload(db: Db, slot: UploadSlot): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', slot.id).execute();
}

/**
 * One upload under the limits: reserves it, lets `store` read the bytes and store
 * them through `claim` (which takes the bytes of the quota and names the file),
 * and releases the reservation if anything fails on the way.
 */
export async function withUploadSlot<T>(
  limits: Limits,
  who: Uploader,
  store: (claim: (name: string, size: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  const slot = await reserveUpload(limits, who);
  try {
    return await store((name, size) => claimUploadBytes(limits, slot, name, size));
  } catch (err) {
    await releaseUpload(limits.db, slot);
    throw err;
  }
}

/** How long a download refused for the ones in progress is told to wait. */
const DOWNLOAD_RETRY_MS = 5000;

/**
 * Caps the upload-from-url downloads this instance runs at once (each holds a
 * socket and up to the upload limit in memory for up to the fetch timeout), and
 * lets one user run at most two of them.
 */
export class FetchSlots {
  private running = 0;
  private readonly perUser = new Map<number, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerUser = 2,
  ) {}

  async run<T>(userId: number, task: () => Promise<T>): Promise<T> {
    const mine = this.perUser.get(userId) ?? 0;
    if (this.running >= this.max || mine >= this.maxPerUser) {
      throw tooManyRequests(
        'Too many downloads in progress. Please try again in a few seconds.',
        DOWNLOAD_RETRY_MS,
        'upload',
      );
    }
    this.running++;
    this.perUser.set(userId, mine + 1);
    try {
      return await task();
    } finally {
      this.running--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }
}
