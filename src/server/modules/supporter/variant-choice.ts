import { createHmac } from 'node:crypto';
import type { AssetVariant } from '#shared/schemas/assets.ts';

// Which share-text variant a visitor is shown: a keyed hash of the visitor id and the
// asset id, over the asset's current variants ordered by id. The same visitor gets the
// same variant on every load and every instance, with no write on the read path;
// visitors spread evenly over the variants. Adding or removing a variant reshuffles
// some visitors, which is why views are counted per day from the server's own choice
// (visits.service.ts) and never from what a client says it saw.

/** An asset that has variants, as the supporter cache keeps it (variants ordered by id). */
export interface AssetVariants {
  assetId: number;
  variants: AssetVariant[];
}

const keys = new WeakMap<Buffer, Buffer>();

/** The choice key, derived from the visitor cookie key (the same on every instance). */
function choiceKey(cookieKey: Buffer): Buffer {
  let key = keys.get(cookieKey);
  if (!key) {
    key = createHmac('sha256', cookieKey).update('share-text-variants').digest();
    keys.set(cookieKey, key);
  }
  return key;
}

export function chooseVariant(cookieKey: Buffer, visitorId: string, asset: AssetVariants): AssetVariant {
  const { variants } = asset;
  if (variants.length === 1) return variants[0];
  const digest = createHmac('sha256', choiceKey(cookieKey)).update(`${visitorId}:${asset.assetId}`).digest();
  return variants[digest.readUInt32BE(0) % variants.length];
}

/** The variant of each asset this visitor is shown, in the list's order. */
export const chooseVariants = (
  cookieKey: Buffer,
  visitorId: string,
  assets: readonly AssetVariants[],
): AssetVariant[] => assets.map((a) => chooseVariant(cookieKey, visitorId, a));
