import { format, isSameMonth, startOfMonth } from 'date-fns';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { cn } from '#client/lib/utils.ts';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import { useOrgId } from '#client/features/auth/index.ts';
import {
  useScheduledShares,
  MonthGrid,
  MonthNav,
  buildCalendarEvents,
  EVENT_STYLES,
  eventsOn,
} from '#client/features/calendar/index.ts';

/** /calendar: campaigns and assets by creation date, and scheduled shares by their time. */
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
            <Card>
              <CardHeader>
                <MonthNav month={month} onMonthChange={setMonth} onToday={() => selectDay(new Date())} />
              </CardHeader>
              <CardContent className="space-y-2">
                {(campaigns.isError || assets.isError) && (
                  <p className="text-sm text-destructive">
                    {campaigns.isError ? 'Failed to fetch campaigns' : 'Failed to fetch assets'}
                  </p>
                )}
                <MonthGrid month={month} events={events} selectedDay={selectedDay} onSelectDay={selectDay} />
                <Legend />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">{format(selectedDay, 'EEEE, MMMM d')}</h2>
              </CardHeader>
              <CardContent>
                {dayEvents.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No events scheduled</p>
                ) : (
                  <ul className="space-y-2" aria-label="Events on the selected day">
                    {dayEvents.map((e) => (
                      <li key={e.key} className={cn('rounded-md p-2 text-sm', EVENT_STYLES[e.type])}>
                        <Link
                          to={`/campaigns/${e.campaignId}`}
                          className="font-medium hover:underline"
                          dir="auto"
                        >
                          {e.title}
                        </Link>
                        <p className="text-xs" dir="auto">
                          {e.detail}
                          {e.type === 'scheduled' && ` at ${format(e.date, 'h:mm a')}`}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="week">
          <Card className="p-6 text-center text-muted-foreground">Week view coming soon</Card>
        </TabsContent>
        <TabsContent value="day">
          <Card className="p-6 text-center text-muted-foreground">Day view coming soon</Card>
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
