import { invalidateTwice } from '#client/lib/query-client.ts';
import { campaignKey } from './get-campaign.ts';
import { CAMPAIGNS_KEY } from './get-campaigns.ts';

/**
 * What a change to one campaign makes stale: every campaign list (status filters
 * included), the campaign itself, the organisation's stats card and the calendar
 * (an ended or archived campaign's scheduled shares drop out of it).
 */
export const campaignChangedKeys = (campaignId: number): unknown[][] => [
  [...CAMPAIGNS_KEY],
  [...campaignKey(campaignId)],
  ['/api/organization/stats'],
  ['/api/shares/scheduled'],
];

export const invalidateCampaign = (campaignId: number) => invalidateTwice(campaignChangedKeys(campaignId));
