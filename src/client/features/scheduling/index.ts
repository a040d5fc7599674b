export { MomentPanel, ScheduleDialog, preloadScheduleDialog } from './components/lazy-dialogs.tsx';
export { formatWhen } from './lib/format-when.ts';
