import type { CalendarEventType } from '../lib/calendar-events.ts';

const LEGEND: Record<CalendarEventType, { color: string; label: string }> = {
  campaign: { color: 'bg-indigo-300', label: 'campaign created' },
  asset: { color: 'bg-emerald-300', label: 'asset added' },
  scheduled: { color: 'bg-amber-300', label: 'scheduled share' },
};

/** What the entries' colours mean, for the kinds of entry this calendar shows. */
export function CalendarLegend({ types }: { types: readonly CalendarEventType[] }) {
  return (
    <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      {types.map((type) => (
        <span key={type} className="inline-flex items-center gap-1">
          <span aria-hidden className={`inline-block size-2 rounded-full ${LEGEND[type].color}`} />{' '}
          {LEGEND[type].label}
        </span>
      ))}
    </p>
  );
}
