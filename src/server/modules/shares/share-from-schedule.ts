import { sql } from 'kysely';
import type { Share, ShareOutcome } from '#shared/schemas/shares.ts';
import type { Db } from '../../db/client.ts';
import type { DialectName } from '../../db/dialect.ts';
import { nowIso } from '../../lib/time.ts';
import { writeCounters } from '../../lib/write-counters.ts';
import { type AfterShare, SHARE_COLUMNS } from './shares.service.ts';

/** The statuses of a scheduled share that can still be posted. */
export const POSTABLE_SCHEDULED = ['pending', 'reminded'] as const;

/**
 * Who may see or post a scheduled share: the visitor who scheduled it (their signed
 * cookie), or whoever holds its reminder link, whose `ref` is known only to them
 * until they post it (the link opened in another browser than the one that scheduled).
 */
export function ownScheduled(
  db: Db,
  opts: { shareId: number; campaignId: number; supporterId?: string; ref?: string },
) {
  return db
    .selectFrom('shares')
    .selectAll()
    .where('id', '=', opts.shareId)
    .where('campaignId', '=', opts.campaignId)
    .where('scheduledFor', 'is not', null)
    .where('status', 'in', POSTABLE_SCHEDULED)
    .where((eb) =>
      eb.or([
        ...(opts.supporterId ? [eb('supporterId', '=', opts.supporterId)] : []),
        ...(opts.ref ? [eb.and([eb('ref', 'is not', null), eb('ref', '=', opts.ref)])] : []),
        // Neither given: nobody's (an empty OR would be an error).
        sql<boolean>`1 = 0`,
      ]),
    );
}

/**
 * Posting a scheduled share from its reminder: the scheduled share becomes the logged
 * share (the outcome the caller saw as its status, its `ref`, words, time zone and referral parent kept). It
 * is written as a new row (in the language it was scheduled in) and the old one removed, in one transaction: stats and
 * rollups count a share by its id when it is logged, and the scheduled row's id was
 * passed over long ago as "not a share". Clicks and referral children of the old row
 * move to the new one; its reminder row goes with it. Undefined when the caller may
 * not post it (not theirs, another asset, already posted): the share is then logged
 * as usual.
 */
export async function shareFromSchedule(opts: {
  db: Db;
  dialect: DialectName;
  scheduledShareId: number;
  input: {
    assetId: number;
    campaignId: number;
    platform: string;
    supporterInfo?: string;
    /** What happened: a share sheet resolved, a platform window opened, a post prepared. */
    status?: ShareOutcome;
    ref?: string;
    variantId?: number;
    source?: string;
    /** The language of the page it is posted from: used only when the scheduled share has none. */
    language?: string;
  };
  supporterId: string | null;
  /** The caller's verified visitor id, if any. */
  owner: string | undefined;
  supporterName: string | null;
  /** Keyed hash of the personal message posted with it (the nudge's count), or null. */
  messageHash: string | null;
  /** The variant this visitor was shown, when the share named it (shown-variant.ts), else null. */
  variantId: number | null;
  /** The member whose staff session posts it (teamMemberId in the supporter module), else null: the schedule's own if it had one. */
  memberId: number | null;
  /** The share's webhook event, when the organisation has subscribers. */
  createdEvent?: AfterShare;
}): Promise<Share | undefined> {
  const { input } = opts;
  return opts.db.transaction().execute(async (trx) => {
    let q = ownScheduled(trx, {
      shareId: opts.scheduledShareId,
      campaignId: input.campaignId,
      supporterId: opts.owner,
      ref: input.ref,
    }).where('assetId', '=', input.assetId);
    if (opts.dialect === 'postgres') q = q.forUpdate();
    const plan = await q.executeTakeFirst();
    if (!plan) return undefined;
    // The ref and a moment's commitment are unique per row: free them before the new row takes them.
    await trx.updateTable('shares').set({ ref: null, momentId: null }).where('id', '=', plan.id).execute();
    const share = await trx
      .insertInto('shares')
      .values({
        assetId: plan.assetId,
        platform: input.platform,
        supporterInfo: input.supporterInfo ?? '',
        campaignId: plan.campaignId,
        organizationId: plan.organizationId,
        scheduledFor: plan.scheduledFor,
        status: input.status ?? 'shared',
        ref: plan.ref ?? input.ref ?? null,
        supporterId: plan.supporterId ?? opts.supporterId,
        supporterName: opts.supporterName,
        parentShareId: plan.parentShareId,
        depth: plan.depth,
        shareText: plan.shareText,
        timeZone: plan.timeZone,
        messageHash: opts.messageHash,
        variantId: opts.variantId,
        source: input.source ?? null,
        // The words posted are the ones chosen when scheduling: so is their language.
        language: plan.language ?? input.language ?? null,
        memberId: opts.memberId ?? plan.memberId,
        // A commitment to a shared moment stays one once posted: it still counts, and is still the visitor's one.
        momentId: plan.momentId,
        createdAt: nowIso(),
      })
      .returning(SHARE_COLUMNS)
      .executeTakeFirstOrThrow();
    await trx.updateTable('clicks').set({ shareId: share.id }).where('shareId', '=', plan.id).execute();
    await trx
      .updateTable('shares')
      .set({ parentShareId: share.id })
      .where('parentShareId', '=', plan.id)
      .execute();
    await trx.deleteFrom('shares').where('id', '=', plan.id).execute();
    await opts.createdEvent?.(trx, share);
    writeCounters.sharesLogged++;
    return share;
  });
}
