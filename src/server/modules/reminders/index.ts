// Reminders of scheduled shares by mail and Web Push (docs/decisions/0017): the
// checks made when a share is scheduled, the keys, the sending job, unsubscribing.
export { emailKey, exactMailboxKey, loadReminderKeys } from './reminder-keys.ts';
export { REMINDER_MAIL_TTL_MS } from './reminder-delivery.ts';
export { reminderConfirmRoutes, remindersRoutes } from './reminders.routes.ts';
export { type CheckedReminder, checkReminder, type ReminderValues } from './reminders.service.ts';
export {
  expireOverdueReminders,
  reminderCounters,
  reminderMailOutcomes,
  remindersJob,
  UNSUBSCRIBE_LINK_TTL_MS,
} from './send-reminders.ts';
export { CONFIRM_SUBJECT, expireUnconfirmedAddresses, REMINDER_SUBJECT } from './reminder-addresses.ts';
export { REMINDER_REFUSED } from './reminders.service.ts';
