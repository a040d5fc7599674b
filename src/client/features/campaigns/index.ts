export { useCreateCampaign } from './api/create-campaign.ts';
export { useCampaignAssets } from './api/get-campaign-assets.ts';
export { useCampaign } from './api/get-campaign.ts';
export { CAMPAIGNS_KEY, useCampaigns } from './api/get-campaigns.ts';
export { useSaveAssetOrder } from './api/save-asset-order.ts';
export { CampaignIcon } from './components/campaign-icon.tsx';
export { CreateCampaignDialog } from './components/create-campaign-dialog.tsx';
export { ShareLinkMenu } from './components/share-link-menu.tsx';
export { CopyLinkButton, LINK_COPIED } from './components/copy-link-button.tsx';
