export { useCreateAsset } from './api/create-asset.ts';
export { useAssets } from './api/get-assets.ts';
export { AddAssetDialog } from './components/add-asset-dialog.tsx';
export { AssetGrid } from './components/asset-grid.tsx';
export { AssetOrganizer } from './components/asset-organizer.tsx';
export { useFileUpload } from './hooks/use-file-upload.ts';
export { FileUploadField } from './components/file-upload-field.tsx';
