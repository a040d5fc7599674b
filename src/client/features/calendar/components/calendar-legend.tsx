import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CalendarEventType } from '../lib/calendar-events.ts';

const LEGEND: Record<CalendarEventType, { color: string; label: MessageDescriptor }> = {
  campaign: { color: 'bg-indigo-300', label: msg`campaign created` },
  asset: { color: 'bg-emerald-300', label: msg`asset added` },
  scheduled: { color: 'bg-amber-300', label: msg`scheduled share` },
};

/** What the entries' colours mean, for the kinds of entry this calendar shows. */
export function CalendarLegend({ types }: { types: readonly CalendarEventType[] }) {
  const { i18n } = useLingui();
  return (
    <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      {types.map((type) => (
        <span key={type} className="inline-flex items-center gap-1">
          <span aria-hidden className={`inline-block size-2 rounded-full ${LEGEND[type].color}`} />{' '}
          {i18n._(LEGEND[type].label)}
        </span>
      ))}
    </p>
  );
}
