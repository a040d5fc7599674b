import { Trans, useLingui } from '@lingui/react/macro';
import type { Stats } from '#shared/schemas/stats.ts';
import { formatCount } from './stat-tile.tsx';
import { FIGURE_MESSAGES } from '../lib/figure-labels.ts';

/** The staff names of the two counts kept apart from shares (API.md "Stats": openedIntents, preparedPosts). */
export const OUTCOME_LABELS = {
  opened: FIGURE_MESSAGES.opened,
  prepared: FIGURE_MESSAGES.prepared,
  notShares: FIGURE_MESSAGES.notShares,
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
  const { i18n } = useLingui();
  if (!stats || (stats.openedIntents === 0 && stats.preparedPosts === 0)) return null;
  const opened = formatCount(i18n, stats.openedIntents);
  const prepared = formatCount(i18n, stats.preparedPosts);
  return (
    <p className="text-xs text-muted-foreground">
      <Trans>
        Not counted as shares, since whether they were posted is not known: {opened} share windows opened and{' '}
        {prepared} posts prepared (image saved, caption copied).
      </Trans>
    </p>
  );
}
