// The app's date format 'MMM d, yyyy' plus the time, through Intl so the page ships no date library.
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const formatWhen = (d: Date): string => `${day.format(d)} at ${time.format(d)}`;
