import { z } from 'zod';
import { idField, timestampField, trimmedText } from './common.ts';

// Review before publishing (docs/api.md "Review and guardrails"): the campaign's open
// revision (what waits), the decisions on it, and the approved versions.

export const REVIEW_STATES = ['pending', 'changes_requested', 'approved', 'withdrawn'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/** The states of a revision that still waits for something (the campaign's one open revision). */
export const OPEN_REVIEW_STATES = ['pending', 'changes_requested'] as const satisfies readonly ReviewState[];

/** A member as the review screens name them (their name, else their username); null once their account is gone. */
export const reviewPersonSchema = z.object({ id: idField, name: z.string() }).nullable();

/**
 * One change that waits: campaign fields (`status: 'active'` is publishing a draft),
 * an asset's public fields, an asset to add (the body of POST /api/assets), an asset
 * to delete. `fields` and `asset` are the editor's input as the campaign and asset
 * routes validated it; the approval hands them to the same services.
 */
export const reviewChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('campaign'), fields: z.record(z.string(), z.unknown()) }),
  z.object({
    kind: z.literal('asset'),
    assetId: idField,
    title: z.string(),
    fields: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal('add'), title: z.string(), asset: z.record(z.string(), z.unknown()) }),
  z.object({ kind: z.literal('delete'), assetId: idField, title: z.string() }),
]);
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

export const reviewCommentSchema = z.object({
  by: reviewPersonSchema,
  at: timestampField,
  /** The decision it came with; null for a submission's note. */
  decision: z.enum(['submitted', 'approved', 'changes_requested', 'withdrawn']),
  text: z.string(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const reviewSchema = z.object({
  id: idField,
  campaignId: idField,
  campaignName: z.string(),
  state: z.enum(REVIEW_STATES),
  submittedBy: reviewPersonSchema,
  submittedAt: timestampField,
  decidedBy: reviewPersonSchema,
  decidedAt: timestampField.nullable(),
  changes: z.array(reviewChangeSchema),
  comments: z.array(reviewCommentSchema),
});
export type Review = z.infer<typeof reviewSchema>;

/** A write that waits for review answers 202 with the campaign's open revision. */
export const submittedReviewSchema = z.object({ review: reviewSchema });
export type SubmittedReview = z.infer<typeof submittedReviewSchema>;

export const reviewListQuerySchema = z.strictObject({
  state: z.enum(['pending', 'changes_requested', 'approved', 'all']).default('pending'),
});

export const REVIEW_COMMENT_MAX = 2000;
const commentField = trimmedText('Comment', REVIEW_COMMENT_MAX, 1);

export const approveReviewSchema = z.strictObject({ comment: commentField.optional() });
export const requestChangesSchema = z.strictObject({ comment: commentField });
export type RequestChangesInput = z.infer<typeof requestChangesSchema>;

/** The public fields of a campaign and its assets after an approved change. */
export const versionContentSchema = z.object({
  campaign: z.record(z.string(), z.unknown()),
  assets: z.array(z.record(z.string(), z.unknown())),
});

export const campaignVersionSchema = z.object({
  version: z.number().int().positive(),
  revisionId: idField,
  approvedBy: reviewPersonSchema,
  approvedAt: timestampField,
  submittedBy: reviewPersonSchema,
  content: versionContentSchema,
});
export type CampaignVersion = z.infer<typeof campaignVersionSchema>;

export const approvedReviewSchema = z.object({ review: reviewSchema, version: campaignVersionSchema });
