// An organisation's blocked words (docs/api.md "Blocked words", docs/decisions/0033):
// which words of a supporter's message match its list. Server only: the list never
// reaches the public page, which asks the message-check call instead.
//
// Both sides are normalised the same way, one code point at a time so a match can be
// mapped back to the supporter's own spelling: NFKC (full-width and styled letters),
// look-alike capitals folded, lower case, accents dropped (NFD, marks removed),
// Cyrillic and Greek look-alikes folded to the Latin letter they imitate, invisible
// format characters (soft hyphen, zero-width space) dropped, and every run of other
// signs counted as one space. The digits and signs that stand for letters (0 o, 1 i/l,
// 3 e, 4 a, 5 s, @ a, $ s) stay in the text and are matched by the entry's letters.

/** Cyrillic and Greek letters that look like a Latin one, both cases, onto that letter. */
// biome-ignore format: a table reads better in rows
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', А: 'a', в: 'b', В: 'b', с: 'c', С: 'c', ԁ: 'd', Ԁ: 'd', е: 'e', Е: 'e', ё: 'e', Ё: 'e',
  һ: 'h', Һ: 'h', н: 'h', Н: 'h', і: 'i', І: 'i', ї: 'i', Ї: 'i', ј: 'j', Ј: 'j', к: 'k', К: 'k',
  ӏ: 'l', Ӏ: 'l', м: 'm', М: 'm', о: 'o', О: 'o', р: 'p', Р: 'p', ԛ: 'q', Ԛ: 'q', ѕ: 's', Ѕ: 's',
  т: 't', Т: 't', у: 'y', У: 'y', ү: 'y', Ү: 'y', х: 'x', Х: 'x', ԝ: 'w', Ԝ: 'w',
  // Greek
  α: 'a', Α: 'a', β: 'b', Β: 'b', ϲ: 'c', Ϲ: 'c', ε: 'e', Ε: 'e', η: 'n', Η: 'h', ι: 'i', Ι: 'i',
  κ: 'k', Κ: 'k', Μ: 'm', ν: 'v', Ν: 'n', ο: 'o', Ο: 'o', ρ: 'p', Ρ: 'p', τ: 't', Τ: 't',
  υ: 'u', Υ: 'y', χ: 'x', Χ: 'x', Ζ: 'z',
  // Latin letters without a base letter of their own
  ı: 'i', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ß: 'ss',
};

/** The signs and digits that stand for a letter, as an entry spells them. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '@': 'a', $: 's' };
/** What each letter of an entry matches in a text: itself, or a sign standing for it. */
const LETTER_CLASS: Record<string, string> = {
  a: '[a4@]',
  e: '[e3]',
  i: '[i1]',
  l: '[l1]',
  o: '[o0]',
  s: '[s5$]',
};

const WORD_CHAR = /[\p{L}\p{N}@$]/u;
const MARK = /\p{M}/gu;
const INVISIBLE = /^\p{Cf}$/u;

/** One code point of a text, normalised: '' for marks and invisible characters, ' ' for a separator. */
function foldCodePoint(ch: string): string {
  let out = '';
  for (const c of ch.normalize('NFKC')) {
    const folded = LOOK_ALIKES[c] ?? c.toLowerCase();
    for (const d of folded.normalize('NFD').replace(MARK, '')) {
      const alike = LOOK_ALIKES[d] ?? d;
      if (WORD_CHAR.test(alike)) out += alike;
      else if (!INVISIBLE.test(alike) && alike !== '') out += ' ';
    }
  }
  return out;
}

interface Folded {
  text: string;
  /** For each position of `text`, the index in the original code points it came from. */
  from: number[];
  points: string[];
}

/** The text normalised, with each normalised position's original code point. */
function foldText(text: string): Folded {
  const points = Array.from(text);
  let out = '';
  const from: number[] = [];
  points.forEach((ch, i) => {
    const folded = foldCodePoint(ch);
    for (const c of folded) {
      // A run of separators is one space.
      if (c === ' ' && (out === '' || out.endsWith(' '))) continue;
      out += c;
      from.push(i);
    }
  });
  return { text: out, from, points };
}

/** An entry normalised like a text, its signs read as the letters they stand for; '' when nothing is left. */
export function normalizeEntry(entry: string): string {
  return Array.from(foldText(entry).text, (c) => LEET[c] ?? c)
    .join('')
    .trim();
}

const escapeRegex = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** The pattern of one normalised entry: each letter or a sign standing for it, one space between words. */
function entryPattern(normalized: string): string {
  return Array.from(normalized, (c) => LETTER_CLASS[c] ?? escapeRegex(c)).join('');
}

/** At most this many matches are named (the message-check answer's limit). */
export const MAX_BLOCKED_NAMED = 5;

export interface BlockedWords {
  /** The supporter's own spellings of the blocked words in `text`, each once, at most `limit`. */
  find(text: string, limit?: number): string[];
}

const NONE: BlockedWords = { find: () => [] };

/** A matcher for an organisation's list; entries that normalise to nothing are skipped. */
export function blockedWords(entries: readonly string[]): BlockedWords {
  const patterns = [...new Set(entries.map(normalizeEntry).filter(Boolean))]
    // Longest first, so a phrase wins over a word it starts with.
    .sort((a, b) => b.length - a.length)
    .map(entryPattern);
  if (patterns.length === 0) return NONE;
  const pattern = `(?<![\\p{L}\\p{N}])(?:${patterns.join('|')})(?![\\p{L}\\p{N}])`;
  return {
    find(text, limit = MAX_BLOCKED_NAMED) {
      const folded = foldText(text);
      const found: string[] = [];
      for (const match of folded.text.matchAll(new RegExp(pattern, 'gu'))) {
        const spelling = originalSpelling(folded, match.index, match.index + match[0].length);
        if (!found.includes(spelling)) found.push(spelling);
        if (found.length >= limit) break;
      }
      return found;
    },
  };
}

/** The original code points behind normalised positions [start, end), with the marks that followed the last. */
function originalSpelling(folded: Folded, start: number, end: number): string {
  const first = folded.from[start] as number;
  let last = folded.from[end - 1] as number;
  while (last + 1 < folded.points.length && foldCodePoint(folded.points[last + 1] as string) === '') last++;
  return folded.points.slice(first, last + 1).join('');
}

/** Compiled lists by their entries, so a busy organisation's list is compiled once. */
const compiled = new Map<string, BlockedWords>();
const MAX_COMPILED = 500;

/** The matcher of a list, compiled once per distinct list. */
export function cachedBlockedWords(entries: readonly string[]): BlockedWords {
  if (entries.length === 0) return NONE;
  const key = JSON.stringify(entries);
  let hit = compiled.get(key);
  if (!hit) {
    hit = blockedWords(entries);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, hit);
  }
  return hit;
}
