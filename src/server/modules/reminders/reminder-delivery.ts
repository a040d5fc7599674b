import type { PushReminderPayload, PushSubscriptionInput } from '#shared/schemas/reminders.ts';
import { DEFAULT_LOCALE } from '#shared/locales.ts';
import { assetHeadline } from '#shared/share-links.ts';
import type { Config } from '../../config/env.ts';
import { type MailMessage, unsubscribeHeaders } from '../../lib/mail.ts';
import type { MessageLocale } from '../../lib/messages.ts';
import { safePost } from '../../lib/safe-fetch.ts';
import type { ReminderKeys } from './reminder-keys.ts';
import { reminderWords } from './reminder-words.ts';
import { pushDestination, pushEndpointAllowed } from './reminders.service.ts';

/** A claimed reminder with what its mail or push says. */
export interface DueReminder {
  id: number;
  shareId: number;
  organizationId: number;
  email: string | null;
  emailKey: string | null;
  pushSubscription: string | null;
  origin: string;
  /** Failed tries so far. */
  attempts: number;
  ref: string | null;
  text: string | null;
  campaignId: number;
  campaignName: string;
  campaignDescription: string | null;
  assetType: string;
  assetContent: string;
  assetShareText: string | null;
  assetDescription: string | null;
  organizationName: string;
  /** The language the share was scheduled in: the mail and the push are worded in it. */
  locale?: MessageLocale;
}

/** How long a push service keeps an undelivered reminder (the moment passes). */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;
/** A reminder mail not sent this long after its time (held, refused) expires: the moment has passed. */
export const REMINDER_MAIL_TTL_MS = PUSH_TTL_SECONDS * 1000;
const PUSH_TIMEOUT_MS = 5000;

/** `{origin}/supporter/{campaignId}?share={shareId}&ref={ref}`: opens the share dialog prefilled. */
export function oneTapLink(r: Pick<DueReminder, 'origin' | 'campaignId' | 'shareId' | 'ref'>): string {
  const ref = r.ref ? `&ref=${encodeURIComponent(r.ref)}` : '';
  return `${r.origin}/supporter/${r.campaignId}?share=${r.shareId}${ref}`;
}

/** The asset as the reminder names it: its public words on one line (assetHeadline), never its title. */
export function reminderHeadline(r: DueReminder): string {
  return assetHeadline(
    {
      type: r.assetType,
      content: r.assetContent,
      shareText: r.assetShareText,
      description: r.assetDescription,
    },
    { name: r.campaignName, description: r.campaignDescription },
  );
}

/** Why the supporter gets the mail: every reminder mail carries it. */
export const consentLine = (organizationName: string, locale: MessageLocale = DEFAULT_LOCALE) =>
  reminderWords(locale, 'consent', { organization: organizationName });

export function reminderMail(
  r: DueReminder & { email: string },
  unsubscribeUrl: string,
  dataUrl: string,
): MailMessage {
  const locale = r.locale ?? DEFAULT_LOCALE;
  const organization = r.organizationName;
  return {
    to: r.email,
    // The instance's words: campaign names and asset words are anyone's text, so never here.
    subject: reminderWords(locale, 'subject'),
    text: [
      reminderWords(locale, 'timeToShare', { headline: reminderHeadline(r), campaign: r.campaignName }),
      '',
      // Never the supporter's words: anyone can schedule for any address, so the
      // mail carries only what staff wrote; the link opens the dialog with the words.
      reminderWords(locale, 'oneTap', { link: oneTapLink(r) }),
      '',
      '--',
      consentLine(organization, locale),
      reminderWords(locale, 'unsubscribe', { organization, link: unsubscribeUrl }),
      reminderWords(locale, 'dataLink', { link: dataUrl }),
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

export function pushPayload(r: DueReminder): PushReminderPayload {
  const locale = r.locale ?? DEFAULT_LOCALE;
  return {
    title: reminderWords(locale, 'pushTitle', { headline: reminderHeadline(r) }),
    body: r.text ? r.text.slice(0, 200) : reminderWords(locale, 'pushBody', { campaign: r.campaignName }),
    url: oneTapLink(r),
  };
}

/** The VAPID subject: the site's https address, else the sender's mail address. */
function vapidSubject(config: Config, origin: string): string {
  const site = config.publicUrl ?? origin;
  if (site.startsWith('https://')) return site;
  const address = /<([^>]+)>/.exec(config.mailFrom ?? '')?.[1] ?? config.mailFrom;
  return `mailto:${address?.includes('@') ? address : 'reminders@rally.invalid'}`;
}

/**
 * What a push service answered: accepted (2xx), `gone` when it says the subscription
 * no longer exists (404, 410: the browser unsubscribed or the endpoint expired; it
 * never will again), else failed (may work on a later try).
 */
export type PushOutcome = 'sent' | 'failed' | 'gone';

/**
 * Sends one encrypted Web Push message (aes128gcm, VAPID-signed by `web-push`) to
 * the subscription's endpoint, checked again now and connected to by its checked
 * address.
 */
export async function sendPushReminder(opts: {
  config: Config;
  keys: ReminderKeys;
  reminder: DueReminder;
  subscription: PushSubscriptionInput;
}): Promise<PushOutcome> {
  const { config, keys, reminder } = opts;
  if (!pushEndpointAllowed(opts.subscription.endpoint, config)) return 'failed';
  // Loaded on the first push, not at start-up: most instances never send one.
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: opts.subscription.endpoint, keys: opts.subscription.keys },
    JSON.stringify(pushPayload(reminder)),
    {
      TTL: PUSH_TTL_SECONDS,
      vapidDetails: { subject: vapidSubject(config, reminder.origin), ...keys.vapid },
    },
  );
  const { status } = await safePost(details.endpoint, {
    ...pushDestination(config),
    headers: details.headers as Record<string, string | number>,
    body: Buffer.from(details.body ?? ''),
    timeoutMs: PUSH_TIMEOUT_MS,
  });
  if (status >= 200 && status < 300) return 'sent';
  return status === 404 || status === 410 ? 'gone' : 'failed';
}
