import { z } from 'zod';
import type { AssetType } from '../constants.ts';
import { MAX_DESCRIPTION, MAX_NAME } from '../constants.ts';
import { campaignNameField } from './campaigns.ts';
import type { Asset } from './assets.ts';
import type { Campaign } from './campaigns.ts';
import { idParam } from './common.ts';

/** Built-in ids are slugs ('donation-drive'); an organisation's own are 'custom-<n>'. */
export const templateIdField = z
  .string()
  .regex(/^(custom-[1-9][0-9]{0,8}|[a-z][a-z0-9-]{1,60})$/, 'Unknown template');
export const templateParamsSchema = z.strictObject({ id: templateIdField });

/** POST /api/templates/:id/use: the new campaign's name, the template's name when absent. */
export const useTemplateSchema = z.strictObject({
  name: campaignNameField.optional(),
});
export type UseTemplateInput = z.infer<typeof useTemplateSchema>;

/** POST /api/templates: save an existing campaign's assets as the organisation's own template. */
export const createTemplateSchema = z.strictObject({
  campaignId: idParam,
  name: z
    .string()
    .trim()
    .min(3, 'Template name must be at least 3 characters')
    .max(MAX_NAME, `Template name must be at most ${MAX_NAME} characters`),
  description: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION, `Description must be at most ${MAX_DESCRIPTION} characters`)
    .optional(),
});
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

export interface TemplateAsset {
  title: string;
  description: string | null;
  type: AssetType;
  content: string;
}

export interface Template {
  id: string;
  name: string;
  description: string;
  category: string;
  builtIn: boolean;
  assets: TemplateAsset[];
}

export interface UsedTemplate {
  campaign: Campaign;
  assets: Asset[];
}
