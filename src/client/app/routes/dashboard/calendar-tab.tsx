import { useLingui } from '@lingui/react/macro';
import { isSameMonth, startOfMonth } from 'date-fns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import {
  CalendarLegend,
  DayEvents,
  MonthGrid,
  MonthNav,
  buildCalendarEvents,
  eventsOn,
  type CalendarEvent,
} from '#client/features/calendar/index.ts';

/**
 * The dashboard's month view of when campaigns and assets were created. Picking an
 * entry opens it under Campaigns: in the grid's cells on wider screens, and on a phone
 * (where cells show dots) in the list of the picked day under the grid.
 */
export function CalendarTab({
  orgId,
  onSelect,
}: {
  orgId: number | null;
  onSelect: (campaignId: number, assetId: number | null) => void;
}) {
  const { i18n, t } = useLingui();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [day, setDay] = useState(() => new Date());
  const campaigns = useCampaigns(orgId);
  const assets = useAssets(orgId);
  const events = buildCalendarEvents(campaigns.data, assets.data);
  const dayName = i18n.date(day, { weekday: 'long', month: 'long', day: 'numeric' });
  const select = (e: CalendarEvent) => onSelect(e.campaignId, e.assetId ?? null);
  const pickDay = (d: Date) => {
    setDay(d);
    if (!isSameMonth(d, month)) setMonth(startOfMonth(d));
  };

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <MonthNav month={month} onMonthChange={setMonth} onToday={() => pickDay(new Date())} />
      </CardHeader>
      <CardContent className="space-y-2 p-2 pt-0 sm:p-6 sm:pt-0">
        {assets.isError && <QueryError title={t`Failed to fetch assets`} query={assets} />}
        <MonthGrid
          month={month}
          events={events}
          selectedDay={day}
          onSelectDay={pickDay}
          onSelectEvent={select}
        />
        <CalendarLegend types={['campaign', 'asset']} />
        <section className="space-y-2 pt-2 sm:hidden" aria-label={t`Entries on ${dayName}`}>
          <h3 className="font-semibold">{dayName}</h3>
          <DayEvents events={eventsOn(events, day)} onSelect={select} />
        </section>
      </CardContent>
    </Card>
  );
}
