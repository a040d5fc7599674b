import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, endOfWeek, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
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
  { value: 'month', label: msg`Month` },
  { value: 'week', label: msg`Week` },
  { value: 'day', label: msg`Day` },
];

/** "Nov 22 – 28, 2026", or across months "Nov 29 – Dec 5, 2026", as the reader's language writes a range. */
function weekTitle(i18n: I18n, day: Date): string {
  const format = new Intl.DateTimeFormat(i18n.locale, { month: 'short', day: 'numeric', year: 'numeric' });
  return format.formatRange(startOfWeek(day), endOfWeek(day));
}

/**
 * /calendar: campaigns and assets by creation date, and scheduled shares by their time,
 * by month, week or day. One selected day drives all three views.
 */
export default function CalendarPage() {
  const orgId = useOrgId();
  const { i18n, t } = useLingui();
  const views = VIEWS.map((view) => ({ ...view, label: i18n._(view.label) }));
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
      title={failed === campaigns ? t`Failed to fetch campaigns` : t`Failed to fetch assets`}
      query={failed}
    />
  );

  return (
    <main className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">
          <Trans>Calendar</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>When campaigns started, assets were added and shares are scheduled.</Trans>
        </p>
      </div>
      <Tabs defaultValue="month">
        <TabsListOf tabs={views} />
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
                <h2 className="text-lg font-semibold">
                  {i18n.date(selectedDay, { weekday: 'long', month: 'long', day: 'numeric' })}
                </h2>
              </CardHeader>
              <CardContent>
                <DayEvents events={dayEvents} label={t`Events on the selected day`} />
              </CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="week">
          <PeriodCard nav={periodNav('week', 7, weekTitle(i18n, selectedDay))}>
            {loadError}
            <WeekView day={selectedDay} events={events} onSelectDay={selectDay} />
            <CalendarLegend types={LEGEND_TYPES} />
          </PeriodCard>
        </TabsContent>
        <TabsContent value="day">
          <PeriodCard
            nav={periodNav(
              'day',
              1,
              i18n.date(selectedDay, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
            )}
          >
            {loadError}
            <DayEvents events={dayEvents} label={t`Events on the selected day`} />
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
