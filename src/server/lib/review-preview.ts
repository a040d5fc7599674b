import type { Asset } from '#shared/schemas/assets.ts';

/**
 * What the supporter preview of a change waiting for review needs (modules/reviews
 * implements it; app.ts hands it to the supporter routes in AppDeps, so the supporter
 * module does not depend on the reviews module): the rows a supporter view is built
 * from, as the campaign's open revision would leave them. Worked out in memory from
 * plain reads: a preview writes nothing and holds no write transaction (on SQLite, the
 * one connection every request waits for).
 */
export type ReviewPreview = <C extends { id: number }>(
  campaign: { campaignId: number; orgId: number },
  live: { campaign: C; assets: Asset[] },
) => Promise<{ campaign: C; assets: Asset[] }>;
