import { z } from 'zod';
import { REF_CODE_PATTERN } from '../constants.ts';
import { idParam } from './common.ts';
import { sourceField } from './shares.ts';

/** POST /api/clicks: the supporter page confirms a visit through a tracked link. */
export const clickConfirmSchema = z.strictObject({
  campaignId: idParam,
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code'),
  /**
   * The visit token the page's HTML carried (`<meta name="rally-visit">`). Without a
   * valid one for this visitor and share, the confirmation is counted as unconfirmed.
   */
  token: z
    .string()
    .max(64, 'Invalid visit token')
    .regex(/^[A-Za-z0-9_.-]*$/, 'Invalid visit token')
    .optional(),
});
export type ClickConfirmInput = z.input<typeof clickConfirmSchema>;

/**
 * POST /api/supporter/campaigns/:id/visits: the supporter page confirms one visit per
 * load, with the `src` tag of the link it was opened from, and its `lang` (`?lang=`),
 * so the server negotiates the language the page was served in as it did for the page
 * (a variant view counts only in the campaign's default language). Any text: one that
 * names no language is ignored, as in the link.
 */
export const visitConfirmSchema = z.strictObject({
  src: sourceField,
  lang: z.string().max(64, 'lang must be at most 64 characters').optional(),
});
export type VisitConfirmInput = z.input<typeof visitConfirmSchema>;
