import {
  DEFAULT_SETTINGS,
  LOGO_URL_MESSAGE,
  type OrganizationSettings,
  type SupporterOrganization,
  UPLOADED_IMAGE_PATH,
  type UpdateSettingsInput,
} from '#shared/schemas/settings.ts';
import { canonicalTimeZone } from '#shared/schemas/time-zone.ts';
import { storedLocale } from '#shared/schemas/languages.ts';
import type { Db } from '../../db/client.ts';
import { auditedWrite, type OrgWrite } from '../../lib/audit.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { LOGO_MAX_BYTES } from '#shared/constants.ts';
import { LOGO_LIMIT_TEXT } from '#shared/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { nowIso } from '../../lib/time.ts';
import type { SupporterCacheInvalidator } from '../../lib/supporter-cache-invalidator.ts';
import { UPLOADS_PREFIX } from '../uploads/index.ts';

const MB = 1024 * 1024;

// The organisation's name and description live on its own row (the rest of the app
// reads them there), and so does its privacy retention (the retention job reads it in
// SQL, migration 0035); everything else (the privacy policy link too) is one JSON
// document per organisation, merged over the defaults on read, so a new setting needs
// no migration.

type StoredSettings = typeof DEFAULT_SETTINGS;

const SECTIONS = [
  'general',
  'notifications',
  'branding',
  'supporters',
  'embed',
  'privacy',
  'guardrails',
  'review',
] as const;

/** Stored JSON over the defaults, section by section, keeping only known keys of the right type. */
function withDefaults(raw: string | undefined): StoredSettings {
  let parsed: Record<string, Record<string, unknown>> = {};
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    parsed = {};
  }
  const out = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
  for (const section of SECTIONS) {
    for (const [key, fallback] of Object.entries(out[section])) {
      const value = parsed?.[section]?.[key];
      if (typeof value === typeof fallback && Array.isArray(value) === Array.isArray(fallback))
        out[section][key] = value;
    }
  }
  return out as unknown as StoredSettings;
}

async function readSettings(db: Db, orgId: number): Promise<OrganizationSettings> {
  const [org, row] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['name', 'description', 'personalDataMonths', 'auditMonths', 'defaultLanguage'])
      .where('id', '=', orgId)
      .executeTakeFirst(),
    db
      .selectFrom('organizationSettings')
      .select('data')
      .where('organizationId', '=', orgId)
      .executeTakeFirst(),
  ]);
  if (!org) throw notFound('NOT_FOUND', 'Organization not found');
  const stored = withDefaults(row?.data);
  return {
    ...stored,
    general: {
      name: org.name,
      description: org.description ?? '',
      ...stored.general,
      // A zone saved by an old name (Europe/Kiev) reads by its current one (Europe/Kyiv).
      timeZone: canonicalTimeZone(stored.general.timeZone),
      defaultLanguage: storedLocale(org.defaultLanguage),
    },
    privacy: {
      personalDataMonths: org.personalDataMonths,
      auditMonths: org.auditMonths,
      policyUrl: stored.privacy.policyUrl,
    },
  };
}

export const getSettings = readSettings;

/** What the public supporter page shows of the organisation behind a campaign. */
export async function supporterOrganization(db: Db, orgId: number): Promise<SupporterOrganization> {
  const s = await readSettings(db, orgId);
  return {
    name: s.general.name,
    logoUrl: s.branding.logoUrl,
    primaryColor: s.branding.primaryColor,
    accentColor: s.branding.accentColor,
    collectInfo: s.supporters.collectInfo,
    privacyPolicyUrl: s.privacy.policyUrl,
  };
}

/** Whether the organisation has its editors' public changes reviewed (docs/api.md "Review before publishing"). */
export async function reviewRequired(db: Pick<Db, 'selectFrom'>, orgId: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizationSettings')
    .select('data')
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  return withDefaults(row?.data).review.required;
}

/**
 * Whether this member's public writes wait for a reviewer: an editor's, while the
 * organisation asks for review (an admin's go live, a viewer writes nothing). The one
 * rule the review gate, templates used and bulk imports share.
 */
export async function editorWaitsForReview(
  db: Pick<Db, 'selectFrom'>,
  user: { role: string; organizationId: number | null },
): Promise<boolean> {
  if (user.role !== 'editor' || !user.organizationId) return false;
  return reviewRequired(db, user.organizationId);
}

/** The sites allowed to frame the organisation's share cards (the embed page's CSP). */
export async function embedAllowedOrigins(db: Db, orgId: number): Promise<string[]> {
  const row = await db
    .selectFrom('organizationSettings')
    .select('data')
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  return withDefaults(row?.data).embed.allowedOrigins;
}

/**
 * The organisation's blocked words (docs/api.md "Blocked words"): the settings
 * document alone, read only when a supporter's words are to be checked.
 */
export async function blockedWordsOf(db: Db, orgId: number): Promise<string[]> {
  const row = await db
    .selectFrom('organizationSettings')
    .select('data')
    .where('organizationId', '=', orgId)
    .executeTakeFirst();
  return withDefaults(row?.data).guardrails.blockedWords.filter((w) => typeof w === 'string');
}

/** An uploaded logo must be an image this instance actually stores, within the logo limit. */
async function checkLogo(storage: FileStorage, logoUrl: string | undefined) {
  if (!logoUrl || !UPLOADED_IMAGE_PATH.test(logoUrl)) return;
  const size = await storage.size(logoUrl.slice(UPLOADS_PREFIX.length));
  if (size === undefined) throw badRequest('LOGO_INVALID', LOGO_URL_MESSAGE);
  if (size > LOGO_MAX_BYTES) {
    const message = `The logo is ${(size / MB).toFixed(1)} MB; a logo can be ${LOGO_LIMIT_TEXT}. Pick a smaller image.`;
    // Named on the field, so the branding card shows it under the logo.
    throw new HttpError(400, 'LOGO_TOO_LARGE', message, {
      errors: [{ path: 'branding.logoUrl', message }],
      params: { maxBytes: LOGO_MAX_BYTES },
    });
  }
}

export async function updateSettings(
  opts: OrgWrite & {
    storage: FileStorage;
    supporterCache: SupporterCacheInvalidator;
    input: UpdateSettingsInput;
  },
): Promise<OrganizationSettings> {
  const { db, storage, orgId, input } = opts;
  await checkLogo(storage, input.branding?.logoUrl);
  await auditedWrite(opts, async (trx, audit) => {
    const row = await trx
      .selectFrom('organizationSettings')
      .select('data')
      .where('organizationId', '=', orgId)
      .executeTakeFirst();
    const stored = withDefaults(row?.data);
    const { name, description, defaultLanguage, ...general } = input.general ?? {};
    const next: StoredSettings = {
      general: { ...stored.general, ...general },
      notifications: { ...stored.notifications, ...input.notifications },
      branding: { ...stored.branding, ...input.branding },
      supporters: { ...stored.supporters, ...input.supporters },
      embed: { ...stored.embed, ...input.embed },
      privacy: { policyUrl: input.privacy?.policyUrl ?? stored.privacy.policyUrl },
      guardrails: { ...stored.guardrails, ...input.guardrails },
      review: { ...stored.review, ...input.review },
    };
    const { personalDataMonths, auditMonths } = input.privacy ?? {};
    const columns = {
      ...(name !== undefined && { name }),
      ...(description !== undefined && { description: description || null }),
      ...(defaultLanguage !== undefined && { defaultLanguage }),
      ...(personalDataMonths !== undefined && { personalDataMonths }),
      ...(auditMonths !== undefined && { auditMonths }),
    };
    if (Object.keys(columns).length > 0) {
      await trx.updateTable('organizations').set(columns).where('id', '=', orgId).execute();
    }
    const data = JSON.stringify(next);
    const now = nowIso();
    await trx
      .insertInto('organizationSettings')
      .values({ organizationId: orgId, data, updatedAt: now })
      .onConflict((oc) => oc.column('organizationId').doUpdateSet({ data, updatedAt: now }))
      .execute();
    await audit(
      'organization.settings_updated',
      SECTIONS.filter((s) => input[s] !== undefined).join(', ') || 'nothing',
    );
  });
  // Every supporter view embeds its organisation's name and branding: drop them all,
  // here and on the other instances (one notification, however many campaigns).
  opts.supporterCache.invalidateAll();
  return readSettings(db, orgId);
}
