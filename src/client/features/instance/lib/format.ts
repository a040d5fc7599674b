import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The console's figures in the reader's language (`i18n.locale`): numbers and dates
// through Intl, the few words through the catalog.

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** 1536 -> '1.5 KB'; whole bytes below a kilobyte. */
export function formatBytes(i18n: I18n, bytes: number): string {
  if (bytes < 1024) {
    const count = i18n.number(bytes);
    return i18n._(msg`${count} bytes`);
  }
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${i18n.number(value, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

/** A stored time as a local date ('Nov 3, 2026'). */
export const formatDay = (i18n: I18n, iso: string) => i18n.date(iso, { dateStyle: 'medium' });

/** A stored time with its hour, as the reader's language writes them. */
export const formatWhen = (i18n: I18n, iso: string) =>
  i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** The largest whole unit of `seconds`, rounded ('5 minutes ago'), as date-fns' strict distance picks it. */
const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** A stored time as how long ago ('5 minutes ago'). */
export function formatAgo(i18n: I18n, iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const [unit, size] = AGO_UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' }).format(
    -Math.round(seconds / size),
    unit,
  );
}

/** A lag in seconds in words: 'none', '45 s', '12 min', '3 h 5 min'. */
export function formatLag(i18n: I18n, seconds: number): string {
  if (seconds <= 0) return i18n._(msg`none`);
  if (seconds < 60) return i18n._(msg`${seconds} s`);
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18n._(msg`${minutes} min`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? i18n._(msg`${hours} h ${rest} min`) : i18n._(msg`${hours} h`);
}
