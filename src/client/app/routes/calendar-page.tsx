import { addDays, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import {
  useScheduledShares,
  DayEvents,
  MonthGrid,
  MonthNav,
  RangeNav,
  WeekView,
  buildCalendarEvents,
  eventsOn,
} from '#client/features/calendar/index.ts';

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

  const failed = campaigns.isError ? campaigns : assets.isError ? assets : null;
  const loadError = failed && (
    <LoadError
      title={failed === campaigns ? 'Failed to fetch campaigns' : 'Failed to fetch assets'}
      error={failed.error}
      onRetry={() => void failed.refetch()}
      retrying={failed.isFetching}
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
        <TabsList>
          <TabsTrigger value="month">Month</TabsTrigger>
          <TabsTrigger value="week">Week</TabsTrigger>
          <TabsTrigger value="day">Day</TabsTrigger>
        </TabsList>
        <TabsContent value="month">
          <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
            <Card className="min-w-0">
              <CardHeader className="p-4 sm:p-6">
                <MonthNav month={month} onMonthChange={setMonth} onToday={today} />
              </CardHeader>
              <CardContent className="space-y-2 p-2 pt-0 sm:p-6 sm:pt-0">
                {loadError}
                <MonthGrid month={month} events={events} selectedDay={selectedDay} onSelectDay={selectDay} />
                <Legend />
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
          <Card>
            <CardHeader>
              <RangeNav
                title={weekTitle(selectedDay)}
                unit="week"
                onPrevious={() => selectDay(addDays(selectedDay, -7))}
                onNext={() => selectDay(addDays(selectedDay, 7))}
                onToday={today}
              />
            </CardHeader>
            <CardContent className="space-y-2">
              {loadError}
              <WeekView day={selectedDay} events={events} onSelectDay={selectDay} />
              <Legend />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="day">
          <Card>
            <CardHeader>
              <RangeNav
                title={format(selectedDay, 'EEEE, MMMM d, yyyy')}
                unit="day"
                onPrevious={() => selectDay(addDays(selectedDay, -1))}
                onNext={() => selectDay(addDays(selectedDay, 1))}
                onToday={today}
              />
            </CardHeader>
            <CardContent className="space-y-2">
              {loadError}
              <DayEvents events={dayEvents} label="Events on the selected day" />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </main>
  );
}

function Legend() {
  const items = [
    ['bg-indigo-300', 'campaign created'],
    ['bg-emerald-300', 'asset added'],
    ['bg-amber-300', 'scheduled share'],
  ];
  return (
    <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
      {items.map(([color, label]) => (
        <span key={label} className="inline-flex items-center gap-1">
          <span aria-hidden className={`inline-block size-2 rounded-full ${color}`} /> {label}
        </span>
      ))}
    </p>
  );
}
