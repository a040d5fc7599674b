import { z } from 'zod';
import { timeZoneField } from './time-zone.ts';
import { DAY_MS } from '../durations.ts';
import { dailyStatSchema } from './stats.ts';
import { LOCALES } from '../locales.ts';

/** Longest range an analytics or export call covers, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
/**
 * Top supporters are exactly the most active for a range of at most this many shares +
 * clicks; above it they are the most active among each day's leaders (server-side
 * rule, docs/decisions/0016), and the response says so in `topSupportersExact`.
 */
export const EXACT_TOP_EVENTS = 5_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A day that exists on the calendar (month 01-12, day within that month, Feb 29 only in
 * leap years). Checked by arithmetic: an impossible date must be a 400, and `Date` throws
 * or rolls over on one.
 */
function isRealDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

export const dateField = (name: string) =>
  z
    .string()
    .refine(isRealDate, { message: `${name} must be a real calendar date (YYYY-MM-DD)` })
    .optional();

/** The zone whose local days bound the range (UTC by default). */
const tzField = timeZoneField.optional();

/** The range rules every ranged call shares: `to` not before `from`, at most MAX_RANGE_DAYS days. */
export const rangeRules = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'The end date must be on or after the start date',
      path: ['to'],
    })
    .refine(
      (q) =>
        !q.from ||
        !q.to ||
        (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1 <= MAX_RANGE_DAYS,
      { message: `The range must be at most ${MAX_RANGE_DAYS} days`, path: ['from'] },
    );

export const analyticsQuerySchema = rangeRules(
  z.strictObject({
    from: dateField('from'),
    to: dateField('to'),
    tz: tzField,
  }),
);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();

/**
 * A breakdown row's figures (by platform, asset, campaign): its shares and their
 * click-throughs, and apart the windows opened and posts prepared (API.md "Stats"),
 * as `totals` counts them. A row with only opened windows or prepared posts is listed.
 */
const breakdownFigures = {
  shares: count,
  clicks: count,
  openedIntents: count,
  preparedPosts: count,
};

export const campaignAnalyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  totals: z.object({
    shares: count,
    /** Click-throughs: confirmed visits through a share link; engagementRate is clicks / shares. */
    clicks: count,
    /**
     * Click-through confirmations that did not prove a page view of the link (no or a
     * forged visit token, one of another visitor or share, sent too soon): not counted
     * in `clicks`, nor anywhere else. Per UTC hour: the hours that start in the range.
     */
    unconfirmedClicks: count,
    /** Distinct supporters with a `shared` share in the range (not those who only opened or prepared). */
    uniqueSupporters: count,
    engagementRate: z.number(),
    /** Platform windows opened and posts prepared in the range: apart, not shares (API.md "Stats"). */
    openedIntents: count,
    preparedPosts: count,
  }),
  /**
   * When events are still waiting to be counted (more than the rollups hold plus the
   * live tail an answer reads, as after an import or with the rollup job stopped): the
   * time of the first such event. Null when every event is counted.
   */
  pendingSince: z.string().nullable(),
  daily: z.array(dailyStatSchema),
  platforms: z.array(z.object({ platform: z.string(), ...breakdownFigures })),
  assets: z.array(z.object({ assetId: z.number().int(), title: z.string(), ...breakdownFigures })),
  referrals: z.object({
    maxDepth: count,
    generations: z.array(z.object({ depth: count, shares: count })),
    viralCoefficient: z.number(),
  }),
  topSupporters: z.array(z.object({ label: z.string(), shares: count, clicks: count })),
  /** false: the list is the most active among each day's leaders, and someone can be missing. */
  topSupportersExact: z.boolean(),
  /**
   * Visits that arrived with a `src` tag, per tag, and the shares their visitors made
   * (the share carries the tag); most visited first. Untagged visits are not listed.
   */
  sources: z.array(z.object({ source: z.string(), visits: count, shares: count })),
  /**
   * Per language the page was in when the share was made (`shares.language`): its
   * shares, the click-throughs of their links (a click-through takes the language of the
   * share whose link it came through), and apart its opened windows and prepared posts.
   * `language` null: not recorded (shares from before languages were recorded, or
   * logged without one). Each column sums to its total; most shares first.
   */
  languages: z.array(
    z.object({
      language: z.enum(LOCALES).nullable(),
      shares: count,
      clickThroughs: count,
      openedIntents: count,
      preparedPosts: count,
    }),
  ),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

export const organizationAnalyticsSchema = campaignAnalyticsSchema.extend({
  campaigns: z.array(z.object({ campaignId: z.number().int(), name: z.string(), ...breakdownFigures })),
});
export type OrganizationAnalytics = z.infer<typeof organizationAnalyticsSchema>;

/** The CSV exports: each figure's events apart. */
export const EXPORT_TYPES = ['shares', 'opened', 'prepared', 'clicks'] as const;

export const exportQuerySchema = rangeRules(
  z.strictObject({
    /** shares, opened and prepared: the logged shares of that status (API.md "Stats"); clicks: click-throughs. */
    type: z.enum(EXPORT_TYPES, { error: 'type must be shares, opened, prepared or clicks' }),
    from: dateField('from'),
    to: dateField('to'),
    // The same zone as the analytics view, so a download holds exactly the rows it counts.
    tz: tzField,
  }),
);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** One share-text variant's figures: views are visitors shown it (once per UTC day). */
export const variantFiguresSchema = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  views: count,
  /** Shares made with it (status `shared`: a share sheet that resolved). */
  shares: count,
  /** Platform windows opened and posts prepared with it: apart, not shares (API.md "Stats"). */
  opened: count,
  prepared: count,
  clicks: count,
  /** shares / views (0 without views), 0..1 rounded to 4 places. */
  shareRate: z.number(),
  /** clicks / shares (0 without shares), rounded to 4 places. */
  clickRate: z.number(),
});
export type VariantFigures = z.infer<typeof variantFiguresSchema>;

/**
 * GET /api/assets/:id/analytics: all-time figures per current variant and the A/B
 * verdict. `winner` is the best variant by share rate once a two-proportion z-test
 * against the runner-up gives p < 0.05 and every variant has at least 100 views;
 * null otherwise. `pValue` is that test's p (null with fewer than two variants).
 */
export const assetAnalyticsSchema = z.object({
  assetId: z.number().int().positive(),
  title: z.string(),
  variants: z.array(variantFiguresSchema),
  winner: z.number().int().positive().nullable(),
  pValue: z.number().nullable(),
  minViews: count,
});
export type AssetAnalytics = z.infer<typeof assetAnalyticsSchema>;
