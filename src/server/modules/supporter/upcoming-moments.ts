import type { MomentPlatform, SupporterMoment } from '#shared/schemas/moments.ts';
import type { Db } from '../../db/client.ts';

/** How many upcoming moments the page is told of: the soonest ones. */
export const MAX_UPCOMING_MOMENTS = 5;

/**
 * The campaign's shared moments still ahead, soonest first (modules/moments sets
 * them): the supporter JSON carries their definitions only, never a count, so the
 * cached view stays the same for every visitor. A moment passing does not end the
 * cached entry: the page itself drops a moment whose time has come.
 */
export async function upcomingMoments(
  db: Db,
  campaignId: number,
  now = Date.now(),
): Promise<SupporterMoment[]> {
  const rows = await db
    .selectFrom('moments')
    .select(['id', 'at', 'platform', 'assetId'])
    .where('campaignId', '=', campaignId)
    .where('at', '>', new Date(now).toISOString())
    .orderBy('at')
    .orderBy('id')
    .limit(MAX_UPCOMING_MOMENTS)
    .execute();
  return rows.map((r) => ({ ...r, platform: r.platform as MomentPlatform }));
}
