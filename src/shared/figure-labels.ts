/**
 * The staff names of the figures, one each wherever it shows (the Analytics view, the
 * stats cards, the staff digest mail); docs/api.md "Stats" names them the same
 * (client features/stats/lib/figure-labels.test.ts compares). Shares are what is known
 * to have gone out; opened windows and prepared posts are apart, not known to be
 * posted; supporters are the people with a share (someone who only opened a window or
 * prepared a post is not counted: that they shared is not known).
 *
 * Descriptors of the `shared` catalog (explicit ids): the client shows them in the
 * reader's language (`i18n._(FIGURE_MESSAGES.x)`); the server, where macros do not run,
 * reads their English from FIGURE_LABELS.
 */
export const FIGURE_MESSAGES = {
  shares: /*i18n*/ { id: 'figures.shares', message: 'Shares' },
  clicks: /*i18n*/ { id: 'figures.clicks', message: 'Clicks' },
  opened: /*i18n*/ { id: 'figures.opened', message: 'Share Windows Opened' },
  prepared: /*i18n*/ { id: 'figures.prepared', message: 'Posts Prepared' },
  supporters: /*i18n*/ { id: 'figures.supporters', message: 'Supporters Who Shared' },
  /** The "Active Supporters" cards: the same people, those with a share in the last 30 days. */
  activeMeans: /*i18n*/ { id: 'figures.activeMeans', message: 'Who shared in the last 30 days' },
  notShares: /*i18n*/ { id: 'figures.notShares', message: 'Not known to be posted: not in the shares' },
} as const;

export type Figure = keyof typeof FIGURE_MESSAGES;

/** The figures' names in English (the staff digest mail, the docs' check). */
export const FIGURE_LABELS = Object.fromEntries(
  Object.entries(FIGURE_MESSAGES).map(([figure, m]) => [figure, m.message]),
) as { readonly [F in Figure]: (typeof FIGURE_MESSAGES)[F]['message'] };

/** The API field each named figure is, as docs/api.md's "Stats" table lists it. */
export const FIGURE_FIELDS = {
  opened: 'openedIntents',
  prepared: 'preparedPosts',
  supporters: 'uniqueSupporters',
} as const satisfies Partial<Record<Figure, string>>;
