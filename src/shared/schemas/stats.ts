import { z } from 'zod';

// Stats are computed from the event rows on every read: logged shares (status
// 'shared'; a scheduled share is not a share yet), the platform windows opened and the
// posts prepared by hand (statuses 'opened' and 'prepared', counted apart: nobody knows
// whether they were posted) and click-throughs on tracked links.

export const statsSchema = z.object({
  /** Shares known to have gone out: a device share sheet that resolved. */
  totalShares: z.number().int().nonnegative(),
  /** Platform share windows (and mail apps) opened: the post is finished there, unseen. */
  openedIntents: z.number().int().nonnegative(),
  /** Hand-posted platforms (Instagram, TikTok, YouTube): media saved and caption copied. */
  preparedPosts: z.number().int().nonnegative(),
  /** Distinct anonymous supporters who logged at least one share. */
  uniqueSupporters: z.number().int().nonnegative(),
  /** Of those, the ones who shared within the active window (ACTIVE_SUPPORTER_DAYS). */
  activeSupporters: z.number().int().nonnegative(),
  /** Click-throughs per share as a percentage, one decimal; 0 without shares. */
  engagementRate: z.number().nonnegative(),
  clickThroughs: z.number().int().nonnegative(),
  /** Shares per platform id. */
  platformBreakdown: z.record(z.string(), z.number().int().nonnegative()),
  /** Opened windows per platform id. */
  openedBreakdown: z.record(z.string(), z.number().int().nonnegative()),
  /** Prepared posts per platform id. */
  preparedBreakdown: z.record(z.string(), z.number().int().nonnegative()),
  /** The latest share, opened window, prepared post or click, or null when there is none. */
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

/** One day of a chart: shares, click-throughs, and apart the windows opened and posts prepared. */
export const dailyStatSchema = z.object({
  /** yyyy-MM-dd (UTC in the stats; the range's zone in the analytics) */
  date: z.string(),
  shares: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  /** That day's `openedIntents` and `preparedPosts`: not shares. */
  openedIntents: z.number().int().nonnegative(),
  preparedPosts: z.number().int().nonnegative(),
});
export type DailyStat = z.infer<typeof dailyStatSchema>;

/** GET /api/campaigns/:id/stats: the stats plus the last 30 days, oldest first. */
export const campaignStatsSchema = statsSchema.extend({ daily: z.array(dailyStatSchema) });
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
