import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { type CalendarEvent, EVENT_STYLES } from '../lib/calendar-events.ts';

/**
 * One day's events as a list; 'No events scheduled' when empty. Each entry links to its
 * campaign, or with `onSelect` is a button that hands the event to the caller.
 */
export function DayEvents({
  events,
  label,
  onSelect,
}: {
  events: CalendarEvent[];
  label?: string;
  onSelect?: (event: CalendarEvent) => void;
}) {
  if (events.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No events scheduled</Trans>
      </p>
    );
  return (
    <ul className="space-y-2" aria-label={label}>
      {events.map((e) => {
        const box = cn('rounded-md p-2 text-sm', EVENT_STYLES[e.type]);
        return onSelect ? (
          <li key={e.key}>
            <button
              type="button"
              onClick={() => onSelect(e)}
              className={cn(box, 'w-full text-start')}
              dir="auto"
            >
              <span className="block font-medium">{e.title}</span>
              <EventDetail event={e} />
            </button>
          </li>
        ) : (
          <li key={e.key} className={box}>
            <Link to={`/campaigns/${e.campaignId}`} className="font-medium hover:underline" dir="auto">
              {e.title}
            </Link>
            <EventDetail event={e} />
          </li>
        );
      })}
    </ul>
  );
}

/** What the event is, and a scheduled share's time. */
function EventDetail({ event }: { event: CalendarEvent }) {
  const { t, i18n } = useLingui();
  const detail = event.detail;
  const time = i18n.date(event.date, { hour: 'numeric', minute: '2-digit' });
  return (
    <span className="block text-xs" dir="auto">
      {event.type === 'scheduled' ? t`${detail} at ${time}` : detail}
    </span>
  );
}
