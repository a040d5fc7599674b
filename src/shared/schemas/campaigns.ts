import { z } from 'zod';
import { MAX_DESCRIPTION, MAX_NAME, MIN_CAMPAIGN_NAME } from '../constants.ts';
import { assetSchema } from './assets.ts';
import { idField, idParam, timestampField } from './common.ts';

export const campaignNameField = z
  .string()
  .trim()
  .min(MIN_CAMPAIGN_NAME, 'Campaign name must be at least 3 characters')
  .max(MAX_NAME, `Campaign name must be at most ${MAX_NAME} characters`);

const isoDate = z.iso
  .datetime({ offset: true, error: 'Must be an ISO-8601 date-time' })
  .or(z.iso.date({ error: 'Must be an ISO-8601 date' }));

export const createCampaignSchema = z.strictObject({
  name: campaignNameField,
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`)
    .optional(),
  status: z.string().trim().min(1).max(40).default('active'),
  /** Optional: the server uses the caller's organisation when absent; any other is refused. */
  organizationId: idParam.optional(),
  startDate: isoDate.nullish(),
  endDate: isoDate.nullish(),
});
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;

/** The create-campaign dialog form. */
export const campaignFormSchema = z.object({
  name: campaignNameField,
  description: z.string().max(MAX_DESCRIPTION).optional(),
});
export type CampaignFormInput = z.infer<typeof campaignFormSchema>;

export const assetOrderSchema = z.strictObject({
  assetIds: z.array(idParam).max(1000),
});
export type AssetOrderInput = z.infer<typeof assetOrderSchema>;

export const campaignSchema = z.object({
  id: idField,
  name: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  organizationId: idField,
  /** A UTC date-time, or a plain yyyy-MM-dd date as it was given. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: timestampField,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/campaigns/:id: the campaign with its assets in display order. */
export const campaignWithAssetsSchema = campaignSchema.extend({ assets: z.array(assetSchema) });
export type CampaignWithAssets = z.infer<typeof campaignWithAssetsSchema>;

// The stats types live in stats.ts; re-exported for modules that still import them from here.
export type { CampaignStats, DailyStat } from './stats.ts';
