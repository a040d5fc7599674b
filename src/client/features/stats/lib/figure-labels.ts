import { FIGURE_MESSAGES } from '#shared/figure-labels.ts';
import type { DailyStat } from '#shared/schemas/stats.ts';

// The figures' names are shared: the staff digest mail names them the same.
export { FIGURE_FIELDS, FIGURE_LABELS, FIGURE_MESSAGES } from '#shared/figure-labels.ts';

/** The series of a chart per day: shares and clicks, and apart the windows opened and posts prepared. */
export const DAILY_SERIES = [
  { key: 'shares', name: FIGURE_MESSAGES.shares, color: '#4f46e5', dashed: false },
  { key: 'clicks', name: FIGURE_MESSAGES.clicks, color: '#15803d', dashed: false },
  { key: 'openedIntents', name: FIGURE_MESSAGES.opened, color: '#b45309', dashed: true },
  { key: 'preparedPosts', name: FIGURE_MESSAGES.prepared, color: '#be185d', dashed: true },
] as const satisfies readonly {
  key: Exclude<keyof DailyStat, 'date'>;
  name: { id: string; message: string };
  color: string;
  dashed: boolean;
}[];

/** Whether a day (or a range's totals) has anything to chart. */
export const anyActivity = (d: Omit<DailyStat, 'date'>) => DAILY_SERIES.some((s) => d[s.key] > 0);
