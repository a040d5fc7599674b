import { z } from 'zod';
import { MAX_TEXT_CONTENT, REF_CODE_PATTERN } from '../constants.ts';
import { LOCALES } from '../locales.ts';
import { idField, idParam, timestampField } from './common.ts';
import { MOMENT_PLATFORMS, supporterMomentSchema } from './shares.ts';
import { reminderRequestSchema } from './reminders.ts';
import { timeZoneField } from './time-zone.ts';

// Shared moments (docs/api.md "Momentum"): a time staff set on a campaign for its
// supporters to post together; a supporter's commitment is a scheduled share at it.

export {
  MOMENT_PLATFORMS,
  type MomentPlatform,
  type SupporterMoment,
  supporterMomentSchema,
} from './shares.ts';

export const MOMENT_AT_INVALID = 'at must be an ISO-8601 date-time';

/** POST /api/campaigns/:id/moments. */
export const createMomentSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: MOMENT_AT_INVALID }),
  platform: z.enum(MOMENT_PLATFORMS, { error: 'Unknown platform' }),
  /** The asset to post; without one the supporter picks one of the campaign's. */
  assetId: idParam.optional(),
});
export type CreateMomentInput = z.infer<typeof createMomentSchema>;

/** A moment as staff read it: with how many supporters committed to it. */
export const momentSchema = supporterMomentSchema.extend({
  campaignId: idField,
  /** Distinct supporters with a live commitment (not moved to another time). */
  commitments: z.number().int().nonnegative(),
  createdAt: timestampField,
});
export type Moment = z.infer<typeof momentSchema>;

/** POST /api/supporter/moments/:id/commit. */
export const commitMomentSchema = z.strictObject({
  /** The same reminder as a scheduled share's: confirmed email and/or Web Push. */
  reminder: reminderRequestSchema.optional(),
  /** The asset to post, for a moment that names none (ignored when it names one). */
  assetId: idParam.optional(),
  /** The words to post, given back by the reminder (as a scheduled share's `text`). */
  text: z.string().max(MAX_TEXT_CONTENT).optional(),
  /** The tracked-link code the reminder's link carries, so its visits count (as a scheduled share's `ref`). */
  ref: z.string().regex(REF_CODE_PATTERN, 'Invalid ref code').optional(),
  /** The IANA zone the supporter saw the time in, so the reminder names it as they saw it. */
  timeZone: timeZoneField.optional(),
  /** The page's language: the reminder is worded in it. */
  language: z.enum(LOCALES, { error: `language must be one of ${LOCALES.join(', ')}` }).optional(),
});
export type CommitMomentInput = z.infer<typeof commitMomentSchema>;

/** GET /api/supporter/moments/:id: the live count of committed supporters. */
export const momentCountSchema = z.object({ count: z.number().int().nonnegative() });
export type MomentCount = z.infer<typeof momentCountSchema>;

/** The answer to a commitment: the count with it, and the caller's scheduled share. */
export const momentCommitmentSchema = momentCountSchema.extend({
  shareId: idField,
  /** False when this visitor had already committed: the answer is that same commitment. */
  created: z.boolean(),
});
export type MomentCommitment = z.infer<typeof momentCommitmentSchema>;
