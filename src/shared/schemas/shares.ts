import { z } from 'zod';
import {
  MAX_BLOCKED_NAMED,
  MAX_PERSONAL_MESSAGE,
  MAX_TEXT_CONTENT,
  REF_CODE_PATTERN,
  SOURCE_PATTERN,
} from '../constants.ts';
import { COPY_CHANNEL, PLATFORM_IDS, SHARE_CHANNELS } from '../platforms.ts';
import { mastodonHost } from '../share-links.ts';
import { AVAILABILITY_STATES, HIDDEN_STATUSES } from '../campaign-lifecycle.ts';
import { LANGUAGE_SOURCES, LOCALES } from '../locales.ts';
import { timeZoneField } from './time-zone.ts';
import { assetSchema } from './assets.ts';
import { campaignGoalSchema } from './goals.ts';
import { idField, idParam, timestampField, trimmedText } from './common.ts';
import { supporterOrganizationSchema } from './settings.ts';
import { REMINDER_CONSENT_REQUIRED, reminderRequestSchema } from './reminders.ts';
import { emailField } from './auth.ts';

export const MAX_SUPPORTER_NAME = 80;

export const platformField = z.enum(PLATFORM_IDS, { error: 'Unknown platform' });

/**
 * What a logged share says happened, counted apart in the stats: `shared`, a device
 * share sheet that resolved (the post went out); `opened`, a platform's share window or
 * app opened (the supporter finishes there, unseen); `prepared`, a hand-posted platform's
 * media saved and caption copied (the supporter posts it in the app).
 */
export const SHARE_OUTCOMES = ['shared', 'opened', 'prepared'] as const;
export type ShareOutcome = (typeof SHARE_OUTCOMES)[number];

/**
 * Optional referral parent. A value that is not a code is dropped rather than refused:
 * an unknown or foreign parent is ignored (depth 0), never an error.
 */
const parentRefField = z
  .string()
  .max(200)
  .transform((v) => (REF_CODE_PATTERN.test(v) ? v : undefined))
  .optional();

const personalMessageField = z
  .string()
  .max(MAX_PERSONAL_MESSAGE, `Your personal message must be at most ${MAX_PERSONAL_MESSAGE} characters`);
/**
 * The `src` tag a visitor arrived with. Anything that is not a short tag is no
 * source: dropped, never refused (a mangled link must not stop a share or a visit).
 */
export const sourceField = z
  .string()
  .max(200)
  .transform((v) => (SOURCE_PATTERN.test(v) ? v : undefined))
  .optional();

/**
 * The language the supporter page showed the share in (one of LOCALES, spelled as
 * there), counted in the analytics per language. Optional: a share without it is
 * counted as language not recorded. Anything else is refused, so a client that
 * misspells a locale learns it instead of losing its figures.
 */
export const shareLanguageField = z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` });

export const logShareSchema = z
  .strictObject({
    assetId: idParam,
    /** A platform, or 'copy' (COPY_CHANNEL): the share text and its link copied with Copy Text. */
    platform: z.enum(SHARE_CHANNELS, { error: 'Unknown platform' }),
    supporterInfo: z.string().max(500, 'Supporter info must be at most 500 characters').default(''),
    campaignId: idParam,
    organizationId: idParam,
    /** What happened (SHARE_OUTCOMES); a caller that does not say claims a share. */
    status: z.enum(SHARE_OUTCOMES, { error: 'status must be shared, opened or prepared' }).default('shared'),
    ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
    /**
     * The supporter's name, sent only when they ticked the consent line; kept only when
     * the organisation collects supporter information. Blank means anonymous.
     */
    supporterName: trimmedText('Your name', MAX_SUPPORTER_NAME).optional(),
    /** The tracked-link code the supporter page arrived with: this share's referral parent. */
    parentRef: parentRefField,
    /**
     * The personal message the supporter added. Only a keyed hash of its normalised form
     * is kept (to count identical messages), never the words; blank keeps nothing.
     */
    message: personalMessageField.optional(),
    /** The share-text variant the page showed; kept only when it is the one the server chose for this visitor. */
    variantId: idParam.optional(),
    /** The `src` tag the sharer arrived with. */
    source: sourceField,
    /** The language the page was in (the supporter JSON's `language`). */
    language: shareLanguageField.optional(),
    /**
     * Shared from a reminder's one-tap link: the scheduled share this post fulfils. It
     * becomes this share (with its `status` and `ref`) when it is the caller's own
     * (same visitor cookie, or the link's `ref`) and still pending or reminded;
     * otherwise it is ignored and the share is logged as usual.
     */
    scheduledShareId: idParam.optional(),
  })
  // A copy is known to have been made, never known to have been posted.
  .refine((v) => v.platform !== COPY_CHANNEL || v.status === 'prepared', {
    path: ['status'],
    message: 'Copied text is a prepared post: status must be prepared',
  });
export type LogShareInput = z.input<typeof logShareSchema>;

/** GET /api/supporter/assets/:id/message-check: the message the supporter is writing. */
export const messageCheckQuerySchema = z.strictObject({
  text: personalMessageField.min(1, 'text is required'),
});
export type MessageCheckQuery = z.infer<typeof messageCheckQuerySchema>;

/**
 * `repeated`: whether that many shares of the asset already carried the same message
 * (normalised), a yes or no, never anybody's words or the count. `blocked`: the words
 * of the message its organisation does not allow, as the supporter spelled them (at
 * most MAX_BLOCKED_NAMED), never the organisation's list.
 */
export const messageCheckSchema = z.object({
  repeated: z.boolean(),
  blocked: z.array(z.string()).max(MAX_BLOCKED_NAMED),
});
export type MessageCheck = z.infer<typeof messageCheckSchema>;

const SCHEDULE_MISSING = 'Missing required fields for scheduling a share';

export const scheduleShareSchema = z
  .strictObject({
    assetId: idParam.optional(),
    campaignId: idParam.optional(),
    organizationId: idParam.optional(),
    platform: z.enum([...PLATFORM_IDS, 'all'], { error: 'Unknown platform' }).optional(),
    scheduledFor: z.iso
      .datetime({ offset: true, error: 'scheduledFor must be an ISO-8601 date-time' })
      .optional(),
    /** Always 'pending': a scheduled share is not a share yet, so stats do not count it. */
    status: z.literal('pending', { error: 'status must be pending' }).optional(),
    /**
     * The words to post (share-text.ts `composeShareText`: personal message, share text,
     * disclosure), kept so the reminder gives them back.
     */
    text: z.string().max(MAX_TEXT_CONTENT).optional(),
    /**
     * A reschedule: the caller's own pending scheduled share this one replaces (it is
     * marked `rescheduled`). Another visitor's or a posted share is left alone.
     */
    replaces: idParam.optional(),
    /** The IANA zone the supporter picked the time in, so a reminder can name it as they saw it. */
    timeZone: timeZoneField.optional(),
    /** Tracked-link code of the link put in the calendar reminder, so its visits count. */
    ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
    parentRef: parentRefField,
    /** Remind the supporter at `scheduledFor` by email and/or browser notification. */
    reminder: reminderRequestSchema.optional(),
    /** The language the page was in: the share keeps it, and so does the share posted from it. */
    language: shareLanguageField.optional(),
  })
  // Runs even when another field failed, so a missing field always names the rule.
  .refine((v) => Boolean(v.assetId && v.campaignId && v.organizationId && v.platform && v.scheduledFor), {
    message: SCHEDULE_MISSING,
    path: [],
    when: () => true,
  });
export type ScheduleShareInput = z.input<typeof scheduleShareSchema>;

export const NO_ASSET_TO_SCHEDULE = 'No assets available';
export const SCHEDULE_DATE_REQUIRED = 'Please select a date';

/**
 * The schedule dialog's form, checked before anything is sent: the asset, the day and the
 * slot (they become the request's `assetId` and `scheduledFor`), the platform, and the
 * optional reminder: an email address with the consent the request's `reminder` needs,
 * and/or this browser.
 */
export const scheduleShareFormSchema = z.object({
  assetId: z.number({ error: NO_ASSET_TO_SCHEDULE }),
  day: z.date({ error: SCHEDULE_DATE_REQUIRED }),
  time: z.string(),
  platform: z.enum([...PLATFORM_IDS, 'all'], { error: 'Unknown platform' }),
  reminder: z
    .object({
      email: z
        .string()
        .trim()
        .pipe(z.union([z.literal(''), emailField])),
      consent: z.boolean(),
      browser: z.boolean(),
    })
    .refine((r) => r.email === '' || r.consent, { message: REMINDER_CONSENT_REQUIRED, path: ['consent'] }),
});
export type ScheduleShareFormInput = z.input<typeof scheduleShareFormSchema>;
export type ScheduleShareFormValues = z.output<typeof scheduleShareFormSchema>;

export const MASTODON_SERVER_INVALID = "Enter your server's name, like mastodon.social";

/** The share dialog's Mastodon server field: a host name (a pasted https:// address or trailing slash is dropped). */
export const mastodonServerFormSchema = z.object({
  server: z.string().transform((value, ctx) => {
    const host = mastodonHost(value);
    if (!host) ctx.addIssue({ code: 'custom', message: MASTODON_SERVER_INVALID });
    return host ?? '';
  }),
});

/** A logged or scheduled share as POST /api/shares and /api/shares/schedule return it. */
export const shareSchema = z.object({
  id: idField,
  assetId: idField,
  /** A platform id, or 'all' for a scheduled share meant for every platform. */
  platform: z.string(),
  supporterInfo: z.string(),
  campaignId: idField,
  organizationId: idField,
  scheduledFor: z.string().nullable(),
  /** A logged share's outcome (SHARE_OUTCOMES), or 'pending' when scheduled. */
  status: z.string(),
  /** The tracked-link code of the share's link. */
  ref: z.string().nullable(),
  createdAt: timestampField,
});
export type Share = z.infer<typeof shareSchema>;

/** GET /api/shares/scheduled: optional window on scheduledFor (ISO date-times) for the staff calendar. */
export const scheduledSharesQuerySchema = z.strictObject({
  org: idParam.optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO-8601 date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO-8601 date-time' }).optional(),
});
export type ScheduledSharesQuery = z.infer<typeof scheduledSharesQuerySchema>;

/** GET /api/shares/scheduled: one pending share with the names the calendar shows. */
export const scheduledShareItemSchema = shareSchema
  .pick({ id: true, assetId: true, campaignId: true, platform: true, status: true })
  .extend({ assetTitle: z.string(), campaignName: z.string(), scheduledFor: z.string() });
export type ScheduledShareItem = z.infer<typeof scheduledShareItemSchema>;

/**
 * What a supporter can do on the page right now: share (`open`), or read why not.
 * `ended` covers status `ended` and an `endDate` that has passed; `not-started` a
 * `startDate` still ahead.
 */
export const availabilitySchema = z.object({
  state: z.enum(AVAILABILITY_STATES),
  /** When the campaign opens, for `not-started`. */
  startsAt: timestampField.optional(),
  /** When sharing closes by date, while an end date is set and not passed. */
  endsAt: timestampField.optional(),
});
export type Availability = z.infer<typeof availabilitySchema>;
export type AvailabilityState = Availability['state'];

/**
 * An asset as the public sees it: without its title, which is internal (staff name
 * assets for themselves); what supporters see of it is `assetShareText` (share-links.ts).
 */
export const supporterAssetSchema = assetSchema.omit({
  title: true,
  translations: true,
  missingTranslations: true,
});
export type SupporterAsset = z.infer<typeof supporterAssetSchema>;

/** Where a shared moment's posts go (docs/api.md "Momentum"): one platform, or any the supporter likes. */
export const MOMENT_PLATFORMS = [...PLATFORM_IDS, 'any'] as const;
export type MomentPlatform = (typeof MOMENT_PLATFORMS)[number];

/** A shared moment as the supporter JSON carries it (the definition only, no figure; schemas/moments.ts has the rest). */
export const supporterMomentSchema = z.object({
  id: idField,
  at: timestampField,
  platform: z.enum(MOMENT_PLATFORMS),
  assetId: idField.nullable(),
});
export type SupporterMoment = z.infer<typeof supporterMomentSchema>;

/** GET /api/supporter/campaigns/:id: what the public page may know, nothing more. */
export const supporterCampaignSchema = z.object({
  campaign: z.object({
    id: idField,
    name: z.string(),
    description: z.string().nullable(),
    organizationId: idField,
    /** The UTM tags every tracked link of the campaign carries (utm_source is the platform); null when off. */
    utm: z.object({ medium: z.string(), campaign: z.string() }).nullable(),
    /** The line every share carries, after the asset's words (docs/api.md "Disclosure line"); null: none. */
    disclosure: z.string().nullable(),
    /** Its goal, the definition only (the figure: GET /api/supporter/campaigns/:id/progress). */
    goal: campaignGoalSchema.nullable(),
  }),
  assets: z.array(supporterAssetSchema),
  /** Name, branding and the supporter-information toggle of the campaign's organisation. */
  organization: supporterOrganizationSchema,
  /** Whether supporters can share now, computed when the response was made. */
  availability: availabilitySchema,
  /**
   * Only when a member of the organisation opens its draft or archived campaign: which
   * one it is; `review` for the preview of a change waiting for review (`?review=1`).
   */
  preview: z.enum([...HIDDEN_STATUSES, 'review']).optional(),
  /** The language served (docs/api.md "Languages"): the assets' words are already in it. */
  language: z.enum(LOCALES),
  /** The rule that chose it: explicit (the `rally_lang` cookie), query (`?lang=`), accept-language, campaign-default, organization-default or fallback. */
  languageSource: z.enum(LANGUAGE_SOURCES),
  /** What the page's language menu offers: the campaign's languages, in the order staff listed them. */
  languages: z.array(z.enum(LOCALES)),
  /** The campaign's upcoming shared moments, soonest first; absent when it has none. */
  moments: z.array(supporterMomentSchema).optional(),
});
export type SupporterCampaign = z.infer<typeof supporterCampaignSchema>;

/**
 * GET /api/supporter/campaigns/:id/scheduled: the shares this visitor (by the signed
 * visitor cookie) scheduled in the campaign and has still to post, soonest first.
 */
export const supporterScheduledShareSchema = shareSchema
  .pick({ id: true, assetId: true, platform: true, ref: true })
  .extend({
    scheduledFor: timestampField,
    /** The words chosen when scheduling (null for shares scheduled before they were kept). */
    text: z.string().nullable(),
    timeZone: z.string().nullable(),
  });
/** GET /api/supporter/campaigns/:id/scheduled/:shareId: `ref` is the one-tap link's code. */
export const supporterScheduledOneParamsSchema = z.strictObject({ id: idParam, shareId: idParam });
export const supporterScheduledOneQuerySchema = z.strictObject({
  ref: z.string().max(200).optional(),
});
export type SupporterScheduledShare = z.infer<typeof supporterScheduledShareSchema>;
/**
 * GET /api/supporter/campaigns/:id/scheduled, by the visitor's signed cookie only: each
 * share with the reminder asked for it (still to be sent), so a reschedule starts from it.
 */
export const visitorScheduledShareSchema = supporterScheduledShareSchema.extend({
  reminder: z.object({ email: z.string().nullable(), browser: z.boolean() }).nullable(),
});
export type VisitorScheduledShare = z.infer<typeof visitorScheduledShareSchema>;
export const supporterScheduledSharesSchema = z.array(visitorScheduledShareSchema);

/**
 * GET /api/supporter/campaigns/:id/elsewhere: where a supporter can go when this
 * campaign is not (or no longer) public. For an archived campaign, its organisation
 * and that organisation's campaigns open to sharing now; otherwise nothing is known.
 */
export const supporterElsewhereSchema = z.object({
  organization: z.object({ name: z.string(), logoUrl: z.string() }).nullable(),
  campaigns: z.array(z.object({ id: idField, name: z.string(), description: z.string().nullable() })),
});
export type SupporterElsewhere = z.infer<typeof supporterElsewhereSchema>;

/** GET /api/supporter/campaigns/:id/impact: this supporter's own counts and score. */
export const supporterImpactSchema = z.object({
  shares: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  influenceScore: z.number().int().nonnegative(),
  /** The people this supporter's links brought (docs/api.md "Recognition"). */
  recruits: z.number().int().nonnegative(),
  /** Their place among the campaign's supporters by recruits (ties share it); null without recruits. */
  rank: z.number().int().positive().nullable(),
});
export type SupporterImpact = z.infer<typeof supporterImpactSchema>;

// The stats types live in stats.ts; re-exported for modules that still import them from here.
export type { OrganizationStats, Stats } from './stats.ts';
