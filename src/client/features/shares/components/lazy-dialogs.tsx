import { withCatalog } from '#client/i18n/catalogs.ts';
import { lazy } from 'react';

// The dialogs (with their previews and twitter-text) load on first use, so the
// supporter page itself stays small. Hover or focus starts the download early.
const loadShareDialog = withCatalog('dialogs', () => import('./share-dialog.tsx'));
const loadReminderShareDialog = withCatalog('dialogs', () => import('./reminder-share-dialog.tsx'));

export const ShareDialog = lazy(loadShareDialog);
/** A reminder's one-tap link: the share dialog prefilled with the scheduled share. */
export const ReminderShareDialog = lazy(loadReminderShareDialog);

export const preloadShareDialog = () => void loadShareDialog();

/** The blocked-words check of a message field on the page itself (the phone view's personal touch). */
export const MessageGuard = lazy(withCatalog('dialogs', () => import('./message-guard.tsx')));
