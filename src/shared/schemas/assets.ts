import { z } from 'zod';
import {
  ASSET_TYPES,
  MAX_VARIANTS,
  MAX_NAME,
  MAX_SHARE_TEXT,
  MAX_TEXT_CONTENT,
  MIN_ASSET_TITLE,
} from '../constants.ts';
import {
  atLeastOneField,
  descriptionField,
  idField,
  idParam,
  timestampField,
  trimmedText,
} from './common.ts';
import { videoSiteOf } from '../video-sites.ts';
import { altTextField, translationsField, translationsSchema } from './languages.ts';

export const assetTypeField = z.enum(ASSET_TYPES, { error: 'Type must be image, video or text' });

export const assetTitleField = trimmedText('Title', MAX_NAME, MIN_ASSET_TITLE);

export const assetContentField = z
  .string()
  .trim()
  .min(1, 'Content is required')
  .max(MAX_TEXT_CONTENT, `Content must be at most ${MAX_TEXT_CONTENT} characters`);

/** Image and video content is a URL: absolute http(s) or one of our own uploads. */
export function isMediaUrl(value: string): boolean {
  if (value.startsWith('/uploads/')) return true;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export const MEDIA_RULE = 'Content must be an http(s) URL or an uploaded file for image and video assets';

/** What an image or video asset may not hold as content, said as what works instead. */
export function videoPageRefusal(site: string, type: string): string {
  const file =
    type === 'image' ? 'an image file (PNG, JPEG, GIF or WebP)' : 'the video file (MP4, WebM or MOV)';
  return (
    `A ${site} link is a web page, not a file: it cannot play on the supporter page. ` +
    `Upload ${file} or link straight to it; to share the ${site} video itself, add a text asset with its link.`
  );
}

/** Why this content cannot be an asset of this type, or null when it can. */
export function mediaContentError(type: string, content: string): string | null {
  if (type === 'text') return null;
  if (!isMediaUrl(content)) return MEDIA_RULE;
  const site = videoSiteOf(content);
  return site ? videoPageRefusal(site, type) : null;
}

/**
 * What supporters post with an image or video (the title stays internal). Text assets
 * share their content, so they have none. Blank falls back to the description, then the
 * campaign's description (assetShareText), never the title.
 */
export const assetShareTextField = trimmedText('Share text', MAX_SHARE_TEXT);

/**
 * One share-text variant in a create or edit payload. `id` may be sent back as the
 * asset listed it; what keeps a variant's id (and its numbers) is its unchanged text.
 */
export const variantInputSchema = z.strictObject({
  id: idField.optional(),
  text: assetShareTextField.min(1, 'Variant text is required'),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

/** Replaces the asset's variants: 0 to MAX_VARIANTS different texts. */
export const variantsField = z
  .array(variantInputSchema, { error: 'variants must be a list of {text}' })
  .max(MAX_VARIANTS, `An asset can have at most ${MAX_VARIANTS} share-text variants`)
  .refine((list) => new Set(list.map((v) => v.text)).size === list.length, {
    message: 'Share-text variants must differ from each other',
  });

const assetFields = {
  title: assetTitleField,
  description: descriptionField.optional(),
  type: assetTypeField,
  content: assetContentField,
  shareText: assetShareTextField.optional(),
  variants: variantsField.optional(),
  /** What an image shows (its alt text); absent or blank: the description serves. */
  altText: altTextField.optional(),
  /**
   * Its words in the campaign's other languages (docs/api.md "Languages"), keyed by
   * locale; on an edit each language named is replaced, the others are kept.
   */
  translations: translationsField.optional(),
  /**
   * Whether supporters may edit its words too, or only add a personal message above
   * them (false, the default; docs/api.md "Locked text").
   */
  textEditable: z.boolean().optional(),
};

/** The media rule on a whole asset, reported on `content`. */
const mediaRule = (v: { type: string; content: string }, ctx: z.RefinementCtx) => {
  const message = mediaContentError(v.type, v.content);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['content'] });
};

export const createAssetSchema = z
  .strictObject({
    ...assetFields,
    campaignId: idParam,
    organizationId: idParam.optional(),
  })
  .superRefine(mediaRule);
export type CreateAssetInput = z.infer<typeof createAssetSchema>;

/**
 * PUT /api/assets/:id: the create rules, every field optional; `null` clears the
 * description or the share text. The media rule is checked on the merged asset by
 * the server, since a new type may arrive without new content or the other way round.
 */
export const updateAssetSchema = z
  .strictObject(assetFields)
  .partial()
  .extend({
    description: descriptionField.nullish(),
    shareText: assetShareTextField.nullish(),
    altText: altTextField.nullish(),
  })
  .refine(...atLeastOneField);
export type UpdateAssetInput = z.infer<typeof updateAssetSchema>;

/** The add-asset dialog form (campaign and organisation come from the page). */
export const assetFormSchema = z.object(assetFields).superRefine(mediaRule);
export type AssetFormInput = z.infer<typeof assetFormSchema>;

/** Said by the form and the server alike when upload-from-url gets no URL. */
export const URL_TO_DOWNLOAD_REQUIRED = 'Please enter a URL to download';

export const uploadFromUrlSchema = z.strictObject({
  imageUrl: z.string().trim().min(1, URL_TO_DOWNLOAD_REQUIRED).max(2048, 'URL is too long'),
});

/** A share-text variant as responses carry it. */
export const assetVariantSchema = z.object({ id: idField, text: z.string() });
export type AssetVariant = z.infer<typeof assetVariantSchema>;

export const assetSchema = z.object({
  id: idField,
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(ASSET_TYPES),
  /** The text itself for text assets; an http(s) URL or /uploads/ path for media. */
  content: z.string(),
  campaignId: idField,
  organizationId: idField,
  /** The caption supporters share with an image or video; null falls back to the description (assetShareText). */
  shareText: z.string().nullable(),
  /** The image's alt text; null: the description serves. */
  altText: z.string().nullable(),
  /** Display order within the campaign (ties broken by id). */
  position: z.number().int(),
  createdAt: timestampField,
  /** Staff reads: the asset's share-text variants in order (the supporter view never lists them). */
  variants: z.array(assetVariantSchema).optional(),
  /** The supporter view: the one variant this visitor is shown (sticky), null when the asset has none. */
  variant: assetVariantSchema.nullable().optional(),
  /** Staff reads: its words in other languages, keyed by locale (kept for a dropped language too). */
  translations: translationsSchema.optional(),
  /**
   * GET /api/campaigns/:id: per language the campaign offers besides its default, the
   * fields given in the default language that have no translation (`{ es: ['shareText'] }`).
   */
  missingTranslations: z.record(z.string(), z.array(z.string())).optional(),
  /** Whether supporters may edit its words (true) or only add a message above them (stored 1 or 0). */
  textEditable: z.coerce.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

export const uploadedFileSchema = z.object({
  /** Always under /uploads/, usable as an asset's content. */
  url: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** POST /api/upload and /api/upload-from-url. */
export const uploadResponseSchema = z.object({ file: uploadedFileSchema });
