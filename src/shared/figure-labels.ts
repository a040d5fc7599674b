/**
 * The staff names of the figures, one each wherever it shows (the Analytics view, the
 * stats cards, the staff digest mail); docs/api.md "Stats" names them the same
 * (client features/stats/lib/figure-labels.test.ts compares). Shares are what is known
 * to have gone out; opened windows and prepared posts are apart, not known to be
 * posted; supporters are the people with a share (someone who only opened a window or
 * prepared a post is not counted: that they shared is not known).
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
