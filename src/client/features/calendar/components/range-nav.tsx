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
  /** 'month', 'week' or 'day': names the buttons ("Previous week"). */
  unit: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold" aria-live="polite">
        {title}
      </h2>
      <div className="flex items-center gap-1">
        <Button size="icon" variant="outline" aria-label={`Previous ${unit}`} onClick={onPrevious}>
          <ChevronLeftIcon aria-hidden />
        </Button>
        <Button size="sm" variant="outline" onClick={onToday}>
          Today
        </Button>
        <Button size="icon" variant="outline" aria-label={`Next ${unit}`} onClick={onNext}>
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}
