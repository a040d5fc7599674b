// Campaign lifecycle rules shared by the server (what it allows and serves) and the
// client (badges, filters, the supporter page's states).

import { DAY_MS } from './durations.ts';
import type { Campaign } from './schemas/campaigns.ts';
import type { Availability } from './schemas/shares.ts';

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Statuses a campaign can be created with (the rest are reached by editing it). */
export const CREATE_STATUSES = ['draft', 'active'] as const;
export type CreateStatus = (typeof CREATE_STATUSES)[number];

/**
 * Live: published and not ended or archived (the stored status). A live campaign
 * always has at least one asset: it cannot be created, published or re-opened
 * without one, and its last asset cannot be deleted.
 */
export const LIVE_STATUSES = ['active', 'paused'] as const satisfies readonly CampaignStatus[];
export const isLiveStatus = (status: string): boolean =>
  (LIVE_STATUSES as readonly string[]).includes(status);

/** Not shown to the public at all: their page and JSON are 404 except to the team. */
export const HIDDEN_STATUSES = ['draft', 'archived'] as const satisfies readonly CampaignStatus[];
export type HiddenStatus = (typeof HIDDEN_STATUSES)[number];
export const isHiddenStatus = (status: string): status is HiddenStatus =>
  (HIDDEN_STATUSES as readonly string[]).includes(status);

/**
 * The one status in which a campaign takes shares, scheduled shares and reminders,
 * while its dates allow (see shareRefusal): every other status refuses them.
 */
export const SHARING_STATUS = 'active' satisfies CampaignStatus;

/** What a supporter can do on the page now; see availabilitySchema in schemas/shares.ts. */
export const AVAILABILITY_STATES = ['open', 'paused', 'ended', 'not-started'] as const;

/**
 * The form a campaign date is stored in: a plain date (yyyy-MM-dd) as it is, a
 * date-time as its UTC instant the way toISOString writes it. Both sort as text in
 * time order, which the SQL form of the rules relies on (server/db/campaign-open.ts).
 * Null for none; undefined (not given) stays undefined.
 */
export function storedDate(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (!value) return null;
  return value.length > 10 ? new Date(value).toISOString() : value;
}

/** When a start date takes effect: a plain date (yyyy-MM-dd) starts at 00:00 UTC that day. */
export function startInstant(startDate: string | null | undefined): number | null {
  if (!startDate) return null;
  const ms = Date.parse(startDate.length === 10 ? `${startDate}T00:00:00Z` : startDate);
  return Number.isNaN(ms) ? null : ms;
}

/** When an end date takes effect: a plain date runs through that whole day (UTC). */
export function endInstant(endDate: string | null | undefined): number | null {
  if (!endDate) return null;
  const ms = Date.parse(endDate.length === 10 ? `${endDate}T00:00:00Z` : endDate);
  if (Number.isNaN(ms)) return null;
  return endDate.length === 10 ? ms + DAY_MS : ms;
}

/** True when the end date comes before the start date (a plain end date runs through its day). */
export function datesOutOfOrder(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): boolean {
  const start = startInstant(startDate);
  const end = endInstant(endDate);
  return start !== null && end !== null && end < start;
}

/** What the rules read of a campaign. */
type Dated = Pick<Campaign, 'status' | 'startDate' | 'endDate'>;

/** True when the campaign is over: status `ended`, or its end date has passed. */
export function hasEnded(c: Dated, now = Date.now()): boolean {
  if (c.status === 'ended') return true;
  const end = endInstant(c.endDate);
  return end !== null && end <= now;
}

/** The supporter-facing state at `now`. Ended wins over paused, paused over not-started. */
export function campaignAvailability(c: Dated, now = Date.now()): Availability {
  if (hasEnded(c, now)) return { state: 'ended' };
  const end = endInstant(c.endDate);
  const endsAt = end === null ? undefined : new Date(end).toISOString();
  if (c.status === 'paused') return { state: 'paused', ...(endsAt && { endsAt }) };
  const start = startInstant(c.startDate);
  if (start !== null && start > now)
    return { state: 'not-started', startsAt: new Date(start).toISOString(), ...(endsAt && { endsAt }) };
  return { state: 'open', ...(endsAt && { endsAt }) };
}

/** Why a share or a scheduled share of the campaign is refused (409), by status or availability. */
export const SHARE_REFUSED = {
  draft: 'This campaign is not published yet',
  archived: 'This campaign has been archived',
  paused: 'Sharing is paused for this campaign',
  ended: 'This campaign has ended',
  'not-started': 'This campaign has not started yet',
  assetDeleted: 'This asset is no longer available',
} as const;

/**
 * Why the campaign takes no share or schedule now (the message the server's 409 gives),
 * or null while it is open: what staff screens show instead of offering the action.
 * Open means: status SHARING_STATUS, its start (if any) reached, its end (if any) not;
 * the server asks the same in SQL with openForSharing (server/db/campaign-open.ts).
 */
export function shareRefusal(c: Dated, now = Date.now()): string | null {
  if (isHiddenStatus(c.status)) return SHARE_REFUSED[c.status];
  const { state } = campaignAvailability(c, now);
  return state === 'open' ? null : SHARE_REFUSED[state];
}

/** The next instant at which `campaignAvailability` changes by itself, or null. */
export function nextAvailabilityChange(c: Dated, now = Date.now()): number | null {
  const times = [startInstant(c.startDate), endInstant(c.endDate)].filter(
    (t): t is number => t !== null && t > now,
  );
  return times.length ? Math.min(...times) : null;
}

/**
 * The status a dashboard shows and filters by: the stored status, except that an
 * `active` or `paused` campaign whose end date has passed counts as `ended`.
 */
export function effectiveStatus(c: Dated, now = Date.now()): string {
  if ((c.status === 'active' || c.status === 'paused') && hasEnded(c, now)) return 'ended';
  return c.status;
}

/**
 * The statuses a campaign may move to from each status (keeping the same status is
 * always allowed). Archiving is final: the way back is a duplicate.
 */
export const STATUS_TRANSITIONS: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ['active', 'archived'],
  active: ['paused', 'ended', 'archived'],
  paused: ['active', 'ended', 'archived'],
  ended: ['active', 'paused', 'archived'],
  archived: [],
};

/**
 * How a status reads in badges, filters and the edit form: messages of the shared
 * catalog (src/shared/locales), shown with `i18n._(STATUS_LABELS[status])`.
 */
export const STATUS_LABELS: Record<CampaignStatus, { id: string; message: string }> = {
  draft: /*i18n*/ { id: 'campaign.status.draft', message: 'Draft' },
  active: /*i18n*/ { id: 'campaign.status.active', message: 'Active' },
  paused: /*i18n*/ { id: 'campaign.status.paused', message: 'Paused' },
  ended: /*i18n*/ { id: 'campaign.status.ended', message: 'Ended' },
  archived: /*i18n*/ { id: 'campaign.status.archived', message: 'Archived' },
};

export const isCampaignStatus = (s: string): s is CampaignStatus =>
  (CAMPAIGN_STATUSES as readonly string[]).includes(s);
