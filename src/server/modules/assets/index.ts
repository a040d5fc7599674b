// A campaign's assets: their rows, share-text variants and the A/B verdict, and the
// routes that add, edit, delete and order them (through lib/campaign-write.ts).
export { variantsOf } from './asset-variants.ts';
export { assetEditRoutes } from './asset-edit.routes.ts';
export { deleteAsset, plannedAssetEdit, updateAsset } from './asset-edit.service.ts';
export { assetsRoutes } from './assets.routes.ts';
export {
  ASSET_COLUMNS,
  assetsOfCampaign,
  createAsset,
  insertAssets,
  keptShareText,
  type NewAsset,
} from './assets.service.ts';
export { pickWinner } from './variant-winner.ts';
