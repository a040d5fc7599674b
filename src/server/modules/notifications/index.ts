// Staff notifications by mail (digests, a campaign's end, milestones, new members),
// each a member's own switch with a one-click unsubscribe link: the routes, the job,
// and what the outbox asks before it sends one.
import { NOTIFICATION_SWITCHES } from '#shared/schemas/notifications.ts';
import type { OutboxOutcomes } from '../outbox/index.ts';
import { noticeMailKind, noticeStillWanted } from './notifications.job.ts';

export { notificationsRoutes } from './notifications.routes.ts';
export { NOTIFICATIONS_EVERY_MS, notificationsJob, queueNoticeMail } from './notifications.job.ts';
export { reviewDecidedContent, reviewWaitingContent } from './notification-mail.ts';

/** The outbox's hooks for notice mail: each is dropped if its member left or switched it off. */
export const noticeMailOutcomes: Record<string, OutboxOutcomes> = Object.fromEntries(
  NOTIFICATION_SWITCHES.map((sw) => [noticeMailKind(sw), { wanted: noticeStillWanted }]),
);
