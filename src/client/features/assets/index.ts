export { useCreateAsset } from './api/create-asset.ts';
export { useAssets } from './api/get-assets.ts';
export { uploadFile } from './api/upload-file.ts';
export { AddAssetDialog } from './components/add-asset-dialog.tsx';
export { AssetGrid } from './components/asset-grid.tsx';
export { AssetOrganizer } from './components/asset-organizer.tsx';
export { AssetMedia } from './components/asset-media.tsx';
export { useSimulatedProgress } from './hooks/use-simulated-progress.ts';
