// What a new username (of a user or an organisation) may contain, beyond its length:
// nothing a reader cannot see, and letters of one script (UTS #39 "highly
// restrictive"), so that `alice` beside `a­lice` (a soft hyphen), `alice` + a
// zero-width space or `аlice` (a Cyrillic а) cannot pass for one another. The
// server's unique name key (NFKC, case and the UTS #39 confusable skeleton,
// src/server/lib/name-key.ts) then makes the remaining look-alikes (`ALICE`,
// full-width `ａｌｉｃｅ`, all-Cyrillic `ѕсоре` beside `scope`, `sc0pe`) collide.

export const USERNAME_INVISIBLE =
  'Username cannot contain invisible or control characters (such as zero-width spaces or soft hyphens)';
export const USERNAME_MIXED_SCRIPTS =
  'Username cannot mix letters from different alphabets (such as Latin and Cyrillic)';

/**
 * Control and format characters (NUL, bidi controls, zero-width joiners), the
 * default-ignorable code points (soft hyphen, zero-width space, variation selectors,
 * Hangul fillers), line and paragraph separators, surrogates, private-use and
 * unassigned code points: none of them shows as a character of its own.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;

/** Scripts told apart; a letter of any other script counts as one more script, 'Other'. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Ogham',
  'Runic',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
  'Coptic',
  'Tifinagh',
  'Lisu',
  'Vai',
  'Bamum',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Osage',
  'Adlam',
  'Glagolitic',
  'Gothic',
  'Deseret',
  'Old_Italic',
  'Tai_Le',
  'Buginese',
  'Cham',
  'Ol_Chiki',
  'Saurashtra',
] as const;
const SCRIPT_OF = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);
/** Characters shared by every script (digits, punctuation) or taking the script of the letter before them (combining marks). */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Mixes UTS #39 allows in a highly restrictive identifier: Japanese, Chinese with Bopomofo, Korean (each with Latin). */
const ALLOWED_MIXES: ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of the letters of `name` (Common and Inherited left out). */
export function scriptsOf(name: string): Set<string> {
  const found = new Set<string>();
  for (const char of name) {
    if (ANY_SCRIPT.test(char)) continue;
    found.add(SCRIPT_OF.find(([, re]) => re.test(char))?.[0] ?? 'Other');
  }
  return found;
}

/** Why `name` cannot be a new username, or null when it can. */
export function usernameProblem(name: string): string | null {
  if (INVISIBLE.test(name)) return USERNAME_INVISIBLE;
  const scripts = scriptsOf(name);
  if (scripts.size <= 1) return null;
  const allowed = ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
  return allowed ? null : USERNAME_MIXED_SCRIPTS;
}
