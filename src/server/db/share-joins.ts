import type { Db } from './client.ts';

/**
 * Shares with the asset and the campaign each belongs to joined (as `assets` and
 * `campaigns`): how the staff calendar, a visitor's own scheduled shares and the
 * reminder job read scheduled shares, to judge them by their asset (deleted?) and
 * their campaign (campaign-open.ts).
 */
export const sharesWithAssetAndCampaign = (db: Pick<Db, 'selectFrom'>) =>
  db
    .selectFrom('shares')
    .innerJoin('assets', 'assets.id', 'shares.assetId')
    .innerJoin('campaigns', 'campaigns.id', 'shares.campaignId');
