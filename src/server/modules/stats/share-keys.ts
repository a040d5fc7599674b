/**
 * What every event is broken down by, read from its share: the asset, the platform and
 * the referral depth (a click counts under the share whose link was followed). The
 * rollups and the live tail select the same columns, so their rows add up.
 */
export const SHARE_KEYS = ['shares.assetId', 'shares.platform', 'shares.depth'] as const;
