import { FIGURE_LABELS } from '#shared/figure-labels.ts';
import { NOTIFICATION_NAMES, type NotificationSwitch } from '#shared/schemas/notifications.ts';
import { platformName } from '#shared/platforms.ts';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import type { OrganizationAnalytics } from '#shared/schemas/analytics.ts';

// The words of staff notification mail. Subjects are the instance's own words (the
// outbox's rule: campaign and organisation names are anyone's text); bodies name the
// organisation, its campaigns and assets, for the members who run them.

/** What a notice mails, the same to every recipient but for the unsubscribe line. */
export interface NoticeContent {
  switch: NotificationSwitch;
  subject: string;
  /** The body before the unsubscribe line. */
  lines: string[];
}

const n = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, one: string, many = `${one}s`) => `${n(value)} ${value === 1 ? one : many}`;

/** The digest's period as staff read it ("Tuesday 24 November 2026", "16-22 November 2026"). */
function periodLabel(from: string, to: string): string {
  const day = (d: string, opts: Intl.DateTimeFormatOptions) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', ...opts });
  if (from === to) return day(from, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return `${day(from, { day: 'numeric', month: 'long' })} to ${day(to, { day: 'numeric', month: 'long', year: 'numeric' })}`;
}

/** The figures of a digest: the organisation's analytics of the period, as GET /api/organization/analytics gives them. */
export type DigestFigures = Pick<OrganizationAnalytics, 'range' | 'totals' | 'assets' | 'campaigns'>;

/**
 * A digest of a period with no share, click-through, opened window or prepared post is
 * not sent (most platforms' buttons open a window: a period of those is news too).
 */
export const digestIsEmpty = (f: DigestFigures) =>
  f.totals.shares === 0 &&
  f.totals.clicks === 0 &&
  f.totals.openedIntents === 0 &&
  f.totals.preparedPosts === 0;

export function digestContent(
  sw: 'newSupporters' | 'weeklyDigest',
  organizationName: string,
  f: DigestFigures,
  dashboardUrl: string,
): NoticeContent {
  const weekly = sw === 'weeklyDigest';
  const top = f.assets.find((a) => a.shares > 0);
  const topCampaign = f.campaigns.find((c) => c.shares > 0);
  return {
    switch: sw,
    subject: weekly ? 'Your weekly Rally digest' : 'Your daily Rally digest',
    lines: [
      `${organizationName}, ${periodLabel(f.range.from, f.range.to)} (${f.range.tz}):`,
      '',
      `Shares: ${n(f.totals.shares)}`,
      `Supporters who shared: ${n(f.totals.uniqueSupporters)}`,
      `Click-throughs: ${n(f.totals.clicks)}`,
      // Named as the Analytics view names them; not shares, and in no other line.
      `${FIGURE_LABELS.opened}: ${n(f.totals.openedIntents)}`,
      `${FIGURE_LABELS.prepared}: ${n(f.totals.preparedPosts)}`,
      `(${FIGURE_LABELS.opened} and ${FIGURE_LABELS.prepared} are not known to be posted: they are not in the shares.)`,
      top
        ? `Top asset: ${top.title || `asset ${top.assetId}`} (${plural(top.shares, 'share')}, ${plural(top.clicks, 'click-through')})`
        : 'Top asset: none (no shares)',
      ...(topCampaign ? [`Top campaign: ${topCampaign.name} (${plural(topCampaign.shares, 'share')})`] : []),
      '',
      `More in Rally: ${dashboardUrl}`,
    ],
  };
}

export type CampaignEnd = 'ended' | 'archived' | 'end-date';

const END_WORDS: Record<CampaignEnd, string> = {
  ended: 'was ended by your team',
  archived: 'was archived by your team',
  'end-date': 'reached its end date',
};

export function campaignEndedContent(
  organizationName: string,
  campaign: { name: string; how: CampaignEnd },
  stats: Pick<CampaignStats, 'totalShares' | 'uniqueSupporters' | 'clickThroughs' | 'platformBreakdown'>,
  campaignUrl: string,
): NoticeContent {
  const platforms = Object.entries(stats.platformBreakdown ?? {})
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id, count]) => `${platformName(id)} ${n(count)}`);
  return {
    switch: 'campaignUpdates',
    subject: 'A campaign has ended',
    lines: [
      `"${campaign.name}" of ${organizationName} ${END_WORDS[campaign.how]}. Supporters can no longer share it.`,
      '',
      'Its figures, from start to end:',
      `Shares: ${n(stats.totalShares)}`,
      `Supporters who shared: ${n(stats.uniqueSupporters)}`,
      `Click-throughs: ${n(stats.clickThroughs)}`,
      ...(platforms.length ? [`Top platforms: ${platforms.join(', ')}`] : []),
      '',
      `The campaign: ${campaignUrl}`,
    ],
  };
}

export function memberJoinedContent(
  organizationName: string,
  member: { username: string; name: string; role: string },
  teamUrl: string,
): NoticeContent {
  const who = member.name ? `${member.name} (${member.username})` : member.username;
  return {
    switch: 'newMembers',
    subject: 'A new member joined your organization',
    lines: [`${who} joined ${organizationName} as ${member.role}.`, '', `Your team: ${teamUrl}`],
  };
}

export function milestoneContent(
  organizationName: string,
  campaign: { name: string; milestone: number; totalShares: number },
  campaignUrl: string,
): NoticeContent {
  return {
    switch: 'milestones',
    subject: 'A campaign reached a milestone',
    lines: [
      `"${campaign.name}" of ${organizationName} passed ${plural(campaign.milestone, 'share')}: ${plural(campaign.totalShares, 'share')} so far.`,
      '',
      `The campaign: ${campaignUrl}`,
    ],
  };
}

/** The whole body for one recipient: the content, then why they get it and how to stop. */
export const noticeBody = (c: NoticeContent, organizationName: string, unsubscribeUrl: string) =>
  [
    ...c.lines,
    '',
    '--',
    `You get this email because ${NOTIFICATION_NAMES[c.switch]} is on in your notification settings for ${organizationName}.`,
    `Turn it off with one click: ${unsubscribeUrl}`,
  ].join('\n');
