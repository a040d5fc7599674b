import { FIGURE_MESSAGES } from '#shared/figure-labels.ts';
import type { NotificationSwitch } from '#shared/schemas/notifications.ts';
import { COPY_CHANNEL, platformName } from '#shared/platforms.ts';
import type { CampaignStats } from '#shared/schemas/campaigns.ts';
import type { OrganizationAnalytics } from '#shared/schemas/analytics.ts';
import type { GoalProgress } from '#shared/schemas/goal-payloads.ts';
import type { GoalMetric } from '#shared/schemas/goals.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';
import { roleInSentence } from '../../lib/role-words.ts';

// The words of staff notification mail, in the recipient member's language (their
// profile language, else the organisation's default: lib/member-locale.ts), from the
// `server` catalog (explicit ids); numbers and dates through Intl in that language.
// Subjects are the instance's own words (the outbox's rule: campaign and organisation
// names are anyone's text); bodies name the organisation, its campaigns and assets, for
// the members who run them.

/** What a notice mails to one recipient, but for the unsubscribe line. */
export interface NoticeContent {
  switch: NotificationSwitch;
  /** The language it is worded in (the unsubscribe line's too). */
  locale: MessageLocale;
  subject: string;
  /** The body before the unsubscribe line. */
  lines: string[];
}

const WORDS = {
  dailySubject: /*i18n*/ { id: 'mail.digest.daily.subject', message: 'Your daily Rally digest' },
  weeklySubject: /*i18n*/ { id: 'mail.digest.weekly.subject', message: 'Your weekly Rally digest' },
  heading: /*i18n*/ { id: 'mail.digest.heading', message: '{organization}, {period} ({timeZone}):' },
  range: /*i18n*/ { id: 'mail.digest.range', message: '{from} to {to}' },
  shares: /*i18n*/ { id: 'mail.figures.shares', message: 'Shares: {count, number}' },
  supporters: /*i18n*/ {
    id: 'mail.figures.supporters',
    message: 'Supporters who shared: {count, number}',
  },
  clicks: /*i18n*/ { id: 'mail.figures.clicks', message: 'Click-throughs: {count, number}' },
  named: /*i18n*/ { id: 'mail.figures.named', message: '{figure}: {count, number}' },
  notShares: /*i18n*/ {
    id: 'mail.digest.notShares',
    message: '({opened} and {prepared} are not known to be posted: they are not in the shares.)',
  },
  topAsset: /*i18n*/ {
    id: 'mail.digest.topAsset',
    message:
      'Top asset: {title} ({shares, plural, one {# share} other {# shares}}, {clicks, plural, one {# click-through} other {# click-throughs}})',
  },
  untitledAsset: /*i18n*/ { id: 'mail.digest.untitledAsset', message: 'asset {id}' },
  noTopAsset: /*i18n*/ { id: 'mail.digest.noTopAsset', message: 'Top asset: none (no shares)' },
  topCampaign: /*i18n*/ {
    id: 'mail.digest.topCampaign',
    message: 'Top campaign: {name} ({shares, plural, one {# share} other {# shares}})',
  },
  more: /*i18n*/ { id: 'mail.digest.more', message: 'More in Rally: {link}' },
  endedSubject: /*i18n*/ { id: 'mail.campaignEnded.subject', message: 'A campaign has ended' },
  ended: /*i18n*/ {
    id: 'mail.campaignEnded.what',
    message:
      '{how, select, ended {"{campaign}" of {organization} was ended by your team.} archived {"{campaign}" of {organization} was archived by your team.} other {"{campaign}" of {organization} reached its end date.}} Supporters can no longer share it.',
  },
  endedFigures: /*i18n*/ { id: 'mail.campaignEnded.figures', message: 'Its figures, from start to end:' },
  topPlatforms: /*i18n*/ { id: 'mail.campaignEnded.topPlatforms', message: 'Top platforms: {platforms}' },
  copied: /*i18n*/ { id: 'mail.platform.copy', message: 'Copied text' },
  theCampaign: /*i18n*/ { id: 'mail.notice.campaignLink', message: 'The campaign: {link}' },
  joinedSubject: /*i18n*/ {
    id: 'mail.memberJoined.subject',
    message: 'A new member joined your organization',
  },
  joined: /*i18n*/ { id: 'mail.memberJoined.what', message: '{member} joined {organization} as {role}.' },
  team: /*i18n*/ { id: 'mail.memberJoined.team', message: 'Your team: {link}' },
  milestoneSubject: /*i18n*/ { id: 'mail.milestone.subject', message: 'A campaign reached a milestone' },
  milestone: /*i18n*/ {
    id: 'mail.milestone.what',
    message:
      '"{campaign}" of {organization} passed {milestone, plural, one {# share} other {# shares}}: {shares, plural, one {# share} other {# shares}} so far.',
  },
  goalSubject: /*i18n*/ { id: 'mail.goal.subject', message: 'A campaign is at {step}% of its goal' },
  goalReachedSubject: /*i18n*/ { id: 'mail.goal.reachedSubject', message: 'A campaign reached its goal' },
  goal: /*i18n*/ {
    id: 'mail.goal.what',
    message: '"{campaign}" of {organization} is at {step}% of its goal.',
  },
  goalReached: /*i18n*/ {
    id: 'mail.goal.reached',
    message: '"{campaign}" of {organization} reached its goal.',
  },
  goalFigure: /*i18n*/ { id: 'mail.goal.figure', message: '{figure}: {value, number} of {target, number}' },
  why: /*i18n*/ {
    id: 'mail.notice.why',
    message:
      'You get this email because {notification} is on in your notification settings for {organization}.',
  },
  turnOff: /*i18n*/ { id: 'mail.notice.turnOff', message: 'Turn it off with one click: {link}' },
};

/** Each switch as the mail's footer names it, inside a sentence. */
const SWITCH_IN_SENTENCE: Readonly<Record<NotificationSwitch, { id: string; message: string }>> = {
  campaignUpdates: /*i18n*/ { id: 'mail.notice.switch.campaignUpdates', message: 'campaign updates' },
  newSupporters: /*i18n*/ {
    id: 'mail.notice.switch.newSupporters',
    message: 'the daily digest (new supporters)',
  },
  milestones: /*i18n*/ { id: 'mail.notice.switch.milestones', message: 'milestones' },
  weeklyDigest: /*i18n*/ { id: 'mail.notice.switch.weeklyDigest', message: 'the weekly digest' },
  newMembers: /*i18n*/ { id: 'mail.notice.switch.newMembers', message: 'new team members' },
  reviews: /*i18n*/ { id: 'mail.notice.switch.reviews', message: 'reviews' },
};

/** A switch's name in a sentence of the notice's language. */
export const switchInSentence = (locale: MessageLocale, sw: NotificationSwitch) =>
  translate(locale, SWITCH_IN_SENTENCE[sw]);

/** Intl's locale of a language: English dates as they always were (day month year), the pseudo-locale as English. */
const dateLocale = (locale: MessageLocale) => (locale === 'en' || locale === 'pseudo' ? 'en-GB' : locale);
const numberLocale = (locale: MessageLocale) => (locale === 'pseudo' ? 'en' : locale);

/** The digest's period as staff read it ("Tuesday 24 November 2026", "16 November to 22 November 2026"). */
function periodLabel(locale: MessageLocale, from: string, to: string): string {
  const day = (d: string, opts: Intl.DateTimeFormatOptions) =>
    new Date(`${d}T12:00:00Z`).toLocaleDateString(dateLocale(locale), { timeZone: 'UTC', ...opts });
  if (from === to) return day(from, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return translate(locale, WORDS.range, {
    from: day(from, { day: 'numeric', month: 'long' }),
    to: day(to, { day: 'numeric', month: 'long', year: 'numeric' }),
  });
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
  locale: MessageLocale,
  sw: 'newSupporters' | 'weeklyDigest',
  organizationName: string,
  f: DigestFigures,
  dashboardUrl: string,
): NoticeContent {
  const w = (d: { id: string; message: string }, values?: Record<string, unknown>) =>
    translate(locale, d, values);
  const weekly = sw === 'weeklyDigest';
  const top = f.assets.find((a) => a.shares > 0);
  const topCampaign = f.campaigns.find((c) => c.shares > 0);
  // Named as the Analytics view names them (the `shared` catalog's figure names).
  const opened = translate(locale, FIGURE_MESSAGES.opened);
  const prepared = translate(locale, FIGURE_MESSAGES.prepared);
  return {
    switch: sw,
    locale,
    subject: w(weekly ? WORDS.weeklySubject : WORDS.dailySubject),
    lines: [
      w(WORDS.heading, {
        organization: organizationName,
        period: periodLabel(locale, f.range.from, f.range.to),
        timeZone: f.range.tz,
      }),
      '',
      w(WORDS.shares, { count: f.totals.shares }),
      w(WORDS.supporters, { count: f.totals.uniqueSupporters }),
      w(WORDS.clicks, { count: f.totals.clicks }),
      // Not shares, and in no other line.
      w(WORDS.named, { figure: opened, count: f.totals.openedIntents }),
      w(WORDS.named, { figure: prepared, count: f.totals.preparedPosts }),
      w(WORDS.notShares, { opened, prepared }),
      top
        ? w(WORDS.topAsset, {
            title: top.title || w(WORDS.untitledAsset, { id: String(top.assetId) }),
            shares: top.shares,
            clicks: top.clicks,
          })
        : w(WORDS.noTopAsset),
      ...(topCampaign ? [w(WORDS.topCampaign, { name: topCampaign.name, shares: topCampaign.shares })] : []),
      '',
      w(WORDS.more, { link: dashboardUrl }),
    ],
  };
}

export type CampaignEnd = 'ended' | 'archived' | 'end-date';

export function campaignEndedContent(
  locale: MessageLocale,
  organizationName: string,
  campaign: { name: string; how: CampaignEnd },
  stats: Pick<CampaignStats, 'totalShares' | 'uniqueSupporters' | 'clickThroughs' | 'platformBreakdown'>,
  campaignUrl: string,
): NoticeContent {
  const w = (d: { id: string; message: string }, values?: Record<string, unknown>) =>
    translate(locale, d, values);
  const count = new Intl.NumberFormat(numberLocale(locale));
  const platforms = Object.entries(stats.platformBreakdown ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id, n]) => `${id === COPY_CHANNEL ? w(WORDS.copied) : platformName(id)} ${count.format(n)}`);
  return {
    switch: 'campaignUpdates',
    locale,
    subject: w(WORDS.endedSubject),
    lines: [
      w(WORDS.ended, { how: campaign.how, campaign: campaign.name, organization: organizationName }),
      '',
      w(WORDS.endedFigures),
      w(WORDS.shares, { count: stats.totalShares }),
      w(WORDS.supporters, { count: stats.uniqueSupporters }),
      w(WORDS.clicks, { count: stats.clickThroughs }),
      ...(platforms.length ? [w(WORDS.topPlatforms, { platforms: platforms.join(', ') })] : []),
      '',
      w(WORDS.theCampaign, { link: campaignUrl }),
    ],
  };
}

export function memberJoinedContent(
  locale: MessageLocale,
  organizationName: string,
  member: { username: string; name: string; role: string },
  teamUrl: string,
): NoticeContent {
  const who = member.name ? `${member.name} (${member.username})` : member.username;
  return {
    switch: 'newMembers',
    locale,
    subject: translate(locale, WORDS.joinedSubject),
    lines: [
      translate(locale, WORDS.joined, {
        member: who,
        organization: organizationName,
        role: roleInSentence(locale, member.role),
      }),
      '',
      translate(locale, WORDS.team, { link: teamUrl }),
    ],
  };
}

export function milestoneContent(
  locale: MessageLocale,
  organizationName: string,
  campaign: { name: string; milestone: number; totalShares: number },
  campaignUrl: string,
): NoticeContent {
  return {
    switch: 'milestones',
    locale,
    subject: translate(locale, WORDS.milestoneSubject),
    lines: [
      translate(locale, WORDS.milestone, {
        campaign: campaign.name,
        organization: organizationName,
        milestone: campaign.milestone,
        shares: campaign.totalShares,
      }),
      '',
      translate(locale, WORDS.theCampaign, { link: campaignUrl }),
    ],
  };
}

/** The figure a goal names, by its staff name (figure-labels.ts). */
const GOAL_FIGURE_WORDS = {
  shares: FIGURE_MESSAGES.shares,
  supporters: FIGURE_MESSAGES.supporters,
  clickThroughs: FIGURE_MESSAGES.clicks,
} as const satisfies Record<GoalMetric, unknown>;

/** A campaign passed a step of its goal (50, 90 or 100 percent). */
export function goalContent(
  locale: MessageLocale,
  organizationName: string,
  campaign: { name: string; step: number; progress: GoalProgress },
  campaignUrl: string,
): NoticeContent {
  const { step, progress } = campaign;
  const reached = step >= 100;
  return {
    switch: 'milestones',
    locale,
    subject: reached
      ? translate(locale, WORDS.goalReachedSubject)
      : translate(locale, WORDS.goalSubject, { step }),
    lines: [
      translate(locale, reached ? WORDS.goalReached : WORDS.goal, {
        campaign: campaign.name,
        organization: organizationName,
        step,
      }),
      translate(locale, WORDS.goalFigure, {
        figure: translate(locale, GOAL_FIGURE_WORDS[progress.metric]),
        value: progress.value,
        target: progress.target,
      }),
      '',
      translate(locale, WORDS.theCampaign, { link: campaignUrl }),
    ],
  };
}

/** The whole body for one recipient: the content, then why they get it and how to stop. */
export const noticeBody = (c: NoticeContent, organizationName: string, unsubscribeUrl: string) =>
  [
    ...c.lines,
    '',
    '--',
    translate(c.locale, WORDS.why, {
      notification: switchInSentence(c.locale, c.switch),
      organization: organizationName,
    }),
    translate(c.locale, WORDS.turnOff, { link: unsubscribeUrl }),
  ].join('\n');

const REVIEW_WORDS = {
  waitingSubject: /*i18n*/ { id: 'mail.review.waiting.subject', message: 'A change waits for your review' },
  waiting: /*i18n*/ {
    id: 'mail.review.waiting.what',
    message: '{author} submitted a change to "{campaign}" of {organization} for review.',
  },
  decidedSubject: /*i18n*/ {
    id: 'mail.review.decided.subject',
    message: 'A reviewer decided on your change',
  },
  decided: /*i18n*/ {
    id: 'mail.review.decided.what',
    message:
      '{decision, select, approved {{reviewer} approved your change to "{campaign}" of {organization}: it is live.} other {{reviewer} asked for changes to your change to "{campaign}" of {organization}.}}',
  },
  comment: /*i18n*/ { id: 'mail.review.comment', message: 'Comment: {comment}' },
  open: /*i18n*/ { id: 'mail.review.open', message: 'Open it: {link}' },
};

/** To a reviewer: a change waits (submitted, or submitted again after changes were asked for). */
export function reviewWaitingContent(
  locale: MessageLocale,
  organizationName: string,
  review: { campaign: string; author: string },
  campaignUrl: string,
): NoticeContent {
  return {
    switch: 'reviews',
    locale,
    subject: translate(locale, REVIEW_WORDS.waitingSubject),
    lines: [
      translate(locale, REVIEW_WORDS.waiting, {
        author: review.author,
        campaign: review.campaign,
        organization: organizationName,
      }),
      '',
      translate(locale, REVIEW_WORDS.open, { link: campaignUrl }),
    ],
  };
}

/** To the author: a reviewer approved the change or asked for changes, with the comment. */
export function reviewDecidedContent(
  locale: MessageLocale,
  organizationName: string,
  review: {
    campaign: string;
    reviewer: string;
    decision: 'approved' | 'changes_requested';
    comment?: string;
  },
  campaignUrl: string,
): NoticeContent {
  return {
    switch: 'reviews',
    locale,
    subject: translate(locale, REVIEW_WORDS.decidedSubject),
    lines: [
      translate(locale, REVIEW_WORDS.decided, {
        decision: review.decision,
        reviewer: review.reviewer,
        campaign: review.campaign,
        organization: organizationName,
      }),
      ...(review.comment ? [translate(locale, REVIEW_WORDS.comment, { comment: review.comment })] : []),
      '',
      translate(locale, REVIEW_WORDS.open, { link: campaignUrl }),
    ],
  };
}
