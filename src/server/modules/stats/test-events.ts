import type { Insertable } from 'kysely';
import type { SharesTable } from '../../db/schema.ts';

/**
 * A logged share of `campaign`'s first asset for inserting straight into the table
 * (tests that need many events, or events at chosen times); `fields` override.
 */
export const shareRow = (
  campaign: { campaignId: number; organizationId: number; assetIds: number[] },
  fields: Partial<Insertable<SharesTable>> = {},
): Insertable<SharesTable> => ({
  assetId: campaign.assetIds[0],
  platform: 'twitter',
  campaignId: campaign.campaignId,
  organizationId: campaign.organizationId,
  scheduledFor: null,
  status: 'shared',
  ref: null,
  supporterId: null,
  createdAt: new Date().toISOString(),
  ...fields,
});
