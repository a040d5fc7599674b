import { addDays, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { QueryError } from '#client/components/ui/load-error.tsx';
import { Tabs, TabsContent } from '#client/components/ui/tabs.tsx';
import { TabsListOf } from '#client/components/ui/tabs-list-of.tsx';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import {
  useScheduledShares,
  CalendarLegend,
  DayEvents,
  MonthGrid,
  MonthNav,
  RangeNav,
  WeekView,
  buildCalendarEvents,
  eventsOn,
} from '#client/features/calendar/index.ts';

/** The calendar page shows every kind of entry. */
const LEGEND_TYPES = ['campaign', 'asset', 'scheduled'] as const;

const VIEWS = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
];

/** "Nov 22 – 28, 2026", or across months "Nov 29 – Dec 5, 2026". */
function weekTitle(day: Date): string {
  const start = startOfWeek(day);
  const end = endOfWeek(day);
  const startText = format(start, 'MMM d');
  const endText = isSameMonth(start, end) ? format(end, 'd, yyyy') : format(end, 'MMM d, yyyy');
  return `${startText} – ${endText}`;
}

/**
 * /calendar: campaigns and assets by creation date, and scheduled shares by their time,
 * by month, week or day. One selected day drives all three views.
 */
export default function CalendarPage() {
  const orgId = useOrgId();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [selectedDay, setSelectedDay] = useState<Date>(() => new Date());
  const campaigns = useCampaigns(orgId);
  const assets = useAssets(orgId);
  // Scheduled shares are optional here: when they cannot be read the calendar still works.
  const scheduled = useScheduledShares();
  const events = buildCalendarEvents(campaigns.data, assets.data, scheduled.data);
  const dayEvents = eventsOn(events, selectedDay);

  const selectDay = (day: Date) => {
    setSelectedDay(day);
    if (!isSameMonth(day, month)) setMonth(startOfMonth(day));
  };
  const today = () => selectDay(new Date());
  /** The week or day view's navigation: `days` back or forward from the selected day. */
  const periodNav = (unit: 'week' | 'day', days: number, title: string) => ({
    title,
    unit,
    onPrevious: () => selectDay(addDays(selectedDay, -days)),
    onNext: () => selectDay(addDays(selectedDay, days)),
    onToday: today,
  });

  const failed = campaigns.isError ? campaigns : assets.isError ? assets : null;
  const loadError = failed && (
    <QueryError
      title={failed === campaigns ? 'Failed to fetch campaigns' : 'Failed to fetch assets'}
      query={failed}
    />
  );

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Calendar</h1>
        <p className="text-muted-foreground">
          When campaigns started, assets were added and shares are scheduled.
        </p>
      </div>
      <Tabs defaultValue="month">
        <TabsListOf tabs={VIEWS} />
        <TabsContent value="month">
          <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
            <Card className="min-w-0">
              <CardHeader className="p-4 sm:p-6">
                <MonthNav month={month} onMonthChange={setMonth} onToday={today} />
              </CardHeader>
              <CardContent className="space-y-2 p-2 pt-0 sm:p-6 sm:pt-0">
                {loadError}
                <MonthGrid month={month} events={events} selectedDay={selectedDay} onSelectDay={selectDay} />
                <CalendarLegend types={LEGEND_TYPES} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">{format(selectedDay, 'EEEE, MMMM d')}</h2>
              </CardHeader>
              <CardContent>
                <DayEvents events={dayEvents} label="Events on the selected day" />
              </CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="week">
          <PeriodCard nav={periodNav('week', 7, weekTitle(selectedDay))}>
            {loadError}
            <WeekView day={selectedDay} events={events} onSelectDay={selectDay} />
            <CalendarLegend types={LEGEND_TYPES} />
          </PeriodCard>
        </TabsContent>
        <TabsContent value="day">
          <PeriodCard nav={periodNav('day', 1, format(selectedDay, 'EEEE, MMMM d, yyyy'))}>
            {loadError}
            <DayEvents events={dayEvents} label="Events on the selected day" />
          </PeriodCard>
        </TabsContent>
      </Tabs>
    </main>
  );
}

/** A week or a day: its title with previous / next and Today, then what happens in it. */
function PeriodCard({
  nav,
  children,
}: {
  nav: React.ComponentProps<typeof RangeNav>;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <RangeNav {...nav} />
      </CardHeader>
      <CardContent className="space-y-2">{children}</CardContent>
    </Card>
  );
}
