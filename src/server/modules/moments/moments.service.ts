import { endInstant } from '#shared/campaign-lifecycle.ts';
import type { CreateMomentInput, Moment, MomentPlatform, SupporterMoment } from '#shared/schemas/moments.ts';
import type { Db } from '../../db/client.ts';
import { assertCampaignEditable, type CallerWrite, writeLockedCampaign } from '../../lib/campaign-write.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { getOwnCampaign } from '../../lib/own-campaign.ts';
import { nowIso } from '../../lib/time.ts';

// Staff's side of shared moments: set, list (with the commitment counts), delete. Every
// write goes through the campaign write path (audited, the supporter cache told), so
// the supporter JSON's upcoming moments follow at once.

export const MOMENT_NOT_FOUND = 'Moment not found';
export const MOMENT_REFUSED = {
  past: 'A moment must be in the future',
  afterEnd: 'A moment must be before the campaign ends',
  assetNotFound: 'Asset not found',
} as const;

const MOMENT_COLUMNS = [
  'moments.id',
  'moments.campaignId',
  'moments.at',
  'moments.platform',
  'moments.assetId',
] as const;

type MomentRow = { id: number; campaignId: number; at: string; platform: string; assetId: number | null };

const toSupporterMoment = (row: MomentRow): SupporterMoment => ({
  id: row.id,
  at: row.at,
  platform: row.platform as MomentPlatform,
  assetId: row.assetId,
});

/** POST /api/campaigns/:id/moments: in the future, before the campaign's end, with an asset of the campaign. */
export async function createMoment(
  opts: CallerWrite & { campaignId: number; input: CreateMomentInput; now?: number },
): Promise<Moment> {
  const { input, orgId } = opts;
  const when = Date.parse(input.at);
  if (!(when > (opts.now ?? Date.now()))) throw badRequest('SCHEDULE_NOT_IN_FUTURE', MOMENT_REFUSED.past);
  return writeLockedCampaign(opts, async (trx, campaign, audit) => {
    assertCampaignEditable(campaign);
    const endsAt = endInstant(campaign.endDate);
    if (endsAt !== null && when >= endsAt)
      throw badRequest('SCHEDULE_AFTER_CAMPAIGN_END', MOMENT_REFUSED.afterEnd);
    if (input.assetId !== undefined) {
      const asset = await trx
        .selectFrom('assets')
        .select(['campaignId', 'deletedAt'])
        .where('id', '=', input.assetId)
        .where('organizationId', '=', orgId)
        .executeTakeFirst();
      // Another organisation's asset, or a deleted one, is not one the caller may name.
      if (!asset || asset.deletedAt) throw notFound('NOT_FOUND', MOMENT_REFUSED.assetNotFound);
      if (asset.campaignId !== campaign.id)
        throw badRequest('ASSET_NOT_IN_CAMPAIGN', 'Asset does not belong to this campaign', {
          params: { assetId: input.assetId },
        });
    }
    const at = new Date(when).toISOString();
    const row = await trx
      .insertInto('moments')
      .values({
        organizationId: orgId,
        campaignId: campaign.id,
        at,
        platform: input.platform,
        assetId: input.assetId ?? null,
        createdAt: nowIso(),
      })
      .returning(['id', 'campaignId', 'at', 'platform', 'assetId', 'createdAt'])
      .executeTakeFirstOrThrow();
    await audit('moment.created', `${campaign.name} ${at}`);
    return {
      ...toSupporterMoment(row),
      campaignId: row.campaignId,
      createdAt: row.createdAt,
      commitments: 0,
    };
  });
}

/** GET /api/campaigns/:id/moments: every moment of the campaign, soonest first, with its commitments. */
export async function listMoments(opts: { db: Db; orgId: number; campaignId: number }): Promise<Moment[]> {
  const { db, orgId, campaignId } = opts;
  await getOwnCampaign({ db, orgId, campaignId });
  const rows = await db
    .selectFrom('moments')
    .leftJoin('shares', 'shares.momentId', 'moments.id')
    .select([...MOMENT_COLUMNS, 'moments.createdAt'])
    .select((eb) => eb.fn.count<number | string>('shares.supporterId').distinct().as('commitments'))
    .where('moments.campaignId', '=', campaignId)
    .where('moments.organizationId', '=', orgId)
    .groupBy([...MOMENT_COLUMNS, 'moments.createdAt'])
    .orderBy('moments.at')
    .orderBy('moments.id')
    .execute();
  return rows.map((r) => ({
    ...toSupporterMoment(r),
    campaignId: r.campaignId,
    createdAt: r.createdAt,
    commitments: Number(r.commitments),
  }));
}

/**
 * DELETE /api/moments/:id. The supporters' scheduled shares stay, as their own plans
 * (their reminders too): they chose that time; only the moment and its count go.
 */
export async function deleteMoment(opts: CallerWrite & { momentId: number }): Promise<void> {
  const { db, orgId, momentId } = opts;
  const moment = await db
    .selectFrom('moments')
    .select(['campaignId', 'at'])
    .where('id', '=', momentId)
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  if (!moment) throw notFound('NOT_FOUND', MOMENT_NOT_FOUND);
  await writeLockedCampaign({ ...opts, campaignId: moment.campaignId }, async (trx, campaign, audit) => {
    assertCampaignEditable(campaign);
    const gone = await trx.deleteFrom('moments').where('id', '=', momentId).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound('NOT_FOUND', MOMENT_NOT_FOUND);
    await audit('moment.deleted', `${campaign.name} ${moment.at}`);
  });
}
