import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** A period's title (a month, a week, a day) with previous / next and Today buttons. */
export function RangeNav({
  title,
  unit,
  onPrevious,
  onNext,
  onToday,
}: {
  title: string;
  /** Names the buttons ("Previous week"). */
  unit: 'month' | 'week' | 'day';
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}) {
  const { t } = useLingui();
  const [previous, next] =
    unit === 'month'
      ? [t`Previous month`, t`Next month`]
      : unit === 'week'
        ? [t`Previous week`, t`Next week`]
        : [t`Previous day`, t`Next day`];
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold" aria-live="polite">
        {title}
      </h2>
      <div className="flex items-center gap-1">
        <Button size="icon" variant="outline" aria-label={previous} onClick={onPrevious}>
          <ChevronLeftIcon aria-hidden className="rtl:-scale-x-100" />
        </Button>
        <Button size="sm" variant="outline" onClick={onToday}>
          <Trans>Today</Trans>
        </Button>
        <Button size="icon" variant="outline" aria-label={next} onClick={onNext}>
          <ChevronRightIcon aria-hidden className="rtl:-scale-x-100" />
        </Button>
      </div>
    </div>
  );
}
