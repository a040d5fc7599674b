import { DEFAULT_RANGE_DAYS } from '#shared/schemas/analytics.ts';
import { DAY_MS } from '#shared/durations.ts';

// Building a formatter costs far more than using one, and a 366-day range asks for
// about 700 offsets: one formatter per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Zones are validated names, a few hundred at most.
    if (formatters.size < 1000) formatters.set(tz, f);
  }
  return f;
}

/** Offset of `tz` from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetMs(tz: string, instant: number): number {
  const parts = formatter(tz).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `tz`. */
export function zonedMidnight(date: string, tz: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`);
  let guess = naive - offsetMs(tz, naive);
  guess = naive - offsetMs(tz, guess);
  return guess;
}

/** Today's date in `tz`. */
export function zonedToday(tz: string, now = Date.now()): string {
  return new Date(now + offsetMs(tz, now)).toISOString().slice(0, 10);
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export interface ResolvedRange {
  from: string;
  to: string;
  tz: string;
  /** Local dates of the range, in order. */
  dates: string[];
  /** UTC start of each local date, plus the end of the last one (dates.length + 1 entries). */
  bounds: number[];
}

/** The range of a query: default the last 30 days ending today in the zone (UTC by default). */
export function resolveRange(
  q: { from?: string; to?: string; tz?: string },
  now = Date.now(),
): ResolvedRange {
  const tz = q.tz ?? 'UTC';
  const to = q.to ?? (q.from ? addDays(q.from, DEFAULT_RANGE_DAYS - 1) : zonedToday(tz, now));
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  const bounds = [...dates, addDays(to, 1)].map((d) => zonedMidnight(d, tz));
  return { from, to, tz, dates, bounds };
}
