import { withCatalog } from '#client/i18n/catalogs.ts';
import { lazy } from 'react';

// The schedule dialog (with react-day-picker) loads on first use, so the supporter page
// itself stays small. Hover or focus starts the download early.
const loadScheduleDialog = withCatalog('dialogs', () => import('./schedule-dialog.tsx'));

export const ScheduleDialog = lazy(loadScheduleDialog);

export const preloadScheduleDialog = () => void loadScheduleDialog();

// A campaign's shared moments on the supporter page: loaded only when it has upcoming ones.
const loadMomentPanel = withCatalog('dialogs', () => import('./moment-panel.tsx'));

export const MomentPanel = lazy(loadMomentPanel);
