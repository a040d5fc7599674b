import type { CommitMomentInput } from '#shared/schemas/moments.ts';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { CheckedReminder } from '../reminders/index.ts';
import { scheduleShare } from '../shares/index.ts';
import { MOMENT_NOT_FOUND } from './moments.service.ts';

// A supporter's commitment to a moment IS a scheduled share at the moment's time, on
// its platform ('any' is the schedule's 'all'), with its asset, carrying `momentId`:
// made by the same service as POST /api/shares/schedule, so the reminder rules
// (confirmed email or Web Push, budgets, the outbox, unsubscribe, expiry), the
// campaign's lifecycle and the Schedule tab apply unchanged. One per visitor and
// moment (a unique index): a second commit answers the first.

export const COMMIT_REFUSED = {
  pickAsset: 'This moment names no asset: send the assetId to post',
} as const;

export interface Commitment {
  shareId: number;
  created: boolean;
}

const existingCommitment = (db: Db, momentId: number, visitorId: string) =>
  db
    .selectFrom('shares')
    .select('id')
    .where('momentId', '=', momentId)
    .where('supporterId', '=', visitorId)
    .executeTakeFirst();

export async function commitToMoment(opts: {
  db: Db;
  dialect: DialectName;
  momentId: number;
  /** The signed visitor cookie's id: the supporter the commitment is kept under. */
  visitorId: string;
  input: CommitMomentInput;
  /** Checks the requested reminder for the moment's organisation (modules/reminders). */
  checkReminder?: (organizationId: number) => Promise<CheckedReminder>;
  now?: number;
}): Promise<Commitment> {
  const { db, momentId, visitorId, input } = opts;
  const moment = await db
    .selectFrom('moments')
    .select(['organizationId', 'campaignId', 'at', 'platform', 'assetId'])
    .where('id', '=', momentId)
    .executeTakeFirst();
  if (!moment) throw notFound('NOT_FOUND', MOMENT_NOT_FOUND);
  const before = await existingCommitment(db, momentId, visitorId);
  if (before) return { shareId: before.id, created: false };
  const assetId = moment.assetId ?? input.assetId;
  if (assetId === undefined) throw badRequest('VALIDATION_FAILED', COMMIT_REFUSED.pickAsset);
  const { organizationId, campaignId } = moment;
  try {
    const share = await scheduleShare({
      db,
      dialect: opts.dialect,
      input: {
        assetId,
        campaignId,
        organizationId,
        platform: moment.platform === 'any' ? 'all' : (moment.platform as never),
        scheduledFor: moment.at,
        timeZone: input.timeZone,
        text: input.text,
        ref: input.ref,
        language: input.language,
      },
      supporterId: visitorId,
      momentId,
      checkReminder:
        input.reminder && opts.checkReminder ? () => opts.checkReminder!(organizationId) : undefined,
      now: opts.now,
    });
    return { shareId: share.id, created: true };
  } catch (err) {
    // Two commits of one visitor at once: the unique index kept one; answer it.
    if (err instanceof HttpError && err.code === 'SHARE_CODE_TAKEN') {
      const won = await existingCommitment(db, momentId, visitorId);
      if (won) return { shareId: won.id, created: false };
    }
    throw err;
  }
}
