import { z } from 'zod';

export const UNKNOWN_TIME_ZONE = 'Unknown time zone (use an IANA name such as Europe/Paris or UTC)';

/** True for a zone name this runtime's Intl knows (IANA names, `UTC`). */
export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * An IANA time zone: the one check behind the analytics/export `tz` parameter and the
 * organisation's time zone setting, so a zone the setting accepts is one analytics takes.
 */
export const timeZoneField = z.string().trim().max(64, UNKNOWN_TIME_ZONE).refine(isTimeZone, {
  message: UNKNOWN_TIME_ZONE,
});
