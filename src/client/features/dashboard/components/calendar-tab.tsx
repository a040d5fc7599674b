import { startOfMonth } from 'date-fns';
import { useState } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { useAssets } from '../../assets/api/get-assets.ts';
import { useCampaigns } from '../../campaigns/api/get-campaigns.ts';
import { MonthGrid } from '../../calendar/components/month-grid.tsx';
import { MonthNav } from '../../calendar/components/month-nav.tsx';
import { buildCalendarEvents, type CalendarEvent } from '../../calendar/lib/calendar-events.ts';

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
