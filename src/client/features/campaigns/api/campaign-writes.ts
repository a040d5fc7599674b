import { invalidate } from '#client/lib/query-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * What a change to one campaign makes stale: every campaign list (status filters
 * included), the campaign itself, the organisation's stats card and the calendar
 * (an ended or archived campaign's scheduled shares drop out of it).
 */
export const campaignChangedKeys = (campaignId: number): (readonly unknown[])[] => [
  [...queryKeys.campaigns],
  [...queryKeys.campaign(campaignId)],
  queryKeys.organizationStats,
  queryKeys.scheduledShares,
  // A write may wait for review (202): the review list counts it.
  queryKeys.reviews,
];

export const invalidateCampaign = (campaignId: number) => invalidate(campaignChangedKeys(campaignId));
