import { startOfMonth } from 'date-fns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { useAssets } from '#client/features/assets/index.ts';
import { useCampaigns } from '#client/features/campaigns/index.ts';
import {
  MonthGrid,
  MonthNav,
  buildCalendarEvents,
  type CalendarEvent,
} from '#client/features/calendar/index.ts';

/** The dashboard's month view of when campaigns and assets were created. */
export function CalendarTab({
  orgId,
  onSelect,
}: {
  orgId: number | null;
  onSelect: (campaignId: number, assetId: number | null) => void;
}) {
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const campaigns = useCampaigns(orgId);
  const assets = useAssets(orgId);
  const events = buildCalendarEvents(campaigns.data, assets.data);
  const select = (e: CalendarEvent) => onSelect(e.campaignId, e.assetId ?? null);

  return (
    <Card>
      <CardHeader>
        <MonthNav month={month} onMonthChange={setMonth} />
      </CardHeader>
      <CardContent className="space-y-2">
        {assets.isError && <p className="text-sm text-destructive">Failed to fetch assets</p>}
        <MonthGrid month={month} events={events} onSelectEvent={select} />
        <p className="text-xs text-muted-foreground">
          <span className="mr-1 inline-block size-2 rounded-full bg-indigo-300" aria-hidden /> campaign
          created
          <span className="ml-3 mr-1 inline-block size-2 rounded-full bg-emerald-300" aria-hidden /> asset
          added
        </p>
      </CardContent>
    </Card>
  );
}
