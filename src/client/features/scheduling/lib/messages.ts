// The schedule dialog's toasts, in one place so their exact wording stays the same everywhere.

export const SCHEDULE_TOASTS = {
  selectDate: { title: 'Please select a date' },
  noAssets: { title: 'No assets available', description: "This campaign doesn't have any assets to share." },
  scheduled: { title: 'Share Scheduled!' },
  /** The description is the server's message, or 'An error occurred'. */
  scheduleFailed: { title: 'Failed to schedule' },
  reminderFailed: { title: 'Reminder not set' },
} as const;
