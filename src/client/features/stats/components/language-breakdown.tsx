import { languageName } from '#client/lib/language-name.ts';
import { useLingui } from '@lingui/react/macro';
import type { CampaignAnalytics } from '#shared/schemas/analytics.ts';
import { FIGURE_MESSAGES } from '../lib/figure-labels.ts';
import { SortableTable } from './sortable-table.tsx';
import { ENGAGEMENT_RATE_MEANS, formatRate } from './stat-tile.tsx';

type LanguageRow = CampaignAnalytics['languages'][number];

/**
 * Click-throughs per share as a percentage, by the rule of the totals' engagement rate
 * (one decimal); null without shares, where there is nothing to divide by.
 */
export function clickThroughsPerShare(row: Pick<LanguageRow, 'shares' | 'clickThroughs'>): number | null {
  return row.shares > 0 ? Math.round((row.clickThroughs / row.shares) * 1000) / 10 : null;
}

/**
 * "By language": per language the page was in, its shares, the click-throughs of their
 * links, how many click-throughs a share brought, and apart the windows opened and posts
 * prepared, so staff see which translations work. A language is named in the reader's
 * language (lib/language-name.ts); shares whose language was not recorded have a row of their own.
 */
export function LanguageBreakdown({ languages }: { languages: LanguageRow[] }) {
  const { i18n, t } = useLingui();
  const notRecorded = t`Not recorded`;
  const name = (r: LanguageRow) => (r.language ? languageName(i18n, r.language) : notRecorded);
  return (
    <SortableTable
      caption={t`By language`}
      note={t`A share counts in the language its page was in, a click-through in the language of the share whose link it came through. Not recorded: shares logged without a language, such as those made before languages were recorded.`}
      // Ties keep the server's order (more click-throughs, then LOCALES, not recorded last).
      rows={languages}
      rowKey={(r) => r.language ?? ''}
      stacked
      initialSort={{ key: 'shares', direction: 'descending' }}
      columns={[
        { key: 'language', label: t`Language`, value: name },
        { key: 'shares', label: i18n._(FIGURE_MESSAGES.shares), value: (r) => r.shares, numeric: true },
        {
          key: 'clickThroughs',
          label: i18n._(FIGURE_MESSAGES.clicks),
          value: (r) => r.clickThroughs,
          numeric: true,
        },
        {
          key: 'perShare',
          label: i18n._(ENGAGEMENT_RATE_MEANS),
          value: (r) => clickThroughsPerShare(r) ?? -1,
          render: (r) => {
            const rate = clickThroughsPerShare(r);
            return rate === null ? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">{t`No shares`}</span>
              </>
            ) : (
              formatRate(i18n, rate)
            );
          },
          numeric: true,
        },
        {
          key: 'openedIntents',
          label: i18n._(FIGURE_MESSAGES.opened),
          value: (r) => r.openedIntents,
          numeric: true,
        },
        {
          key: 'preparedPosts',
          label: i18n._(FIGURE_MESSAGES.prepared),
          value: (r) => r.preparedPosts,
          numeric: true,
        },
      ]}
    />
  );
}
