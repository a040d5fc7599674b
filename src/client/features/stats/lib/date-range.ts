import { msg } from '@lingui/core/macro';
import { MAX_RANGE_DAYS } from '#shared/schemas/analytics.ts';
import { DAY_MS } from '#shared/durations.ts';

// The analytics range in the zone's own calendar days (YYYY-MM-DD, both ends included),
// the form the analytics and export calls take.

export const RANGE_PRESETS = [
  { id: '7', label: msg`7 days` },
  { id: '30', label: msg`30 days` },
  { id: '90', label: msg`90 days` },
  { id: 'year', label: msg`This year` },
  { id: 'custom', label: msg`Custom` },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

export interface DateRange {
  from: string;
  to: string;
}

/** Today's date in `tz` ('en-CA' formats dates as YYYY-MM-DD). */
export const todayIn = (tz: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

export const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The range a preset stands for, ending today in `tz`; 'custom' starts from the last 30 days. */
export function presetRange(preset: RangePreset, tz: string, now = new Date()): DateRange {
  const to = todayIn(tz, now);
  if (preset === 'year') return { from: `${to.slice(0, 4)}-01-01`, to };
  const days = preset === 'custom' ? 30 : Number(preset);
  return { from: addDays(to, -(days - 1)), to };
}

/** Days in a range, both ends included (the server allows at most MAX_RANGE_DAYS). */
export const rangeDays = ({ from, to }: DateRange) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export { MAX_RANGE_DAYS };
