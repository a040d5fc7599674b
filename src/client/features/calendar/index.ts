export { useScheduledShares } from './api/get-scheduled-shares.ts';
export { CalendarLegend } from './components/calendar-legend.tsx';
export { DayEvents } from './components/day-events.tsx';
export { MonthGrid } from './components/month-grid.tsx';
export { MonthNav } from './components/month-nav.tsx';
export { RangeNav } from './components/range-nav.tsx';
export { WeekView } from './components/week-view.tsx';
export { EVENT_STYLES, buildCalendarEvents, eventsOn, type CalendarEvent } from './lib/calendar-events.ts';
