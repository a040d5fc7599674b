import { canonicalTimeZone } from '#shared/schemas/time-zone.ts';

/** The zone this browser reports, by its current IANA name (UTC if it names none). */
export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  } catch {
    return 'UTC';
  }
}

/**
 * The zones a time zone select offers: the browser's IANA list by current names (browsers
 * list some by old ones, Asia/Calcutta for Asia/Kolkata), with UTC (some browsers leave it
 * out) and the current value (a zone this browser does not list stays selectable).
 */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set(['UTC', current, ...zones].map(canonicalTimeZone))].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}
