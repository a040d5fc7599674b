import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isSameDay, parseISO } from 'date-fns';
import { platformName } from '#shared/platforms.ts';
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

/** An entry keyed by its type and id (unique across types), dated by a server timestamp. */
const entry = (
  type: CalendarEventType,
  id: number,
  at: string,
  what: Pick<CalendarEvent, 'title' | 'campaignId' | 'assetId' | 'detail'>,
): CalendarEvent => ({ key: `${type}-${id}`, type, date: parseISO(at), ...what });

/**
 * Calendar entries from campaign and asset creation dates, plus scheduled shares when
 * given; their words in the language active when it is called.
 */
export function buildCalendarEvents(
  campaigns: Campaign[] = [],
  assets: Asset[] = [],
  scheduled: ScheduledShareItem[] = [],
): CalendarEvent[] {
  const campaignNames = new Map(campaigns.map((c) => [c.id, c.name]));
  const events = [
    ...campaigns.map((c) =>
      entry('campaign', c.id, c.createdAt, {
        title: c.name,
        campaignId: c.id,
        detail: i18n._(msg`Campaign created`),
      }),
    ),
    ...assets.map((a) => {
      const campaign = campaignNames.get(a.campaignId);
      return entry('asset', a.id, a.createdAt, {
        title: a.title,
        campaignId: a.campaignId,
        assetId: a.id,
        detail:
          campaign === undefined
            ? i18n._(msg`Asset added to a campaign`)
            : i18n._(msg`Asset added to ${campaign}`),
      });
    }),
    ...scheduled.map((s) => {
      const campaign = s.campaignName;
      const platform = platformName(s.platform);
      return entry('scheduled', s.id, s.scheduledFor, {
        title: s.assetTitle,
        campaignId: s.campaignId,
        assetId: s.assetId,
        detail:
          s.platform === 'all'
            ? i18n._(msg`Scheduled share (all platforms) for ${campaign}`)
            : i18n._(msg`Scheduled share (${platform}) for ${campaign}`),
      });
    }),
  ];
  return events.sort((a, b) => a.date.getTime() - b.date.getTime());
}

export const eventsOn = (events: CalendarEvent[], day: Date) => events.filter((e) => isSameDay(e.date, day));
