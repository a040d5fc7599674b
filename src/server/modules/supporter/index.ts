// The public supporter page and its reads (cached per campaign, the cache kept in step
// across instances), visits and click-throughs, and which variant a visitor sees.
export {
  createCacheInvalidation,
  type CacheInvalidationSync,
  publishInvalidation,
} from './cache-invalidation.ts';
export { CLICKS_PER_ADDRESS_PER_MINUTE } from './click-budget.ts';
export { isTeamMember, teamMemberId } from './campaign-availability.ts';
export { confirmationRoutes } from './confirmations.routes.ts';
export { supporterRoutes } from './supporter.routes.ts';
export {
  getSupporterEntry,
  LANGUAGE_VARY,
  requestLanguage,
  SupporterCache,
  type SupporterEntry,
  servedView,
  visitorView,
} from './supporter.service.ts';
export { CampaignCache } from './supporter-cache.ts';
export { chooseVariant } from './variant-choice.ts';
export { issueVisitToken } from './visit-token.ts';
export { visibleSupporterCampaign } from './visible-campaign.ts';
