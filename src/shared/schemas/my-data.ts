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
});
export type SupporterDataExport = z.infer<typeof supporterDataExportSchema>;
export type ExportedShare = z.infer<typeof exportedShareSchema>;
