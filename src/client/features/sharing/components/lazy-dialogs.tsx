import { lazy } from 'react';

// The dialogs (with their previews, twitter-text and react-day-picker) load on first
// use, so the supporter page itself stays small. Hover or focus starts the download early.
const loadShareDialog = () => import('./share-dialog.tsx');
const loadScheduleDialog = () => import('./schedule-dialog.tsx');
const loadReminderShareDialog = () => import('./reminder-share-dialog.tsx');

export const ShareDialog = lazy(loadShareDialog);
export const ScheduleDialog = lazy(loadScheduleDialog);
/** A reminder's one-tap link: the share dialog prefilled with the scheduled share. */
export const ReminderShareDialog = lazy(loadReminderShareDialog);

export const preloadShareDialog = () => void loadShareDialog();
export const preloadScheduleDialog = () => void loadScheduleDialog();
