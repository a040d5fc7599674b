// The outbox's face: what other modules and the jobs list may use (docs/decisions/0024-outbox.md).
export {
  type FinishedMail,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_RETRY_DELAYS_MS,
  type OutboxOutcomes,
  outboxCounters,
  outboxSenderJob,
} from './outbox.job.ts';
export {
  ACCOUNT_MAIL,
  assertMailBudget,
  BUDGET_REFUSED,
  type BudgetScope,
  budgetExceeded,
  dropHeldMail,
  enqueueMail,
  type HeldSelection,
  lockMailBudget,
  type MailContext,
  type MailSetup,
  OUTBOX_REASON,
  type OutboxStatus,
  type OutgoingMail,
  holdOrganizationMail,
  organizationHold,
  queueMail,
  recordUnsentMail,
  releaseHeldMail,
  releaseOrganizationMail,
} from './outbox.service.ts';
export {
  bundleGatheredItems,
  bundleShareItems,
  dropWebhookMessages,
  gatherShareItems,
  gatherWebhookItems,
  queueWebhookMessage,
  requeueWebhookMessage,
  WEBHOOK_BUNDLE_ITEMS,
  WEBHOOK_CHANNEL,
  WEBHOOK_REASON,
  type WebhookBody,
} from './webhook-queue.ts';
export {
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_STALE_CLAIM_MS,
  webhookCounters,
  webhookSenderJob,
} from './webhook.job.ts';
export { startWebhookSenderThread, type WebhookSenderThread } from './webhook-sender-thread.ts';
