import type { DailyStat } from '#shared/schemas/stats.ts';

/**
 * The staff names of the figures, one each wherever it shows; docs/api.md "Stats" names
 * them the same (figure-labels.test.ts compares). Shares are what is known to have gone
 * out; opened windows and prepared posts are apart, not known to be posted; supporters
 * are the people with a share (someone who only opened a window or prepared a post is
 * not counted: that they shared is not known).
 */
export const FIGURE_LABELS = {
  shares: 'Shares',
  clicks: 'Clicks',
  opened: 'Share Windows Opened',
  prepared: 'Posts Prepared',
  supporters: 'Supporters Who Shared',
  /** The "Active Supporters" cards: the same people, those with a share in the last 30 days. */
  activeMeans: 'Who shared in the last 30 days',
  notShares: 'Not known to be posted: not in the shares',
} as const;

/** The API field each named figure is, as docs/api.md's "Stats" table lists it. */
export const FIGURE_FIELDS = {
  opened: 'openedIntents',
  prepared: 'preparedPosts',
  supporters: 'uniqueSupporters',
} as const satisfies Partial<Record<keyof typeof FIGURE_LABELS, string>>;

/** The series of a chart per day: shares and clicks, and apart the windows opened and posts prepared. */
export const DAILY_SERIES = [
  { key: 'shares', name: FIGURE_LABELS.shares, color: '#4f46e5', dashed: false },
  { key: 'clicks', name: FIGURE_LABELS.clicks, color: '#15803d', dashed: false },
  { key: 'openedIntents', name: FIGURE_LABELS.opened, color: '#b45309', dashed: true },
  { key: 'preparedPosts', name: FIGURE_LABELS.prepared, color: '#be185d', dashed: true },
] as const satisfies readonly {
  key: Exclude<keyof DailyStat, 'date'>;
  name: string;
  color: string;
  dashed: boolean;
}[];

/** Whether a day (or a range's totals) has anything to chart. */
export const anyActivity = (d: Omit<DailyStat, 'date'>) => DAILY_SERIES.some((s) => d[s.key] > 0);
