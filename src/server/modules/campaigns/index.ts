// Campaigns: create, read with their assets, edit, lifecycle (pause, end, archive,
// duplicate). The write path every campaign and asset write takes is lib/campaign-write.ts.
export { campaignLifecycleRoutes } from './campaign-lifecycle.routes.ts';
export { campaignsRoutes } from './campaigns.routes.ts';
export { createCampaignWithAssets, insertCampaign } from './campaigns.service.ts';
export { applyCampaignUpdate, planUpdate, transitionError, updateCampaign } from './campaign-lifecycle.ts';
export { campaignEndJob } from './campaign-end.job.ts';
