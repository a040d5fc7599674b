// Webhook endpoints (admins' routes) and the events the services emit into the outbox.
export {
  campaignOrganization,
  emitAssetEvent,
  emitCampaignStatus,
  emitMemberEvent,
  emitSharesCreated,
  emitWebhookEvent,
  invalidateWebhookTargets,
  withShareCreatedItems,
  webhookTargets,
} from './webhook-events.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { WEBHOOK_LIMIT_MESSAGE } from './webhooks.service.ts';
