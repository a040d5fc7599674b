import { z } from 'zod';
import { contrastRatio, WCAG_AA_TEXT } from '../contrast.ts';
import { MAX_NAME, MIN_ORG_NAME } from '../constants.ts';
import { emailField } from './auth.ts';
import { descriptionField, trimmedText } from './common.ts';
import { timeZoneField } from './time-zone.ts';
import { localeField } from './languages.ts';

const hexColor = (label: string) =>
  z.string().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #1d4ed8 (#rrggbb)`);

/**
 * The primary colour is the background of the supporter page's buttons and header,
 * with white text on it: it must reach WCAG AA contrast (4.5:1) with white, or it is
 * refused (not silently adjusted, so what the admin picks is what supporters see).
 */
export const primaryColorField = hexColor('Primary colour').superRefine((c, ctx) => {
  const ratio = contrastRatio(c, '#ffffff');
  if (ratio < WCAG_AA_TEXT)
    ctx.addIssue({
      code: 'custom',
      message: `Primary colour ${c} is too light for white text (contrast ${ratio.toFixed(2)}:1, needs at least 4.5:1)`,
    });
});

/** The accent colour only marks decoration (borders, highlights), never carries text. */
export const accentColorField = hexColor('Accent colour');

export const LOGO_URL_MESSAGE =
  'Logo must be an uploaded image or an http(s) link to a PNG, JPEG, GIF or WebP image';
/** An uploaded image (/uploads/<name>) or an absolute http(s) image link; '' for none. */
export const UPLOADED_IMAGE_PATH = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const IMAGE_URL = /^https?:\/\/[^\s/?#]+\/[^\s?#]*\.(png|jpe?g|gif|webp)(\?[^\s#]*)?$/i;

export const logoUrlField = z
  .string()
  .trim()
  .max(2000, LOGO_URL_MESSAGE)
  .refine((v) => v === '' || UPLOADED_IMAGE_PATH.test(v) || IMAGE_URL.test(v), LOGO_URL_MESSAGE);

export const websiteField = trimmedText('Website', 2000).refine(
  (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
  'Website must start with http:// or https://',
);

export const organizationNameField = trimmedText('Organization name', MAX_NAME, MIN_ORG_NAME);

export const generalSettingsSchema = z.object({
  name: organizationNameField,
  description: descriptionField,
  website: websiteField,
  contactEmail: z.union([z.literal(''), emailField]),
  /** The zone whose local days analytics and CSV exports use by default (IANA name). */
  timeZone: timeZoneField,
  /**
   * The language of what belongs to no campaign, and of each new campaign unless it
   * names its own (docs/api.md "Languages"); kept on the organisation's row.
   */
  defaultLanguage: localeField,
});

export const notificationSettingsSchema = z.object({
  campaignUpdates: z.boolean(),
  newSupporters: z.boolean(),
  milestones: z.boolean(),
  weeklyDigest: z.boolean(),
});

export const brandingSettingsSchema = z.object({
  logoUrl: logoUrlField,
  primaryColor: primaryColorField,
  accentColor: accentColorField,
});

export const supporterSettingsSchema = z.object({ collectInfo: z.boolean() });

/** How many sites may frame the share card: a handful of the organisation's own. */
export const MAX_EMBED_ORIGINS = 20;
export const EMBED_ORIGIN_MESSAGE =
  'Each site must be an https:// origin like https://www.example.org (no path, no wildcard); http:// only for localhost or 127.0.0.1';
/** Plain http is allowed only on the developer's own machine, to try the snippet locally. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * An origin the share card may be framed by, in its canonical form ('HTTPS://Example.org:443/'
 * -> 'https://example.org'), or null when it is not one: https only (http for loopback),
 * no user, path, query, fragment or wildcard. It goes into a CSP header as it is, so
 * nothing but scheme, host name and port can get through.
 */
export function normalizeEmbedOrigin(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  if (!secure || !bare || !HOST_NAME.test(url.hostname)) return null;
  // The URL parser drops an empty query or fragment ('?', '#'): refuse those too.
  if (/[?#]/.test(input)) return null;
  return url.origin;
}

export const embedOriginField = z.string().transform((v, ctx) => {
  const origin = normalizeEmbedOrigin(v);
  if (origin === null) {
    ctx.addIssue({ code: 'custom', message: `${EMBED_ORIGIN_MESSAGE} (got "${v.trim().slice(0, 100)}")` });
    return z.NEVER;
  }
  return origin;
});

export const embedSettingsSchema = z.object({
  /** The sites (origins) allowed to frame /embed/{campaignId}; none means no site may. */
  allowedOrigins: z.array(z.string()),
});

/** What an admin may send: each origin checked and made canonical, duplicates dropped. */
export const embedSettingsInputSchema = z.strictObject({
  allowedOrigins: z
    .array(embedOriginField)
    .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} sites may embed the share card`)
    // Written once each, whatever case or trailing slash they were typed with.
    .transform((origins) => [...new Set(origins)]),
});

/** How long raw events keep their personal fields (docs/privacy.md): months, 13 unless changed. */
export const PERSONAL_DATA_MONTHS = { min: 1, max: 120, default: 13 } as const;
const MONTHS_MESSAGE = `Keep personal fields for a whole number of months from ${PERSONAL_DATA_MONTHS.min} to ${PERSONAL_DATA_MONTHS.max}`;

/** How long audit entries keep a former member's name (docs/privacy.md): months, 24 unless changed. */
export const AUDIT_MONTHS = { min: 1, max: 120, default: 24 } as const;
const AUDIT_MONTHS_MESSAGE = `Keep former members' names in the activity log for a whole number of months from ${AUDIT_MONTHS.min} to ${AUDIT_MONTHS.max}`;

/** A whole number of months within `range`, with one message for every way to miss it. */
const monthsField = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

/** The organisation's own privacy policy, linked from the supporter notice. */
export const POLICY_URL_MAX = 500;
export const POLICY_URL_MESSAGE = `Privacy policy link must be an https:// or http:// address of at most ${POLICY_URL_MAX} characters`;

/** An absolute http(s) address with a host and no spaces. */
function isWebAddress(v: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v)) return false;
  try {
    return new URL(v).hostname !== '';
  } catch {
    return false;
  }
}

export const policyUrlField = z
  .string({ error: POLICY_URL_MESSAGE })
  .trim()
  .max(POLICY_URL_MAX, POLICY_URL_MESSAGE)
  .refine((v) => v === '' || isWebAddress(v), POLICY_URL_MESSAGE);

export const privacySettingsSchema = z.object({
  /** Raw events (shares, click-throughs, visits) lose names, messages and visitor ids after this many months. */
  personalDataMonths: monthsField(PERSONAL_DATA_MONTHS, MONTHS_MESSAGE),
  /** Audit entries older than this lose their actor once that person is no longer a member. */
  auditMonths: monthsField(AUDIT_MONTHS, AUDIT_MONTHS_MESSAGE),
  /** Linked as "Privacy policy" from the supporter page's and the share card's notice; '' for none. */
  policyUrl: policyUrlField,
});

/** The blocked-words list's bounds (docs/api.md "Blocked words"). */
export const BLOCKED_WORDS = { maxEntries: 200, maxLength: 60 } as const;
const BLOCKED_WORD_MESSAGE = `Each blocked word or phrase must be 1 to ${BLOCKED_WORDS.maxLength} characters`;

/** Rules on what supporters post in the organisation's name (docs/api.md "Review and guardrails"). */
export const guardrailSettingsSchema = z.object({
  /** Words and phrases a personal message may not contain; returned to members only. */
  blockedWords: z.array(z.string()),
});

/** What an admin may send: each entry trimmed, 1 to 60 characters, at most 200, duplicates dropped. */
export const guardrailSettingsInputSchema = z.strictObject({
  blockedWords: z
    .array(
      z
        .string()
        .trim()
        .min(1, BLOCKED_WORD_MESSAGE)
        .max(BLOCKED_WORDS.maxLength, BLOCKED_WORD_MESSAGE)
        // Only invisible characters (zero-width, soft hyphen) would match nothing: refused, not kept.
        .refine((v) => v.replace(/[\p{Cf}\s]/gu, '') !== '', BLOCKED_WORD_MESSAGE)
        // One space between words: the list shows what matching compares.
        .transform((v) => v.replace(/\s+/g, ' ')),
    )
    .max(BLOCKED_WORDS.maxEntries, `At most ${BLOCKED_WORDS.maxEntries} blocked words or phrases`)
    .transform((words) => [...new Set(words)]),
});
/** Review before publishing (docs/api.md "Review and guardrails"): off unless an admin turns it on. */
export const reviewSettingsSchema = z.object({ required: z.boolean() });

export const organizationSettingsSchema = z.object({
  general: generalSettingsSchema,
  notifications: notificationSettingsSchema,
  branding: brandingSettingsSchema,
  supporters: supporterSettingsSchema,
  embed: embedSettingsSchema,
  privacy: privacySettingsSchema,
  guardrails: guardrailSettingsSchema,
  review: reviewSettingsSchema,
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** PUT /api/organization/settings: any subset of sections and fields; the rest is kept. */
export const updateSettingsSchema = z.strictObject({
  general: generalSettingsSchema.strict().partial().optional(),
  notifications: notificationSettingsSchema.strict().partial().optional(),
  branding: brandingSettingsSchema.strict().partial().optional(),
  supporters: supporterSettingsSchema.strict().partial().optional(),
  embed: embedSettingsInputSchema.partial().optional(),
  privacy: privacySettingsSchema.strict().partial().optional(),
  guardrails: guardrailSettingsInputSchema.partial().optional(),
  review: reviewSettingsSchema.strict().partial().optional(),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const DEFAULT_TIME_ZONE = 'UTC';
export const DEFAULT_PRIMARY_COLOR = '#1d4ed8';
export const DEFAULT_ACCENT_COLOR = '#f59e0b';

/** Everything but the organisation's name, description, language and retention, which live on its own row. */
export const DEFAULT_SETTINGS: Omit<OrganizationSettings, 'general' | 'privacy'> & {
  general: Pick<OrganizationSettings['general'], 'website' | 'contactEmail' | 'timeZone'>;
  privacy: Pick<OrganizationSettings['privacy'], 'policyUrl'>;
} = {
  // UTC until an admin picks a zone: the same days the analytics API uses without `tz`.
  general: { website: '', contactEmail: '', timeZone: DEFAULT_TIME_ZONE },
  notifications: { campaignUpdates: true, newSupporters: true, milestones: true, weeklyDigest: false },
  branding: { logoUrl: '', primaryColor: DEFAULT_PRIMARY_COLOR, accentColor: DEFAULT_ACCENT_COLOR },
  supporters: { collectInfo: true },
  embed: { allowedOrigins: [] },
  privacy: { policyUrl: '' },
  guardrails: { blockedWords: [] },
  review: { required: false },
};

/** What the public supporter page shows of the organisation (in the campaign JSON). */
export const supporterOrganizationSchema = z.object({
  name: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  collectInfo: z.boolean(),
  /** The organisation's privacy policy ('' for none): the notice links to it. */
  privacyPolicyUrl: z.string(),
});
export type SupporterOrganization = z.infer<typeof supporterOrganizationSchema>;
