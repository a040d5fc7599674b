import { z } from 'zod';

// Stats are computed from the event rows on every read: logged shares (status
// 'shared'; a scheduled share is not a share yet) and click-throughs on tracked links.

export const statsSchema = z.object({
  /** Logged shares. */
  totalShares: z.number().int().nonnegative(),
  /** Distinct anonymous supporters who logged at least one share. */
  uniqueSupporters: z.number().int().nonnegative(),
  /** Of those, the ones who shared within the active window (ACTIVE_SUPPORTER_DAYS). */
  activeSupporters: z.number().int().nonnegative(),
  /** Click-throughs per share as a percentage, one decimal; 0 without shares. */
  engagementRate: z.number().nonnegative(),
  clickThroughs: z.number().int().nonnegative(),
  /** Logged shares per platform id. */
  platformBreakdown: z.record(z.string(), z.number().int().nonnegative()),
  /** The latest share or click, or null when there is none. */
  lastUpdated: z.string().nullable(),
  /**
   * Null when every event is counted. Otherwise the counting is behind (after an import,
   * a restore, or with the rollup job stopped): events from this time on may not be
   * in the figures yet.
   */
  pendingSince: z.string().nullable(),
});
export type Stats = z.infer<typeof statsSchema>;

/** GET /api/organization/stats. */
export const organizationStatsSchema = statsSchema.extend({
  activeCampaigns: z.number().int().nonnegative(),
});
export type OrganizationStats = z.infer<typeof organizationStatsSchema>;

/** One UTC day of the analytics chart. */
export const dailyStatSchema = z.object({
  /** yyyy-MM-dd (UTC) */
  date: z.string(),
  shares: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
});
export type DailyStat = z.infer<typeof dailyStatSchema>;

/** GET /api/campaigns/:id/stats: the stats plus the last 30 days, oldest first. */
export const campaignStatsSchema = statsSchema.extend({ daily: z.array(dailyStatSchema) });
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
