import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';

type Executor = Pick<Db, 'selectFrom'>;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * The campaign when it belongs to the organisation; 404 otherwise, so that another
 * organisation's ids are indistinguishable from ids that do not exist (API.md).
 */
export async function getOwnCampaign(opts: {
  db: Executor;
  orgId: number;
  campaignId: number;
}): Promise<Campaign> {
  const campaign = await opts.db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', opts.campaignId)
    .where('organizationId', '=', opts.orgId)
    .executeTakeFirst();
  if (!campaign) throw notFound('NOT_FOUND', CAMPAIGN_NOT_FOUND);
  return campaign;
}
