import { z } from 'zod';
import { ASSET_TYPES, MAX_NAME } from '../constants.ts';
import { assetSchema } from './assets.ts';
import { CREATE_STATUSES } from '../campaign-lifecycle.ts';
import { campaignNameField, campaignSchema } from './campaigns.ts';
import { descriptionField, idParam, trimmedText } from './common.ts';

/** Built-in ids are slugs ('donation-drive'); an organisation's own are 'custom-<n>'. */
export const templateIdField = z
  .string()
  .regex(/^(custom-[1-9][0-9]{0,8}|[a-z][a-z0-9-]{1,60})$/, 'Unknown template');
export const templateParamsSchema = z.strictObject({ id: templateIdField });

/**
 * POST /api/templates/:id/use: the new campaign's name (the template's name when
 * absent) and whether it starts live or as a draft (active when absent).
 */
export const useTemplateSchema = z.strictObject({
  name: campaignNameField.optional(),
  status: z.enum(CREATE_STATUSES, { error: 'A new campaign must be draft or active' }).optional(),
});
export type UseTemplateInput = z.infer<typeof useTemplateSchema>;

/** The 'Use this template' dialog form: the new campaign's name. */
export const useTemplateFormSchema = z.object({ name: campaignNameField });
export type UseTemplateFormInput = z.infer<typeof useTemplateFormSchema>;

/** POST /api/templates: save an existing campaign's assets as the organisation's own template. */
export const createTemplateSchema = z.strictObject({
  campaignId: idParam,
  name: trimmedText('Template name', MAX_NAME, 3),
  description: descriptionField.optional(),
});
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

/** A starter asset: what becomes an asset of the campaign a template creates. */
export const templateAssetSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(ASSET_TYPES),
  content: z.string(),
});
export type TemplateAsset = z.infer<typeof templateAssetSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  /** True for the templates every organisation has; false for an organisation's own. */
  builtIn: z.boolean(),
  assets: z.array(templateAssetSchema),
});
export type Template = z.infer<typeof templateSchema>;

/**
 * POST /api/templates/:id/use: the campaign created and its assets. `keptDraft` is
 * true when review before publishing made it a draft although it was asked live (an
 * editor's, while the organisation asks for review): publishing it is then reviewed.
 */
export const usedTemplateSchema = z.object({
  campaign: campaignSchema,
  assets: z.array(assetSchema),
  keptDraft: z.boolean().optional(),
});
export type UsedTemplate = z.infer<typeof usedTemplateSchema>;
