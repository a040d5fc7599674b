/**
 * The zone whose local days the analytics buckets use. The organisation settings carry
 * no time zone, so it is the browser's own zone (UTC if the browser names none); the
 * view says which one it uses.
 */
export function analyticsTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
