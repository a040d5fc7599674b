import type { Db } from '../../db/client.ts';
import { chooseVariant } from '../supporter/index.ts';

// A share names the variant its sharer was shown, and only the server knows which one
// that was: a client-sent `variantId` is kept only when it is the variant the server's
// choice gives this visitor's verified cookie id among the asset's current variants.
// Anything else (another visitor's text, a retired variant, no verified cookie) is
// stored as no variant, so a client cannot steer the A/B results. Only a share that
// names a variant pays for the lookup: one indexed read of the asset's live variant ids.

type Reader = Pick<Db, 'selectFrom'>;

export async function shownVariantId(
  db: Reader,
  opts: {
    cookieKey: Buffer;
    /** The visitor id, only when its cookie's tag proves this server issued it. */
    visitorId: string | undefined;
    assetId: number;
    variantId: number | undefined;
  },
): Promise<number | null> {
  const { variantId, visitorId } = opts;
  if (!variantId || !visitorId) return null;
  const live = await db
    .selectFrom('assetVariants')
    .select('id')
    .where('assetId', '=', opts.assetId)
    .where('deletedAt', 'is', null)
    .orderBy('id')
    .execute();
  if (!live.some((v) => v.id === variantId)) return null;
  // The choice only reads the ids, in the order the supporter cache keeps them (by id).
  const chosen = chooseVariant(opts.cookieKey, visitorId, {
    assetId: opts.assetId,
    variants: live.map(({ id }) => ({ id, text: '' })),
  });
  return chosen.id === variantId ? variantId : null;
}
