export { useScheduledShares } from './api/get-scheduled-shares.ts';
export { MonthGrid } from './components/month-grid.tsx';
export { MonthNav } from './components/month-nav.tsx';
export { EVENT_STYLES, buildCalendarEvents, eventsOn, type CalendarEvent } from './lib/calendar-events.ts';
