import { z } from 'zod';

// What Rally holds about one supporter (issue 27 item 3, docs/api.md "Privacy"): a
// browser's visitor id and/or a reminder address. The same file is the supporter's
// "Download my data", the reminder mail's data page, and an admin's data request.
// Every registered personal column (server db/personal-data.ts) that holds a value for
// the subject appears here; another person's data never does (the share a referral
// came from is shown by its link id only).

const campaignRef = z.object({ id: z.number(), name: z.string() });
const organizationRef = z.object({ id: z.number(), name: z.string() });

/** Text fields, each required (`texts`) or null when not held (`maybeTexts`). */
const texts = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>;
const maybeTexts = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.string().nullable()])) as Record<K, z.ZodNullable<z.ZodString>>;

/**
 * A share the subject made (logged, or scheduled for later): `linkId` its tracked
 * link's id (`?ref=`); `text` a scheduled share's text with the supporter's own
 * message; `messageHash` a keyed hash of a personal message (never the words);
 * `arrivedThroughLinkId` the link id of the share whose link the supporter arrived
 * through, and nothing more of it.
 */
export const exportedShareSchema = z.object({
  id: z.number(),
  campaign: campaignRef,
  ...texts('platform', 'status', 'createdAt'),
  ...maybeTexts('scheduledFor', 'linkId', 'name', 'supporterInfo', 'text', 'timeZone', 'messageHash'),
  ...maybeTexts('arrivedThroughLinkId'),
});

/**
 * A reminder of a scheduled share: the address in full (the file goes only to its
 * owner), the browser's Web Push endpoint for a browser reminder, the site its link opens.
 */
export const exportedReminderSchema = z.object({
  campaign: campaignRef,
  shareId: z.number(),
  ...texts('dueAt', 'status', 'origin'),
  ...maybeTexts('address', 'addressKey', 'pushEndpoint'),
});

/**
 * The supporter's own export holds every field. An admin's (docs/api.md "Privacy")
 * withholds what would link the supporter across organisations or open their data
 * elsewhere: `visitorIds` is empty, and every keyed hash (`addressKey`, `mailboxKey`,
 * `networkKey`, `recipientKey`, `messageHash`) and a mail's `body` and `headers` are null.
 * In any export, the tokens of a mail's data and unsubscribe links are withheld.
 */
export const supporterDataExportSchema = z.object({
  exportedAt: z.string(),
  /** The browser's anonymous visitor ids (the `rally_sid` cookie). */
  visitorIds: z.array(z.string()),
  shares: z.array(exportedShareSchema),
  scheduledShares: z.array(exportedShareSchema),
  reminders: z.array(exportedReminderSchema),
  /** The tracked links the subject's shares made, and how many came through each (counts only). */
  referralLinks: z.array(
    z.object({
      linkId: z.string(),
      campaign: campaignRef,
      sharesThroughIt: z.number(),
      clickThroughs: z.number(),
    }),
  ),
  /** Tracked links the subject's browser followed. */
  clickThroughs: z.array(
    z.object({ campaign: campaignRef, at: z.string(), ...maybeTexts('linkId', 'networkKey') }),
  ),
  visits: z.array(z.object({ campaign: campaignRef, day: z.string(), source: z.string().nullable() })),
  /** A/B share texts shown to the browser. */
  textsShown: z.array(z.object({ campaign: campaignRef, variantId: z.number(), day: z.string() })),
  /** The per-supporter figures (what "distinct supporters" and "top supporters" count). */
  figures: z.object({
    campaigns: z.array(z.object({ campaign: campaignRef, lastShareAt: z.string() })),
    organizations: z.array(z.object({ organization: organizationRef, lastShareAt: z.string() })),
    days: z.array(
      z.object({ campaign: campaignRef, day: z.string(), shares: z.number(), clicks: z.number() }),
    ),
    /** Days the subject was among the most active supporters (their own count only). */
    topSupporterDays: z.array(
      z.object({
        organization: organizationRef,
        campaignId: z.number().nullable(),
        day: z.string(),
        shares: z.number(),
      }),
    ),
  }),
  /** Reminder addresses confirmed or waiting for confirmation (keyed hashes only are kept). */
  reminderAddresses: z.array(
    z.object({
      organization: organizationRef,
      ...texts('status', 'createdAt'),
      ...maybeTexts('confirmedAt', 'addressKey', 'mailboxKey'),
    }),
  ),
  /** Organisations the address unsubscribed from (kept on erasure: it stops the mail for good). */
  unsubscribed: z.array(
    z.object({ organization: organizationRef, since: z.string(), ...maybeTexts('addressKey') }),
  ),
  unsubscribeLinks: z.array(
    z.object({ organization: organizationRef, ...texts('createdAt'), ...maybeTexts('usedAt', 'addressKey') }),
  ),
  /** Mail to the address, as the outbox holds it. */
  mail: z.array(
    z.object({
      ...texts('kind', 'subject', 'status', 'createdAt'),
      ...maybeTexts('sentAt', 'recipient', 'recipientKey', 'body', 'headers'),
    }),
  ),
  /** The reminder mails' links to this data. */
  dataLinks: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), ...maybeTexts('addressKey') })),
  /** The names given for an organisation's supporter boards, and whether to appear there. */
  displayNames: z.array(
    z.object({
      organization: organizationRef,
      displayName: z.string(),
      onBoard: z.boolean(),
      hidden: z.boolean(),
    }),
  ),
});
export type SupporterDataExport = z.infer<typeof supporterDataExportSchema>;
export type ExportedShare = z.infer<typeof exportedShareSchema>;

// What the export holds, section by section, in words a supporter understands: the My
// data dialog's summary and its "nothing held", and the erasure's "nothing to erase".
// The sections are the export's lists (the per-supporter figures' lists included);
// `visitorIds` only names the subject (the browser's own cookie), so holds nothing.

type ListKeys<T> = { [K in keyof T]: T[K] extends unknown[] ? K : never }[keyof T];
type Figures = SupporterDataExport['figures'];
export type HeldSection =
  | Exclude<ListKeys<SupporterDataExport>, 'visitorIds'>
  | `figures.${ListKeys<Figures> & string}`;

/**
 * Each section's words, a message of the `shared` catalog (src/shared/locales) with
 * the value `count`: "1 share you made", "2 shares you made". A section missing here
 * does not compile.
 */
export const HELD_SECTION_WORDS: Record<HeldSection, { id: string; message: string }> = {
  shares: /*i18n*/ {
    id: 'myData.held.shares',
    message: '{count, plural, one {# share you made} other {# shares you made}}',
  },
  scheduledShares: /*i18n*/ {
    id: 'myData.held.scheduledShares',
    message: '{count, plural, one {# scheduled share} other {# scheduled shares}}',
  },
  reminders: /*i18n*/ {
    id: 'myData.held.reminders',
    message: '{count, plural, one {# reminder} other {# reminders}}',
  },
  referralLinks: /*i18n*/ {
    id: 'myData.held.referralLinks',
    message: '{count, plural, one {# link you shared} other {# links you shared}}',
  },
  clickThroughs: /*i18n*/ {
    id: 'myData.held.clickThroughs',
    message: '{count, plural, one {# visit through a shared link} other {# visits through a shared link}}',
  },
  visits: /*i18n*/ {
    id: 'myData.held.visits',
    message: '{count, plural, one {# campaign page visit} other {# campaign page visits}}',
  },
  textsShown: /*i18n*/ {
    id: 'myData.held.textsShown',
    message: '{count, plural, one {# share text shown to you} other {# share texts shown to you}}',
  },
  'figures.campaigns': /*i18n*/ {
    id: 'myData.held.figures.campaigns',
    message: '{count, plural, one {# campaign you shared in} other {# campaigns you shared in}}',
  },
  'figures.organizations': /*i18n*/ {
    id: 'myData.held.figures.organizations',
    message: '{count, plural, one {# organisation you shared for} other {# organisations you shared for}}',
  },
  'figures.days': /*i18n*/ {
    id: 'myData.held.figures.days',
    message:
      '{count, plural, one {# day of your shares in the figures} other {# days of your shares in the figures}}',
  },
  'figures.topSupporterDays': /*i18n*/ {
    id: 'myData.held.figures.topSupporterDays',
    message:
      '{count, plural, one {# day among the most active supporters} other {# days among the most active supporters}}',
  },
  reminderAddresses: /*i18n*/ {
    id: 'myData.held.reminderAddresses',
    message: '{count, plural, one {# reminder address} other {# reminder addresses}}',
  },
  unsubscribed: /*i18n*/ {
    id: 'myData.held.unsubscribed',
    message: '{count, plural, one {# unsubscription} other {# unsubscriptions}}',
  },
  unsubscribeLinks: /*i18n*/ {
    id: 'myData.held.unsubscribeLinks',
    message: '{count, plural, one {# unsubscribe link} other {# unsubscribe links}}',
  },
  mail: /*i18n*/ {
    id: 'myData.held.mail',
    message: '{count, plural, one {# email} other {# emails}}',
  },
  dataLinks: /*i18n*/ {
    id: 'myData.held.dataLinks',
    message: '{count, plural, one {# link to your data} other {# links to your data}}',
  },
  displayNames: /*i18n*/ {
    id: 'myData.held.displayNames',
    message: '{count, plural, one {# name for a supporter board} other {# names for supporter boards}}',
  },
};

/** The export's list sections, walked from the schema: `figures.days` for a nested one. */
export function exportListSections(
  shape: z.ZodRawShape = supporterDataExportSchema.shape,
  prefix = '',
): string[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    if (schema instanceof z.ZodArray) return key === 'visitorIds' && !prefix ? [] : [`${prefix}${key}`];
    if (schema instanceof z.ZodObject) return exportListSections(schema.shape, `${prefix}${key}.`);
    return [];
  });
}

export interface HeldCount {
  section: HeldSection;
  count: number;
  /** "1 share you made", "3 campaign page visits": rendered with the value `{ count }`. */
  words: { id: string; message: string };
}

/** The sections of an export that hold something, with their counts; none when nothing is held. */
export function heldCounts(data: SupporterDataExport): HeldCount[] {
  return (Object.keys(HELD_SECTION_WORDS) as HeldSection[]).flatMap((section) => {
    const [group, key] = section.split('.') as [string, string | undefined];
    const parent = data[group as keyof SupporterDataExport] as Record<string, unknown>;
    const list = (key ? parent[key] : parent) as unknown[];
    return list.length === 0 ? [] : [{ section, count: list.length, words: HELD_SECTION_WORDS[section] }];
  });
}
