import { z } from 'zod';
import { REF_CODE_PATTERN } from '../constants.ts';
import { idParam } from './common.ts';

/** POST /api/clicks: the supporter page confirms a visit through a tracked link. */
export const clickConfirmSchema = z.strictObject({
  campaignId: idParam,
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code'),
});
export type ClickConfirmInput = z.input<typeof clickConfirmSchema>;
