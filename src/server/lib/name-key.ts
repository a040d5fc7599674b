import unhomoglyph from 'unhomoglyph';

/** Code points that render as nothing (soft hyphen, zero-width space, joiners, variation selectors). */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The UTS #39 confusable skeleton of `text`: NFD, default-ignorable code points
 * dropped, every character mapped by the Unicode confusables.txt table (the
 * `unhomoglyph` package: Cyrillic `а` to `a`, `0` to `O`, `1` to `l`, `m` to `rn` ...),
 * NFD again. Two strings with one skeleton look alike. Not for display.
 */
export const skeleton = (text: string): string =>
  unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');

/**
 * The form two names are compared in, so that look-alikes collide: Unicode NFKC
 * (full-width `ａｌｉｃｅ`, ligatures and other compatibility forms become plain
 * letters), lower case (`ALICE` is `alice`), then the confusable skeleton (Cyrillic
 * `ѕсоре` is `scope`, `alice` + a soft hyphen is `alice`), lower-cased once more
 * because the table maps some characters to capitals (`0` to `O`, so `b0b` is `bob`).
 * Case folding comes first so that every spelling in any case gets one key; the
 * price is that a capital I for a small l (`aIice`) folds to `i` before the table
 * could map it to `l`, so that twin is not caught (one key cannot both ignore case
 * and read `I` as `l`). Stored
 * beside users' and organisations' usernames under a unique index.
 */
export const nameKey = (name: string): string =>
  skeleton(name.normalize('NFKC').toLowerCase()).toLowerCase().normalize('NFD');
