import { NO_ASSET_TO_SCHEDULE, SCHEDULE_DATE_REQUIRED } from '#shared/schemas/shares.ts';

// The schedule dialog's toasts, in one place so their exact wording stays the same everywhere.

export const SCHEDULE_TOASTS = {
  selectDate: { title: SCHEDULE_DATE_REQUIRED },
  noAssets: { title: NO_ASSET_TO_SCHEDULE, description: "This campaign doesn't have any assets to share." },
  scheduled: { title: 'Share Scheduled!' },
  /** The description is the server's message, or 'An error occurred'. */
  scheduleFailed: { title: 'Failed to schedule' },
  reminderFailed: { title: 'Reminder not set' },
} as const;
