import { format, formatDistanceToNowStrict, parseISO } from 'date-fns';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> '1.5 KB'; whole bytes below a kilobyte. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** A stored time as a local date ('3 Nov 2026'). */
export const formatDay = (iso: string) => format(parseISO(iso), 'd MMM yyyy');

/** A stored time as how long ago ('5 minutes ago'). */
export const formatAgo = (iso: string) => `${formatDistanceToNowStrict(parseISO(iso))} ago`;

/** A lag in seconds in words: 'none', '45 s', '12 min', '3 h 5 min'. */
export function formatLag(seconds: number): string {
  if (seconds <= 0) return 'none';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}
