import { format } from 'date-fns';
import { Link } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { type CalendarEvent, EVENT_STYLES } from '../lib/calendar-events.ts';

/** One day's events as a list linking to their campaigns; 'No events scheduled' when empty. */
export function DayEvents({ events, label }: { events: CalendarEvent[]; label: string }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No events scheduled</p>;
  return (
    <ul className="space-y-2" aria-label={label}>
      {events.map((e) => (
        <li key={e.key} className={cn('rounded-md p-2 text-sm', EVENT_STYLES[e.type])}>
          <Link to={`/campaigns/${e.campaignId}`} className="font-medium hover:underline" dir="auto">
            {e.title}
          </Link>
          <p className="text-xs" dir="auto">
            {e.detail}
            {e.type === 'scheduled' && ` at ${format(e.date, 'h:mm a')}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
