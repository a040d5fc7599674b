import { z } from 'zod';
import { MAX_DESCRIPTION, MAX_NAME, MIN_CAMPAIGN_NAME } from '../constants.ts';
import type { Asset } from './assets.ts';
import { idParam } from './common.ts';
import { CREATE_STATUSES } from '../campaign-lifecycle.ts';
import type { Stats } from './shares.ts';

export const campaignNameField = z
  .string()
  .trim()
  .min(MIN_CAMPAIGN_NAME, 'Campaign name must be at least 3 characters')
  .max(MAX_NAME, `Campaign name must be at most ${MAX_NAME} characters`);

export const isoDate = z.iso
  .datetime({ offset: true, error: 'Must be an ISO-8601 date-time' })
  .or(z.iso.date({ error: 'Must be an ISO-8601 date' }));

export const createCampaignSchema = z.strictObject({
  name: campaignNameField,
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`)
    .optional(),
  /** New campaigns start live or as a draft; the other statuses are reached by editing. */
  status: z.enum(CREATE_STATUSES, { error: 'A new campaign must be draft or active' }).default('active'),
  /** Optional: the server uses the caller's organisation when absent (SPEC.md section 5). */
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

export interface Campaign {
  id: number;
  name: string;
  description: string | null;
  status: string;
  organizationId: number;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
}

/** GET /api/campaigns/:id: the campaign with its assets in display order. */
export interface CampaignWithAssets extends Campaign {
  assets: Asset[];
}

/** One UTC day of the analytics chart. */
export interface DailyStat {
  /** yyyy-MM-dd (UTC) */
  date: string;
  shares: number;
  clicks: number;
}

/** GET /api/campaigns/:id/stats: API.md "Stats" plus the last 30 days, oldest first. */
export interface CampaignStats extends Stats {
  daily: DailyStat[];
}
