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
 * The old names browsers and ICU still report (Intl lists Asia/Calcutta, not
 * Asia/Kolkata) with the names the IANA database uses now. The old names stay
 * accepted, as aliases of the new ones.
 */
const RENAMED_TIME_ZONES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone by its current IANA name ('Asia/Calcutta' -> 'Asia/Kolkata'); any other name as it is. */
export const canonicalTimeZone = (tz: string): string => RENAMED_TIME_ZONES[tz] ?? tz;

/**
 * An IANA time zone: the one check behind the analytics/export `tz` parameter and the
 * organisation's time zone setting, so a zone the setting accepts is one analytics takes;
 * an old name is taken and becomes its current one.
 */
export const timeZoneField = z.codec(
  z.string().trim().max(64, UNKNOWN_TIME_ZONE).refine(isTimeZone, { message: UNKNOWN_TIME_ZONE }),
  z.string(),
  // A codec, not a transform, so an answer that carries a zone can still be written out.
  { decode: canonicalTimeZone, encode: (tz) => tz },
);
