// Reminders of scheduled shares by mail and Web Push (docs/decisions/0017): the
// checks made when a share is scheduled, the keys, the sending job, unsubscribing.
export { loadReminderKeys } from './reminder-keys.ts';
export { remindersRoutes } from './reminders.routes.ts';
export { checkReminder, type ReminderValues, saveReminder } from './reminders.service.ts';
export { reminderCounters, remindersJob } from './send-reminders.ts';
