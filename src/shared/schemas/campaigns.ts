import { z } from 'zod';
import { MAX_DESCRIPTION, MAX_NAME, MIN_CAMPAIGN_NAME } from '../constants.ts';
import { CAMPAIGN_STATUSES, CREATE_STATUSES } from '../campaign-lifecycle.ts';
import { UTM_VALUE, UTM_VALUE_MAX, UTM_VALUE_MESSAGE } from '../utm.ts';
import { assetSchema } from './assets.ts';
import { goalInputSchema } from './goal-payloads.ts';
import { campaignGoalSchema } from './goals.ts';
import { DEFAULT_NOT_OFFERED, languagesField, localeField } from './languages.ts';
import {
  atLeastOneField,
  descriptionField,
  idField,
  idParam,
  timestampField,
  trimmedText,
} from './common.ts';

export const campaignNameField = trimmedText('Campaign name', MAX_NAME, MIN_CAMPAIGN_NAME);

/** The longest disclosure line (docs/api.md "Disclosure line"). */
export const MAX_DISCLOSURE = 100;
export const DISCLOSURE_TOO_LONG = `The disclosure line must be at most ${MAX_DISCLOSURE} characters`;
/** The line every share of a campaign carries (`#ad`): trimmed; blank or null clears it. */
export const disclosureField = z.string().trim().max(MAX_DISCLOSURE, DISCLOSURE_TOO_LONG).nullish();

const isoDate = z.iso
  .datetime({ offset: true, error: 'Must be an ISO-8601 date-time' })
  .or(z.iso.date({ error: 'Must be an ISO-8601 date' }));

export const campaignStatusField = z.enum(CAMPAIGN_STATUSES, {
  error: `Status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
});

/** When both are given, the default must be one of the languages (the server checks a lone one against the stored other). */
function defaultAmongLanguages(v: { defaultLanguage?: string | null; languages?: readonly string[] | null }) {
  return !v.defaultLanguage || !v.languages || v.languages.includes(v.defaultLanguage);
}

export const createCampaignSchema = z
  .strictObject({
    name: campaignNameField,
    description: descriptionField.optional(),
    /** New campaigns start live or as a draft; the other statuses are reached by editing. */
    status: z.enum(CREATE_STATUSES, { error: 'A new campaign must be draft or active' }).default('draft'),
    /** Optional: the server uses the caller's organisation when absent; any other is refused. */
    organizationId: idParam.optional(),
    startDate: isoDate.nullish(),
    endDate: isoDate.nullish(),
    /** Absent: the organisation's default language (docs/api.md "Languages"). */
    defaultLanguage: localeField.optional(),
    /** Absent: the default language alone. */
    languages: languagesField.optional(),
    /** The line every share carries (docs/api.md "Disclosure line"); absent or blank: none. */
    disclosure: disclosureField,
    /** Its goal (docs/api.md "Momentum"); absent or null: none. */
    goal: goalInputSchema.nullish(),
  })
  .refine(defaultAmongLanguages, { message: DEFAULT_NOT_OFFERED, path: ['defaultLanguage'] });
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;

/** utm_medium or utm_campaign as staff set it; '' (or null) goes back to the default. */
export const utmValueField = z
  .string()
  .trim()
  .max(UTM_VALUE_MAX, `UTM values must be at most ${UTM_VALUE_MAX} characters`)
  .refine((v) => v === '' || UTM_VALUE.test(v), UTM_VALUE_MESSAGE);

/** PUT /api/campaigns/:id: every field optional; `null` clears a date or the description. */
export const updateCampaignSchema = z
  .strictObject({
    name: campaignNameField.optional(),
    description: descriptionField.nullish(),
    status: campaignStatusField.optional(),
    startDate: isoDate.nullish(),
    endDate: isoDate.nullish(),
    /** UTM tags on the campaign's tracked links (on by default). */
    utmEnabled: z.boolean().optional(),
    utmMedium: utmValueField.nullish(),
    utmCampaign: utmValueField.nullish(),
    /** Languages (docs/api.md "Languages"): dropping one keeps its asset texts, unserved. */
    defaultLanguage: localeField.optional(),
    languages: languagesField.optional(),
    /** The line every share carries; `null` or blank clears it. */
    disclosure: disclosureField,
    /** Its goal (docs/api.md "Momentum"); null removes it. */
    goal: goalInputSchema.nullish(),
  })
  .refine(...atLeastOneField)
  .refine(defaultAmongLanguages, { message: DEFAULT_NOT_OFFERED, path: ['defaultLanguage'] });
export type UpdateCampaignInput = z.infer<typeof updateCampaignSchema>;

/**
 * GET /api/campaigns `?status=`: one status (matched on the status the dashboard
 * shows, so `ended` includes campaigns whose end date passed), or `all`. Absent:
 * every campaign except archived ones.
 */
export const campaignListQuerySchema = z.strictObject({
  org: idParam.optional(),
  status: z
    .enum([...CAMPAIGN_STATUSES, 'all'], {
      error: `Status must be one of ${CAMPAIGN_STATUSES.join(', ')} or all`,
    })
    .optional(),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

/** The create-campaign dialog form. */
export const campaignFormSchema = z.object({
  name: campaignNameField,
  description: z.string().max(MAX_DESCRIPTION).optional(),
});
export type CampaignFormInput = z.infer<typeof campaignFormSchema>;

/** A yyyy-MM-dd from a date input, or '' for no date. */
const formDateField = z.union([z.literal(''), z.iso.date({ error: 'Enter a date' })]);

/**
 * The edit-campaign dialog form: the create fields plus status and dates. Empty
 * description and dates mean "none" (sent as null).
 */
export const campaignEditFormSchema = z
  .object({
    name: campaignNameField,
    description: z.string().max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`),
    status: campaignStatusField,
    startDate: formDateField,
    endDate: formDateField,
    /** '' for none (sent as null). */
    disclosure: z.string().trim().max(MAX_DISCLOSURE, DISCLOSURE_TOO_LONG),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    message: 'End date must be on or after the start date',
    path: ['endDate'],
  });
export type CampaignEditFormInput = z.infer<typeof campaignEditFormSchema>;

export const assetOrderSchema = z.strictObject({
  assetIds: z.array(idParam).max(1000),
});
export type AssetOrderInput = z.infer<typeof assetOrderSchema>;

export const campaignSchema = z.object({
  id: idField,
  name: z.string(),
  description: z.string().nullable(),
  /** One of draft, active, paused, ended, archived (older values were migrated to active). */
  status: z.string(),
  organizationId: idField,
  /** A UTC date-time, or a plain yyyy-MM-dd date as it was given. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: timestampField,
  /** UTM tags on its tracked links: on unless staff turned them off (stored 1 or 0). */
  utmEnabled: z.coerce.boolean(),
  /** utm_medium and utm_campaign as staff set them; null: `social` and the name's slug. */
  utmMedium: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** The language its pages are in unless a supporter's says otherwise. */
  defaultLanguage: localeField,
  /** The languages it offers, in the order its language menu lists them (the default among them). */
  languages: z.array(localeField),
  /** The line every share of it carries (docs/api.md "Disclosure line"); null: none. */
  disclosure: z.string().nullable(),
  /** Its goal (docs/api.md "Momentum"), or null. */
  goal: campaignGoalSchema.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * GET /api/campaigns/:id, and POST /api/campaigns/:id/duplicate (the new draft with
 * its copied assets): the campaign with its assets in display order.
 */
export const campaignWithAssetsSchema = campaignSchema.extend({ assets: z.array(assetSchema) });
export type CampaignWithAssets = z.infer<typeof campaignWithAssetsSchema>;

// The stats types live in stats.ts; re-exported for modules that still import them from here.
export type { CampaignStats, DailyStat } from './stats.ts';
