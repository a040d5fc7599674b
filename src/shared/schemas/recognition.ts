import { z } from 'zod';
import { idParam } from './common.ts';
import { dateField, rangeRules } from './analytics.ts';

// Recognition (docs/api.md "Momentum"): a supporter's display name and opt-in to the
// boards, the public board of a campaign, and the staff leaderboard.

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;
/** At most this many supporters on each list of a public board. */
export const BOARD_SIZE = 10;
/** At most this many rows on the staff leaderboard (and its CSV). */
export const LEADERBOARD_SIZE = 100;

/** Control characters and the invisible formatting ones have no place in a name on a board. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** A display name: trimmed, inner runs of blanks made one space, 2 to 40 characters. */
export const displayNameField = z
  .string()
  .transform((v) => v.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(DISPLAY_NAME_MIN, `The name must be at least ${DISPLAY_NAME_MIN} characters`)
      .max(DISPLAY_NAME_MAX, `The name must be at most ${DISPLAY_NAME_MAX} characters`)
      .refine((v) => !INVISIBLE.test(v), 'The name may not contain control characters'),
  );

/** PUT /api/supporter/campaigns/:id/profile. */
export const supporterProfileInputSchema = z.strictObject({
  displayName: displayNameField,
  onBoard: z.boolean().default(false),
});
export type SupporterProfileInput = z.input<typeof supporterProfileInputSchema>;

/** GET and PUT /api/supporter/campaigns/:id/profile: the caller's own (null name: none set). */
export const supporterProfileSchema = z.object({
  displayName: z.string().nullable(),
  onBoard: z.boolean(),
});
export type SupporterProfile = z.infer<typeof supporterProfileSchema>;

const count = z.number().int().nonnegative();

/** GET /api/supporter/campaigns/:id/board: only those who opted in, with a name not hidden. */
export const supporterBoardSchema = z.object({
  topSharers: z.array(z.object({ displayName: z.string(), shares: count })),
  topRecruiters: z.array(z.object({ displayName: z.string(), recruits: count })),
});
export type SupporterBoard = z.infer<typeof supporterBoardSchema>;

export const LEADERBOARD_KINDS = ['supporters', 'members'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

/** GET /api/organization/leaderboard(.csv): UTC days, both ends included; none: all time. */
export const leaderboardQuerySchema = rangeRules(
  z.strictObject({
    kind: z.enum(LEADERBOARD_KINDS, { error: 'kind must be supporters or members' }).default('supporters'),
    campaignId: idParam.optional(),
    from: dateField('from'),
    to: dateField('to'),
  }),
);
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;

export const leaderboardRowSchema = z.object({
  rank: z.number().int().positive(),
  name: z.string(),
  shares: count,
  clickThroughs: count,
  recruits: count,
  /** A supporter's profile (to hide or unhide its name); null for members and supporters without one. */
  profileId: z.number().int().positive().nullable(),
  /** The supporter's name is hidden by staff (the row shows the anonymous label). */
  hidden: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
export const leaderboardSchema = z.array(leaderboardRowSchema);
