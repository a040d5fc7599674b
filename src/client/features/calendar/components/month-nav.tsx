import { addMonths, format, startOfMonth, subMonths } from 'date-fns';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** The month's name with previous / next month and Today buttons. */
export function MonthNav({
  month,
  onMonthChange,
  onToday,
  headingLevel: Heading = 'h2',
}: {
  month: Date;
  onMonthChange: (month: Date) => void;
  onToday?: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Heading className="text-lg font-semibold" aria-live="polite">
        {format(month, 'MMMM yyyy')}
      </Heading>
      <div className="flex items-center gap-1">
        <Button
          size="icon"
          variant="outline"
          aria-label="Previous month"
          onClick={() => onMonthChange(subMonths(month, 1))}
        >
          <ChevronLeftIcon aria-hidden />
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => (onToday ? onToday() : onMonthChange(startOfMonth(new Date())))}
        >
          Today
        </Button>
        <Button
          size="icon"
          variant="outline"
          aria-label="Next month"
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}
