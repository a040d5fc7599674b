import { endInstant, SHARE_REFUSED, shareRefusal } from '#shared/campaign-lifecycle.ts';
import { CAMPAIGN_UNAVAILABLE } from '#shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { organizationSuspension } from '../../lib/org-suspension.ts';

// Whether a public share write may go ahead: the ids must belong together (404/400)
// and the campaign must be open to sharing now (shareRefusal), the asset not deleted
// (409), its organisation not suspended (410, as its pages). The SQL form of the same
// rule is db/campaign-open.ts (and the share write's own check of the suspension).

export interface ShareTarget {
  assetId: number;
  campaignId: number;
  organizationId: number;
}

/**
 * The campaign of another organisation is "not found" (the caller named the pair
 * wrongly), an asset of another campaign is a 400. Returns the end instant of the
 * campaign (ms, or null) so a schedule can be checked against it.
 */
export async function assertShareable(db: Db, ids: ShareTarget, now = Date.now()): Promise<number | null> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['organizationId', 'status', 'startDate', 'endDate'])
    .where('id', '=', ids.campaignId)
    .executeTakeFirst();
  if (!campaign || campaign.organizationId !== ids.organizationId)
    throw notFound('NOT_FOUND', 'Campaign not found');
  if (await organizationSuspension(db, ids.organizationId))
    throw new HttpError(410, 'CAMPAIGN_UNAVAILABLE', CAMPAIGN_UNAVAILABLE);
  const asset = await db
    .selectFrom('assets')
    .select(['campaignId', 'deletedAt'])
    .where('id', '=', ids.assetId)
    .executeTakeFirst();
  if (!asset) throw notFound('NOT_FOUND', 'Asset not found');
  if (asset.campaignId !== ids.campaignId)
    throw badRequest('ASSET_NOT_IN_CAMPAIGN', 'Asset does not belong to this campaign', {
      params: { assetId: ids.assetId },
    });
  const refusal = shareRefusal(campaign, now);
  if (refusal) throw conflict('CAMPAIGN_NOT_OPEN', refusal);
  if (asset.deletedAt) throw conflict('ASSET_DELETED', SHARE_REFUSED.assetDeleted);
  return endInstant(campaign.endDate);
}
