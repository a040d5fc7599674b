import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaign-lifecycle.ts';
import {
  assetContentField,
  assetShareTextField,
  assetTitleField,
  assetTypeField,
  mediaContentError,
} from './assets.ts';
import { campaignNameField } from './campaigns.ts';
import { descriptionField, fieldErrorSchema } from './common.ts';

// Bulk import of campaigns and assets (docs/api.md "Bulk import"): one row per asset,
// the same columns in a CSV file and in a JSON body's `rows`. The rules are the
// create forms' (shared fields), so an imported asset is one the API would accept.

/** The columns, in the template's order. */
export const IMPORT_COLUMNS = [
  'external_id',
  'campaign_external_id',
  'campaign_name',
  'campaign_status',
  'asset_type',
  'title',
  'share_text',
  'description',
  'media_url',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Rows one import may hold: enough for a season of campaigns, small enough for one transaction. */
export const MAX_IMPORT_ROWS = 1000;
/** The largest file (or JSON body) an import takes. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_EXTERNAL_ID = 200;
export const MAX_MEDIA_URL = 2048;

/** A CSV's empty cell and a JSON null both mean "not given". */
const blankToAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Spreadsheets turn ids into numbers: a JSON number is taken as its text. */
const numberToText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const cell = <T extends z.ZodType>(field: T) => z.preprocess((v) => blankToAbsent(numberToText(v)), field);

/**
 * The import's own checks (across rows, against the organisation's data, and the row
 * schema's own rules below), each a rule with its values (`importRowErrorSchema`), so
 * the client words them in the reader's language; `message` keeps the English.
 */
export const IMPORT_RULES = [
  /** Rows of one campaign name it differently: `params.row` gives `params.name`. */
  'campaign_name_differs',
  /** Rows of one campaign give it different statuses: `params.row` gives `params.status`. */
  'campaign_status_differs',
  /** A new campaign given a status it cannot start with: `params.statuses` are those it can. */
  'new_campaign_status',
  /** The campaign (`params.name`) is archived. */
  'campaign_archived',
  /** The campaign cannot move from `params.from` to `params.to`. */
  'status_change_not_allowed',
  /** An ended campaign past its end date re-opens from its page. */
  'ended_reopens_from_page',
  /** Publishing keeps an image or video (`params.title`) with no words for supporters. */
  'publish_needs_words',
  /** A live campaign (`params.status`) and an image or video (`params.assetType`) with no words. */
  'live_needs_words',
  /** An editor's import while review before publishing is on: drafts only. */
  'drafts_only',
  /** `params.externalId` is used by an earlier row, `params.row`. */
  'external_id_repeated',
  /** The asset `params.externalId` is in another campaign. */
  'asset_in_other_campaign',
  /** The media's host cannot be fetched from (upload-from-url's one answer). */
  'media_unreachable',
  /** Media from more than `params.maximum` sites. */
  'too_many_media_sites',
  /** A text asset without share_text (its content). */
  'text_needs_share_text',
  /** A text asset with a media_url. */
  'text_has_no_media',
  /** An image or video (`params.assetType`) without media_url. */
  'media_needs_url',
  /** A media_url that is not an http(s) address. */
  'media_url_scheme',
] as const;
export type ImportRule = (typeof IMPORT_RULES)[number];

/** The values an import rule is worded with. */
export const importRuleParamsSchema = z
  .object({
    row: z.number().int(),
    name: z.string(),
    status: z.string(),
    statuses: z.array(z.string()),
    from: z.string(),
    to: z.string(),
    title: z.string(),
    assetType: z.string(),
    externalId: z.string(),
  })
  .partial();
/** With a field rule's `maximum` (too_many_media_sites). */
export type ImportRuleParams = z.infer<typeof importRuleParamsSchema> & { maximum?: number };

/** A custom issue's `params` naming its import rule (read back by the import's dry run). */
const importRule = (rule: ImportRule, params: ImportRuleParams = {}) => ({ importRule: rule, ...params });

const externalIdField = z
  .string()
  .trim()
  .min(1)
  .max(MAX_EXTERNAL_ID, `An external id must be at most ${MAX_EXTERNAL_ID} characters`);

export const importRowSchema = z
  .strictObject({
    external_id: cell(externalIdField.optional()),
    campaign_external_id: cell(externalIdField.optional()),
    campaign_name: cell(campaignNameField),
    campaign_status: cell(
      z
        .enum(CAMPAIGN_STATUSES, {
          error: `campaign_status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
        })
        .optional(),
    ),
    asset_type: cell(assetTypeField),
    title: cell(assetTitleField),
    // Checked below: a text asset's words are its content (longer than a caption may be).
    share_text: cell(z.string().trim().optional()),
    description: cell(descriptionField.optional()),
    media_url: cell(
      z
        .string()
        .trim()
        .max(MAX_MEDIA_URL, `media_url must be at most ${MAX_MEDIA_URL} characters`)
        .optional(),
    ),
  })
  .superRefine((row, ctx) => {
    // The field's own issue (its rule and bound, so the client can word it), on share_text.
    const onShareText = (error: z.ZodError) => ({ ...error.issues[0], path: ['share_text'] });
    if (row.asset_type === 'text') {
      // A text asset shares its own words: share_text is its content.
      if (row.share_text === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'A text asset needs its words in share_text',
          path: ['share_text'],
          params: importRule('text_needs_share_text'),
        });
      else {
        const content = assetContentField.safeParse(row.share_text);
        if (!content.success) ctx.addIssue(onShareText(content.error));
      }
      if (row.media_url !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'A text asset has no media: leave media_url empty or make it an image or video',
          path: ['media_url'],
          params: importRule('text_has_no_media'),
        });
      return;
    }
    if (row.share_text !== undefined) {
      const caption = assetShareTextField.safeParse(row.share_text);
      if (!caption.success) ctx.addIssue(onShareText(caption.error));
    }
    if (row.media_url === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `An ${row.asset_type} needs a media_url: the http(s) address of the file`,
        path: ['media_url'],
        params: importRule('media_needs_url', { assetType: row.asset_type }),
      });
      return;
    }
    // Imported media are downloaded into the upload store: a web address only.
    if (!/^https?:\/\//i.test(row.media_url))
      ctx.addIssue({
        code: 'custom',
        message: 'media_url must be an http:// or https:// address',
        path: ['media_url'],
        params: importRule('media_url_scheme'),
      });
    else {
      const refusal = mediaContentError(row.asset_type, row.media_url);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['media_url'] });
    }
  });
export type ImportRow = z.output<typeof importRowSchema>;

/** POST /api/campaigns/import as JSON: the rows as objects keyed by column. */
export const importBodySchema = z.strictObject({
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: 'rows must be a list of objects keyed by column' })
    .min(1, 'The import has no rows')
    .max(MAX_IMPORT_ROWS, `An import holds at most ${MAX_IMPORT_ROWS} rows: split the file`),
});

/** `?dryRun=false` writes; anything else (or nothing) only checks. */
export const importQuerySchema = z.strictObject({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).default('true'),
});

export const importRowErrorSchema = z.object({
  column: z.string().describe('The column the problem is in (a name from the template)'),
  message: z.string().describe('English'),
  /**
   * The rule the row broke, with its values, so the client words it in the reader's
   * language: a cell that fails the row schema has a VALIDATION_FAILED field error's
   * (docs/api.md "Errors the client words"); the import's own checks one of IMPORT_RULES.
   */
  rule: z
    .union([fieldErrorSchema.shape.rule.unwrap(), z.enum(IMPORT_RULES)])
    .optional()
    .describe('A field rule, or one of the import\'s own rules (docs/api.md "Bulk import")'),
  params: z
    .object({ ...fieldErrorSchema.shape.params.unwrap().shape, ...importRuleParamsSchema.shape })
    .partial()
    .optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const IMPORT_ACTIONS = ['create', 'update'] as const;

export const importRowResultSchema = z.object({
  /** 1 for the first row under the header (a JSON body's first row). */
  row: z.number().int().positive(),
  /** What happens to the asset: a new one, or the one with this external_id. */
  action: z.enum(IMPORT_ACTIONS),
  /** The campaign's name as the file gives it. */
  campaign: z.string(),
  campaignAction: z.enum(IMPORT_ACTIONS),
  title: z.string(),
  errors: z.array(importRowErrorSchema),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** True when every row is valid: a real run then writes them all. */
  valid: z.boolean(),
  rows: z.array(importRowResultSchema),
  summary: z.object({
    rows: z.number().int(),
    invalidRows: z.number().int(),
    campaignsCreated: z.number().int(),
    campaignsUpdated: z.number().int(),
    assetsCreated: z.number().int(),
    assetsUpdated: z.number().int(),
  }),
  /** A real run: the campaigns written, in the file's order. */
  campaignIds: z.array(z.number().int()).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
