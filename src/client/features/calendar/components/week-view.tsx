import { useLingui } from '@lingui/react/macro';
import { eachDayOfInterval, endOfWeek, format, isSameDay, isToday, startOfWeek } from 'date-fns';
import { cn } from '#client/lib/utils.ts';
import { type CalendarEvent, eventsOn } from '../lib/calendar-events.ts';
import { DayEvents } from './day-events.tsx';

/**
 * The week around `day`: seven columns on wide screens, one day under another on a
 * phone, each with every event of that day (no '+N more': a week has room for all).
 */
export function WeekView({
  day,
  events,
  onSelectDay,
}: {
  day: Date;
  events: CalendarEvent[];
  onSelectDay: (day: Date) => void;
}) {
  const { t, i18n } = useLingui();
  const days = eachDayOfInterval({ start: startOfWeek(day), end: endOfWeek(day) });
  const first = i18n.date(days[0], { dateStyle: 'long' });
  return (
    <ol className="grid gap-2 lg:grid-cols-7" aria-label={t`Week of ${first}`}>
      {days.map((d) => {
        const selected = isSameDay(d, day);
        const date = i18n.date(d, { weekday: 'long', month: 'long', day: 'numeric' });
        return (
          <li
            key={d.toISOString()}
            data-date={format(d, 'yyyy-MM-dd')}
            className={cn(
              'min-w-0 space-y-2 rounded-md border border-border p-2',
              selected && 'border-indigo-300 bg-indigo-50',
            )}
          >
            <h3>
              <button
                type="button"
                onClick={() => onSelectDay(d)}
                aria-pressed={selected}
                aria-current={isToday(d) ? 'date' : undefined}
                className="w-full rounded px-1 text-start text-sm font-semibold hover:bg-muted"
              >
                {i18n.date(d, { weekday: 'short' })} {i18n.number(d.getDate())}
                <span className="sr-only">, {i18n.date(d, { month: 'long', year: 'numeric' })}</span>
              </button>
            </h3>
            <DayEvents events={eventsOn(events, d)} label={t`Events on ${date}`} />
          </li>
        );
      })}
    </ol>
  );
}
