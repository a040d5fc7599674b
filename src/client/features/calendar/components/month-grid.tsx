import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  isToday,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { CALENDAR_CELL_MAX_ENTRIES } from '#shared/constants.ts';
import { cn } from '#client/lib/utils.ts';
import { type CalendarEvent, EVENT_STYLES, eventsOn } from '../lib/calendar-events.ts';

/**
 * A month as a table of weeks; each day lists 2 entries, then '+N more'. On a phone
 * the seven columns share the screen's width (no sideways scrolling): a day shows a
 * dot per entry instead, and the page lists the picked day's entries under the grid.
 */
export function MonthGrid({
  month,
  events,
  selectedDay,
  onSelectDay,
  onSelectEvent,
}: {
  month: Date;
  events: CalendarEvent[];
  selectedDay?: Date | null;
  onSelectDay?: (day: Date) => void;
  onSelectEvent?: (event: CalendarEvent) => void;
}) {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month)),
    end: endOfWeek(endOfMonth(month)),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const { i18n } = useLingui();
  // The columns' names from the first week's own days, in the reader's language.
  const weekdays = weeks[0].map((d) => i18n.date(d, { weekday: 'short' }));

  return (
    <div>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{i18n.date(month, { month: 'long', year: 'numeric' })}</caption>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th
                key={d}
                scope="col"
                abbr={d}
                className="py-2 text-center text-xs font-medium text-muted-foreground sm:text-sm"
              >
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].toISOString()}>
              {week.map((day) => {
                const dayEvents = eventsOn(events, day);
                const shown = dayEvents.slice(0, CALENDAR_CELL_MAX_ENTRIES);
                const more = dayEvents.length - shown.length;
                const selected = selectedDay ? isSameDay(day, selectedDay) : false;
                return (
                  <td
                    key={day.toISOString()}
                    data-date={format(day, 'yyyy-MM-dd')}
                    aria-current={isToday(day) ? 'date' : undefined}
                    className={cn(
                      'h-14 border border-border p-0.5 align-top sm:h-28 sm:p-1',
                      !isSameMonth(day, month) && 'bg-muted/50 text-muted-foreground',
                      selected && 'bg-indigo-50',
                    )}
                  >
                    {onSelectDay ? (
                      <button
                        type="button"
                        onClick={() => onSelectDay(day)}
                        aria-label={i18n.date(day, {
                          weekday: 'long',
                          month: 'long',
                          day: 'numeric',
                          year: 'numeric',
                        })}
                        aria-pressed={selected}
                        className={cn(
                          'flex size-7 items-center justify-center rounded-full text-xs hover:bg-muted',
                          isToday(day) &&
                            'bg-primary font-semibold text-primary-foreground hover:bg-indigo-700',
                        )}
                      >
                        {i18n.number(day.getDate())}
                      </button>
                    ) : (
                      <span
                        className={cn(
                          'flex size-7 items-center justify-center rounded-full text-xs',
                          isToday(day) && 'bg-primary font-semibold text-primary-foreground',
                        )}
                      >
                        {i18n.number(day.getDate())}
                      </span>
                    )}
                    <ul className="mt-1 hidden space-y-1 sm:block">
                      {shown.map((e) => (
                        <li key={e.key}>
                          <EventChip event={e} onSelect={onSelectEvent} />
                        </li>
                      ))}
                    </ul>
                    {more > 0 && (
                      <p className="mt-1 hidden px-1 text-xs text-muted-foreground sm:block">
                        <Trans>+{more} more</Trans>
                      </p>
                    )}
                    {dayEvents.length > 0 && <EventDots events={dayEvents} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A phone's day cell: one dot per entry (at most 3), the count for screen readers. */
function EventDots({ events }: { events: CalendarEvent[] }) {
  const count = events.length;
  return (
    <p className="mt-1 flex flex-wrap justify-center gap-0.5 sm:hidden">
      {events.slice(0, 3).map((e) => (
        <span key={e.key} aria-hidden className={cn('size-1.5 rounded-full', DOT_STYLES[e.type])} />
      ))}
      <span className="sr-only">
        <Plural value={count} one="# entry" other="# entries" />
      </span>
    </p>
  );
}

const DOT_STYLES: Record<CalendarEvent['type'], string> = {
  campaign: 'bg-indigo-500',
  asset: 'bg-emerald-500',
  scheduled: 'bg-amber-500',
};

/** One event in a day cell: a button when the grid lets events be picked, else a label. */
function EventChip({ event, onSelect }: { event: CalendarEvent; onSelect?: (e: CalendarEvent) => void }) {
  const chip = {
    title: `${event.title}: ${event.detail}`,
    dir: 'auto',
    className: cn('block truncate rounded px-1.5 py-0.5 text-xs', EVENT_STYLES[event.type]),
    children: event.title,
  };
  return onSelect ? (
    <button
      type="button"
      onClick={() => onSelect(event)}
      {...chip}
      className={cn(chip.className, 'w-full text-start')}
    />
  ) : (
    <span {...chip} />
  );
}
