import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';

/** One figure, one name: click-throughs per share as a percentage (`engagementRate`), wherever it shows. */
export const ENGAGEMENT_RATE = msg`Engagement Rate`;
export const ENGAGEMENT_RATE_MEANS = msg`Click-throughs per share`;

/** One labelled number, with what it means when the name alone does not say. */
export function StatTile({
  label,
  value,
  icon: Icon,
  means,
}: {
  label: string;
  value: string;
  icon?: LucideIcon;
  means?: string;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      {Icon && (
        <span className="rounded-full bg-indigo-50 p-2 text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
      )}
      <dl className="min-w-0">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        {means && <dd className="text-xs text-muted-foreground">{means}</dd>}
      </dl>
    </Card>
  );
}

/** A count in the reader's language's digits and grouping. */
export const formatCount = (i18n: I18n, n: number | undefined) => i18n.number(n ?? 0);
/** A percentage already ×100 (engagementRate), as the reader's language writes one. */
export const formatRate = (i18n: I18n, n: number | undefined) =>
  i18n.number((n ?? 0) / 100, { style: 'percent', maximumFractionDigits: 1 });
