/**
 * The form two names are compared in, so that look-alikes collide: Unicode NFKC
 * (full-width `ａｌｉｃｅ`, ligatures and other compatibility forms become plain
 * letters) and lower case (`ALICE` is `alice`). Stored beside users' and
 * organisations' usernames under a unique index.
 */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase().normalize('NFKC');
