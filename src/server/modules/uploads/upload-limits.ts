import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { isoBefore, nowIso } from '../../lib/time.ts';
import { HOUR_MS } from '#shared/durations.ts';

// What one account and one organisation may put in the upload store. Counted from
// the uploads table, so every instance on one database enforces the same numbers.
// Two uploads racing past the last free bytes can overshoot the quota by one file;
// the quota is a guard against filling the disk, not a bill.

const MB = 1024 * 1024;

export interface Uploader {
  userId: number;
  organizationId: number;
}

/** 429 once the user made `uploadsPerHour` uploads in the last hour. */
export async function checkUploadRate(db: Db, config: Config, who: Uploader): Promise<void> {
  const since = isoBefore(HOUR_MS);
  const rows = await db
    .selectFrom('uploads')
    .select('createdAt')
    .where('userId', '=', who.userId)
    .where('createdAt', '>', since)
    .orderBy('createdAt')
    .limit(config.uploadsPerHour)
    .execute();
  if (rows.length < config.uploadsPerHour) return;
  const retryMs = Date.parse(rows[0].createdAt) + HOUR_MS - Date.now();
  throw new HttpError(
    429,
    'RATE_LIMITED',
    `Upload limit reached: at most ${config.uploadsPerHour} uploads an hour. Please try again later.`,
  ).withHeaders({ 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) });
}

/** 413 when `incoming` more bytes would take the organisation past its quota. */
export async function checkUploadQuota(
  db: Db,
  config: Config,
  who: Uploader,
  incoming: number,
): Promise<void> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('organizationId', '=', who.organizationId)
    .executeTakeFirstOrThrow();
  const used = Number(row.used);
  if (used + incoming <= config.uploadQuotaBytes) return;
  const quotaMb = Math.round((config.uploadQuotaBytes / MB) * 10) / 10;
  throw new HttpError(
    413,
    'QUOTA_EXCEEDED',
    `Storage quota reached: your organisation's uploads may use ${quotaMb} MB in all. Unused uploads are removed after a day.`,
  );
}

/** Records a stored upload against its user and organisation. */
export async function recordUpload(db: Db, who: Uploader, name: string, size: number): Promise<void> {
  await db
    .insertInto('uploads')
    .values({ name, organizationId: who.organizationId, userId: who.userId, size, createdAt: nowIso() })
    .execute();
}

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
      throw new HttpError(
        429,
        'RATE_LIMITED',
        'Too many downloads in progress. Please try again in a few seconds.',
      ).withHeaders({
        'Retry-After': '5',
      });
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
