import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign, CampaignWithAssets, CreateCampaignInput } from '#shared/schemas/campaigns.ts';
import type { Db } from '../../db/client.ts';
import type { OrgRead } from '../../lib/org-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { assetsOfCampaign } from '../assets/assets.service.ts';
import type { SupporterCacheInvalidator } from '../supporter/supporter-cache.ts';
import { assertCampaignEditable, END_BEFORE_START } from './campaign-lifecycle.ts';
import { writeCampaign, writeLockedCampaign, type CallerWrite } from './campaign-write.ts';
import { getOwnCampaign } from './own-campaign.ts';

/** Date-times are stored in UTC ISO form; plain dates (yyyy-MM-dd) as they are. */
function normaliseDate(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length > 10 ? new Date(value).toISOString() : value;
}

/**
 * Writes a new campaign, for callers that add more in the same transaction. A
 * supporter may have asked for its id before it existed (misses are cached
 * briefly), so the caller invalidates that id once its transaction has committed.
 */
export async function insertCampaign(opts: {
  db: Pick<Db, 'insertInto'>;
  orgId: number;
  input: CreateCampaignInput;
  /** Who creates it: recorded in the audit log through `db` (pass the transaction). */
  actorId?: number;
}): Promise<Campaign> {
  const { db, orgId, input } = opts;
  const startDate = normaliseDate(input.startDate);
  const endDate = normaliseDate(input.endDate);
  if (startDate && endDate && Date.parse(endDate) < Date.parse(startDate))
    throw badRequest('END_BEFORE_START', END_BEFORE_START);
  const campaign = await db
    .insertInto('campaigns')
    .values({
      name: input.name,
      description: input.description || null,
      status: input.status ?? 'active',
      organizationId: orgId,
      startDate,
      endDate,
      createdAt: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return campaign;
}

/** A new campaign and its audit entry in one transaction; the public cache learns of it after. */
export async function createCampaign(opts: CallerWrite & { input: CreateCampaignInput }): Promise<Campaign> {
  return writeCampaign(
    opts,
    (campaign) => campaign.id,
    async (trx, audit) => {
      const campaign = await insertCampaign({ db: trx, orgId: opts.orgId, input: opts.input });
      await audit('campaign.created', campaign.name);
      return campaign;
    },
  );
}

export async function getCampaignWithAssets(
  opts: OrgRead & { campaignId: number },
): Promise<CampaignWithAssets> {
  const campaign = await getOwnCampaign(opts);
  return { ...campaign, assets: await assetsOfCampaign(opts.db, campaign.id) };
}

export async function listCampaignAssets(opts: OrgRead & { campaignId: number }): Promise<Asset[]> {
  await getOwnCampaign(opts);
  return assetsOfCampaign(opts.db, opts.campaignId);
}

export const ORDER_MUST_BE_COMPLETE = 'assetIds must list every asset of the campaign exactly once';

/** Saves the display order: `assetIds` must be exactly the campaign's assets, each once. */
export async function saveAssetOrder(
  opts: OrgRead & { supporterCache: SupporterCacheInvalidator; campaignId: number; assetIds: number[] },
): Promise<Asset[]> {
  const { campaignId, assetIds } = opts;
  return writeLockedCampaign(opts, async (trx, campaign) => {
    assertCampaignEditable(campaign);
    const rows = await trx
      .selectFrom('assets')
      .select('id')
      .where('campaignId', '=', campaignId)
      .where('deletedAt', 'is', null)
      .execute();
    const existing = new Set(rows.map((r) => r.id));
    const stranger = assetIds.find((id) => !existing.has(id));
    if (stranger !== undefined)
      throw badRequest('ASSET_NOT_IN_CAMPAIGN', `Asset ${stranger} is not in this campaign`);
    if (assetIds.length !== existing.size || new Set(assetIds).size !== assetIds.length)
      throw badRequest('ASSET_ORDER_INCOMPLETE', ORDER_MUST_BE_COMPLETE);
    for (const [position, id] of assetIds.entries()) {
      await trx
        .updateTable('assets')
        .set({ position })
        .where('id', '=', id)
        .where('campaignId', '=', campaignId)
        .execute();
    }
    return assetsOfCampaign(trx, campaignId);
  });
}
