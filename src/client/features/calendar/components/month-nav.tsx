import { useLingui } from '@lingui/react/macro';
import { addMonths, subMonths } from 'date-fns';
import { RangeNav } from './range-nav.tsx';

/** The month's name with previous / next month and Today buttons. */
export function MonthNav({
  month,
  onMonthChange,
  onToday,
}: {
  month: Date;
  onMonthChange: (month: Date) => void;
  onToday: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <RangeNav
      title={i18n.date(month, { month: 'long', year: 'numeric' })}
      unit="month"
      onPrevious={() => onMonthChange(subMonths(month, 1))}
      onNext={() => onMonthChange(addMonths(month, 1))}
      onToday={onToday}
    />
  );
}
