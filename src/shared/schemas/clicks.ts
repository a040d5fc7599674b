import { z } from 'zod';
import { REF_CODE_PATTERN } from '../constants.ts';
import { idParam } from './common.ts';
import { sourceField } from './shares.ts';

/** POST /api/clicks: the supporter page confirms a visit through a tracked link. */
export const clickConfirmSchema = z.strictObject({
  campaignId: idParam,
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code'),
});
export type ClickConfirmInput = z.input<typeof clickConfirmSchema>;

/**
 * POST /api/supporter/campaigns/:id/visits: the supporter page confirms one visit per
 * load, with the `src` tag of the link it was opened from.
 */
export const visitConfirmSchema = z.strictObject({ src: sourceField });
export type VisitConfirmInput = z.input<typeof visitConfirmSchema>;
