// Review before publishing (docs/api.md "Review and guardrails", docs/decisions/0034):
// which fields are public, i.e. what a supporter sees. While an organisation asks for
// review, an editor's change to these on a published campaign waits for a reviewer;
// every other field applies at once. Listed once, here: the server splits writes with
// them and the staff screens name what waits with them.

/** A campaign's public fields. */
export const PUBLIC_CAMPAIGN_FIELDS = ['name', 'description', 'disclosure', 'goal'] as const;
export type PublicCampaignField = (typeof PUBLIC_CAMPAIGN_FIELDS)[number];

/** An asset's public fields (its `title` is internal). */
export const PUBLIC_ASSET_FIELDS = [
  'type',
  'content',
  'description',
  'shareText',
  'altText',
  'translations',
  'variants',
  'textEditable',
] as const;
export type PublicAssetField = (typeof PUBLIC_ASSET_FIELDS)[number];

/** Statuses after publishing: a campaign in one of them has a public page to protect. */
export const PUBLISHED_STATUSES = ['active', 'paused', 'ended'] as const;

export const isPublished = (status: string) => (PUBLISHED_STATUSES as readonly string[]).includes(status);

/** `input` split in two: the keys of `fields` (public) and the rest (internal); undefined values dropped. */
export function splitFields<T extends object>(
  input: T,
  fields: readonly string[],
): { public: Partial<T>; internal: Partial<T> } {
  const out = { public: {} as Record<string, unknown>, internal: {} as Record<string, unknown> };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    (fields.includes(key) ? out.public : out.internal)[key] = value;
  }
  return out as { public: Partial<T>; internal: Partial<T> };
}

/** True for the 202 answer `{review}` of a write that waits for review (the campaign and asset writes). */
export const isSubmittedForReview = (answer: unknown): answer is { review: { campaignId: number } } =>
  typeof answer === 'object' && answer !== null && 'review' in answer;
