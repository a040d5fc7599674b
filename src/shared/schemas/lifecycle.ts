import { z } from 'zod';
import { ASSET_TYPES, MAX_DESCRIPTION } from '../constants.ts';
import { CAMPAIGN_STATUSES } from '../campaign-lifecycle.ts';
import { assetContentField, assetTitleField, assetTypeField } from './assets.ts';
import { campaignNameField, isoDate } from './campaigns.ts';
import { idParam } from './common.ts';

// Requests and responses of the campaign and asset lifecycle routes: edit, archive,
// duplicate, status filter, asset edit and delete.

export const campaignStatusField = z.enum(CAMPAIGN_STATUSES, {
  error: `Status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
});

const descriptionField = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`);

const atLeastOneField = {
  message: 'Send at least one field to change',
  path: [],
};

/** PUT /api/campaigns/:id: every field optional; `null` clears a date. */
export const updateCampaignSchema = z
  .strictObject({
    name: campaignNameField.optional(),
    description: descriptionField.nullish(),
    status: campaignStatusField.optional(),
    startDate: isoDate.nullish(),
    endDate: isoDate.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), atLeastOneField);
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

/** PUT /api/assets/:id: the create rules, every field optional. */
export const updateAssetSchema = z
  .strictObject({
    title: assetTitleField.optional(),
    description: descriptionField.nullish(),
    type: assetTypeField.optional(),
    content: assetContentField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), atLeastOneField);
export type UpdateAssetInput = z.infer<typeof updateAssetSchema>;

export const campaignResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  organizationId: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});

export const assetResponseSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(ASSET_TYPES),
  content: z.string(),
  campaignId: z.number(),
  organizationId: z.number(),
  position: z.number(),
  createdAt: z.string(),
});

/** POST /api/campaigns/:id/duplicate: the new draft and its copied assets, in display order. */
export const duplicatedCampaignResponseSchema = campaignResponseSchema.extend({
  assets: z.array(assetResponseSchema),
});
export type DuplicatedCampaign = z.infer<typeof duplicatedCampaignResponseSchema>;
