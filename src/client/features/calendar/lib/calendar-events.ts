import { isSameDay, parseISO } from 'date-fns';
import type { Asset } from '#shared/schemas/assets.ts';
import type { Campaign } from '#shared/schemas/campaigns.ts';
import type { ScheduledShareItem } from '#shared/schemas/shares.ts';

export type CalendarEventType = 'campaign' | 'asset' | 'scheduled';

export interface CalendarEvent {
  key: string;
  type: CalendarEventType;
  title: string;
  date: Date;
  campaignId: number;
  assetId?: number;
  /** Extra line for the day list ("Campaign created", platform and time...). */
  detail: string;
}

export const EVENT_STYLES: Record<CalendarEventType, string> = {
  campaign: 'bg-indigo-100 text-indigo-900',
  asset: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-amber-100 text-amber-900',
};

/** Calendar entries from campaign and asset creation dates, plus scheduled shares when given. */
export function buildCalendarEvents(
  campaigns: Campaign[] = [],
  assets: Asset[] = [],
  scheduled: ScheduledShareItem[] = [],
): CalendarEvent[] {
  const campaignNames = new Map(campaigns.map((c) => [c.id, c.name]));
  const events: CalendarEvent[] = [
    ...campaigns.map((c) => ({
      key: `campaign-${c.id}`,
      type: 'campaign' as const,
      title: c.name,
      date: parseISO(c.createdAt),
      campaignId: c.id,
      detail: 'Campaign created',
    })),
    ...assets.map((a) => ({
      key: `asset-${a.id}`,
      type: 'asset' as const,
      title: a.title,
      date: parseISO(a.createdAt),
      campaignId: a.campaignId,
      assetId: a.id,
      detail: `Asset added to ${campaignNames.get(a.campaignId) ?? 'a campaign'}`,
    })),
    ...scheduled.map((s) => ({
      key: `scheduled-${s.id}`,
      type: 'scheduled' as const,
      title: s.assetTitle,
      date: parseISO(s.scheduledFor),
      campaignId: s.campaignId,
      assetId: s.assetId,
      detail: `Scheduled share (${s.platform === 'all' ? 'all platforms' : s.platform}) for ${s.campaignName}`,
    })),
  ];
  return events.sort((a, b) => a.date.getTime() - b.date.getTime());
}

export const eventsOn = (events: CalendarEvent[], day: Date) => events.filter((e) => isSameDay(e.date, day));
