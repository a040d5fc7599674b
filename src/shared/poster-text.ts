import { POSTER_LINE_MAX } from './schemas/qr.ts';

// What the printable poster can print. Latin text is set in the PDF standard fonts
// (Helvetica), which carry only the Windows-1252 characters; Arabic in Noto Sans Arabic,
// embedded when a poster has Arabic (server modules/qr/poster-type.ts). Other scripts
// would mean shipping a font each, so text is mapped to what prints by one rule, and
// the staff dialog warns when a name or line will not print as typed.

/** Arabic script as the embedded Arabic font draws it: letters, marks, punctuation and presentation forms. */
export const ARABIC_SCRIPT =
  /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufbc2\ufbd3-\ufd8f\ufd92-\ufdc7\ufdcf\ufdf0-\ufdff\ufe70-\ufe74\ufe76-\ufefc]/u;

/** The Windows-1252 characters beyond Latin-1 that the standard fonts print. */
const CP1252_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const printableCodePoint = (cp: number) =>
  (cp >= 0x20 && cp <= 0x7e) ||
  (cp >= 0xa0 && cp <= 0xff) ||
  CP1252_EXTRAS.has(cp) ||
  (ARABIC_SCRIPT.test(String.fromCodePoint(cp)) && !/\p{Cf}/u.test(String.fromCodePoint(cp)));

/**
 * Left out rather than shown as '?': emoji and flags (decoration), control and format
 * characters (invisible), and combining marks no letter took in (NFC joins the rest;
 * Arabic vowel marks are printable and kept before this check).
 */
const DROPPED = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Cc}\p{Cf}\p{M}]/u;

/**
 * `text` as the poster prints it: white space collapsed; emoji, invisible characters
 * and stray marks dropped; any other character the font lacks becomes its base letter
 * when it has one (ź -> z, ő -> o) and '?' otherwise, so a missing word stays visible.
 */
export function posterText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\s+/gu, ' ').trim()) {
    const cp = ch.codePointAt(0) ?? 0;
    if (printableCodePoint(cp)) out += ch;
    else if (DROPPED.test(ch)) continue;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => printableCodePoint(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Whether the poster prints `text` exactly as written (apart from white space). */
export const printsAsWritten = (text: string) =>
  posterText(text) === text.normalize('NFC').replace(/\s+/gu, ' ').trim();

/** Said on the poster when no line is given and the campaign has no description. */
export const DEFAULT_POSTER_LINE = 'Scan to share';

/**
 * The poster's line when none is given: the campaign's description (cut at a word
 * with '…' past POSTER_LINE_MAX characters), else DEFAULT_POSTER_LINE.
 */
export function defaultPosterLine(description: string | null | undefined): string {
  const text = (description ?? '').replace(/\s+/gu, ' ').trim();
  if (!text) return DEFAULT_POSTER_LINE;
  if (text.length <= POSTER_LINE_MAX) return text;
  // Cut in UTF-16 units, as the query's length limit counts, never inside a surrogate pair.
  let cut = text.slice(0, POSTER_LINE_MAX - 1);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > POSTER_LINE_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
