// Reminders of scheduled shares by mail and Web Push (docs/decisions/0017): the
// checks made when a share is scheduled, the keys, the sending job, unsubscribing.
export { emailKey, exactMailboxKey, loadReminderKeys } from './reminder-keys.ts';
export { reminderConfirmRoutes, remindersRoutes } from './reminders.routes.ts';
export { type CheckedReminder, checkReminder, type ReminderValues } from './reminders.service.ts';
export {
  expireOverdueReminders,
  reminderCounters,
  reminderMailOutcomes,
  remindersJob,
} from './send-reminders.ts';
export { CONFIRM_SUBJECT, REMINDER_SUBJECT } from './reminder-addresses.ts';
export { REMINDER_REFUSED } from './reminders.service.ts';
