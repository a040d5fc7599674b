// The app's date format 'MMM d, yyyy' plus the time, through Intl so the page ships no date library.
// The formatters are made on first use: a browser's first Intl.DateTimeFormat loads its
// locale data, tens of milliseconds a phone should not spend while the page starts.
let formats: { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;

export function formatWhen(d: Date): string {
  formats ??= {
    day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
  };
  return `${formats.day.format(d)} at ${formats.time.format(d)}`;
}
