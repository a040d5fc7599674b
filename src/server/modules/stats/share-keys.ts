/**
 * What every event is broken down by, read from its share: the asset, the platform, the
 * referral depth and the language (a click counts under the share whose link was
 * followed, so a click-through has that share's language). The rollups and the live
 * tail select the same columns, so their rows add up.
 */
export const SHARE_KEYS = ['shares.assetId', 'shares.platform', 'shares.depth', 'shares.language'] as const;
