import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The schedule dialog's toasts, in one place so their exact wording stays the same everywhere
// (the first two are the form schema's refusals, NO_ASSET_TO_SCHEDULE and SCHEDULE_DATE_REQUIRED
// in #shared/schemas/shares.ts, in the reader's language).

// Message descriptors: rendered in the reader's language when shown (`i18n._`).
export const SCHEDULE_TOASTS = {
  selectDate: { title: msg`Please select a date` },
  noAssets: {
    title: msg`No assets available`,
    description: msg`This campaign doesn't have any assets to share.`,
  },
  scheduled: { title: msg`Share Scheduled!` },
  /** The description is the server's message, or 'An error occurred'. */
  scheduleFailed: { title: msg`Failed to schedule` },
  reminderFailed: { title: msg`Reminder not set` },
} as const;

/** A toast's words in the reader's language. */
export function scheduleToast(
  i18n: I18n,
  key: keyof typeof SCHEDULE_TOASTS,
): { title: string; description?: string } {
  const words: { title: MessageDescriptor; description?: MessageDescriptor } = SCHEDULE_TOASTS[key];
  return {
    title: i18n._(words.title),
    ...(words.description ? { description: i18n._(words.description) } : {}),
  };
}
