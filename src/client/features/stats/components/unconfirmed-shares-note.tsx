import type { Stats } from '#shared/schemas/stats.ts';
import { formatCount } from './stat-tile.tsx';
import { FIGURE_LABELS } from '../lib/figure-labels.ts';

/** The staff names of the two counts kept apart from shares (API.md "Stats": openedIntents, preparedPosts). */
export const OUTCOME_LABELS = {
  opened: FIGURE_LABELS.opened,
  prepared: FIGURE_LABELS.prepared,
  notShares: FIGURE_LABELS.notShares,
} as const;

/**
 * Said under the figures: the share windows opened and the posts prepared by hand,
 * which are not in the shares because whether they were posted is not known.
 */
export function UnconfirmedSharesNote({
  stats,
}: {
  stats: Pick<Stats, 'openedIntents' | 'preparedPosts'> | undefined;
}) {
  if (!stats || (stats.openedIntents === 0 && stats.preparedPosts === 0)) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Not counted as shares, since whether they were posted is not known: {formatCount(stats.openedIntents)}{' '}
      share windows opened and {formatCount(stats.preparedPosts)} posts prepared (image saved, caption
      copied).
    </p>
  );
}
