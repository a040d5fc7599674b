import { MAX_BLOCKED_NAMED } from '#shared/constants.ts';

// An organisation's blocked words (docs/api.md "Blocked words", docs/decisions/0033):
// which words of a supporter's message match its list. Server only: the list never
// reaches the public page, which asks the message-check call instead.
//
// Both sides are normalised the same way, one code point at a time so a match can be
// mapped back to the supporter's own spelling: NFKC (full-width and styled letters),
// look-alike capitals folded, lower case, accents dropped (NFD, marks removed),
// Cyrillic and Greek look-alikes, small capitals and the letter blocks NFKC keeps
// (🅐, 🅰, regional indicators) and the parenthesised ones NFKC turns into "(a)" (⒜, 🄐)
// folded to the Latin letter they imitate, invisible
// format characters (soft hyphen, zero-width space) dropped, and every run of other
// signs counted as one space. The digits and signs that stand for letters (0 o, 1 i/l,
// 3 e, 4 a, 5 s, @ a, $ s) stay in the text and are matched by the entry's letters.
// A word spelled out letter by letter ("s c a m", "s.c.a.m", "s|c|a|m") matches too:
// runs of single letters with only spaces or such signs between them are collapsed,
// and a run that spells exactly an entry without its spaces matches.

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
  ı: 'i', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ß: 'ss', ɑ: 'a', ɡ: 'g', ɩ: 'i',
  // Small capitals (NFKC keeps them): ᴀ ʙ ᴄ ᴅ ᴇ ꜰ ɢ ʜ ɪ ᴊ ᴋ ʟ ᴍ ɴ ᴏ ᴘ ꞯ ʀ ꜱ ᴛ ᴜ ᴠ ᴡ ʏ ᴢ
  '\u1d00': 'a', '\u0299': 'b', '\u1d04': 'c', '\u1d05': 'd', '\u1d07': 'e', '\ua730': 'f',
  '\u0262': 'g', '\u029c': 'h', '\u026a': 'i', '\u1d0a': 'j', '\u1d0b': 'k', '\u029f': 'l',
  '\u1d0d': 'm', '\u0274': 'n', '\u1d0f': 'o', '\u1d18': 'p', '\ua7af': 'q', '\u0280': 'r',
  '\ua731': 's', '\u1d1b': 't', '\u1d1c': 'u', '\u1d20': 'v', '\u1d21': 'w', '\u028f': 'y',
  '\u1d22': 'z',
};

/**
 * Blocks of 26 letters A to Z that NFKC leaves as they are: negative circled (🅐),
 * negative squared (🅰) and regional indicators (🇦). The first code point of each.
 */
const LETTER_BLOCKS = [0x1f150, 0x1f170, 0x1f1e6];
/**
 * Blocks of 26 letters that NFKC turns into "(a)", parentheses and all, which would
 * leave each letter a word of its own: parenthesised small (⒜) and capital (🄐) letters.
 * Folded before NFKC.
 */
const PARENTHESISED_BLOCKS = [0x249c, 0x1f110];

/** The Latin letter of a parenthesised letter, if `c` is one. */
function parenthesised(c: string): string | undefined {
  const cp = c.codePointAt(0) as number;
  for (const first of PARENTHESISED_BLOCKS)
    if (cp >= first && cp < first + 26) return String.fromCharCode(0x61 + cp - first);
  return undefined;
}

/** The Latin letter a look-alike code point stands for, if it is one. */
function lookAlike(c: string): string | undefined {
  const known = LOOK_ALIKES[c];
  if (known !== undefined) return known;
  const cp = c.codePointAt(0) as number;
  if (cp < 0x1f150) return undefined;
  for (const first of LETTER_BLOCKS)
    if (cp >= first && cp < first + 26) return String.fromCharCode(0x61 + cp - first);
  return undefined;
}

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
  const letter = parenthesised(ch);
  if (letter !== undefined) return letter;
  let out = '';
  for (const c of ch.normalize('NFKC')) {
    const folded = lookAlike(c) ?? c.toLowerCase();
    for (const d of folded.normalize('NFD').replace(MARK, '')) {
      const alike = lookAlike(d) ?? d;
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
      // One per UTF-16 unit, as the matches' indices count.
      for (let k = 0; k < c.length; k++) from.push(i);
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

export interface BlockedWords {
  /** The supporter's own spellings of the blocked words in `text`, each once, at most `limit`. */
  find(text: string, limit?: number): string[];
}

const NONE: BlockedWords = { find: () => [] };

/** A matcher for an organisation's list; entries that normalise to nothing are skipped. */
export function blockedWords(entries: readonly string[]): BlockedWords {
  const normalized = [...new Set(entries.map(normalizeEntry).filter(Boolean))]
    // Longest first, so a phrase wins over a word it starts with.
    .sort((a, b) => b.length - a.length);
  if (normalized.length === 0) return NONE;
  const pattern = `(?<![\\p{L}\\p{N}])(?:${normalized.map(entryPattern).join('|')})(?![\\p{L}\\p{N}])`;
  // The entries with their spaces taken out, as a run of spaced letters collapses to.
  const joined = [...new Set(normalized.map((e) => e.replaceAll(' ', '')))];
  // A run of spelled-out letters matches only when it is exactly an entry (spacedHits).
  const spelled = new RegExp(`^(?:${joined.map(entryPattern).join('|')})$`, 'u');
  return {
    find(text, limit = MAX_BLOCKED_NAMED) {
      const folded = foldText(text);
      const hits: { at: number; spelling: string }[] = [];
      for (const match of folded.text.matchAll(new RegExp(pattern, 'gu')))
        hits.push({
          at: match.index,
          spelling: originalSpelling(folded, match.index, match.index + match[0].length),
        });
      for (const hit of spacedHits(folded, spelled)) hits.push(hit);
      hits.sort((x, y) => x.at - y.at);
      const found: string[] = [];
      for (const { spelling } of hits) {
        if (!found.includes(spelling)) found.push(spelling);
        if (found.length >= limit) break;
      }
      return found;
    },
  };
}

/** Runs of two or more single letters (or signs standing for one), one space apart, in a folded text. */
const SINGLE_RUN = /(?<![\p{L}\p{N}@$])[\p{L}\p{N}@$](?: [\p{L}\p{N}@$])+(?![\p{L}\p{N}@$])/gu;
/**
 * What may separate the letters of a spelled-out word ("s c a m", "s.c.a.m", "s-c-a-m",
 * "s_c_a_m", "s*c*a*m", "s|c|a|m", "s+c+a+m", "s~c~a~m", "s:c:a:m", "s'c'a'm",
 * "(s)(c)(a)(m)"), with invisible characters. A comma, semicolon or slash ends the run, so a list ("a, b, c")
 * stays a list; an apostrophe may join "l'a" into "la", which matters only to an entry
 * spelling exactly that, as a run must.
 */
const LETTER_GAP =
  /^[\s.\-_*|+~:'()[\]\u00b7\u02bc\u2010-\u2015\u2018\u2019\u2022\u2027\u2219\p{Cf}\p{M}]+$/u;

type Letter = { at: number; ch: string };

/**
 * The blocked words spelled out letter by letter: each run of single letters with only
 * letter gaps between them is collapsed, and matches when it spells exactly an entry
 * (its spaces taken out), as a whole word must: "c l a s s" is not `ass`, "n a z i s"
 * not `nazi`. A one-letter word may stand before the spelled word in the same run ("what
 * a s c a m"), so a run also matches without its first letter (which lets "b a s s"
 * match `ass`: spelling a word out is rare, hiding one that way is the point). Runs are found once and
 * each is tested twice against one anchored pattern, so the work stays linear in the text.
 */
function* spacedHits(folded: Folded, spelled: RegExp): Generator<{ at: number; spelling: string }> {
  for (const run of folded.text.matchAll(SINGLE_RUN)) {
    // The letters of the run, each with its position in the folded text, split where the gap is not a letter gap.
    let letters: Letter[] = [];
    const segments: Letter[][] = [letters];
    let offset = run.index;
    for (const ch of run[0].split(' ')) {
      const previous = letters[letters.length - 1];
      if (previous && !LETTER_GAP.test(gapBetween(folded, previous.at, offset))) {
        letters = [];
        segments.push(letters);
      }
      letters.push({ at: offset, ch });
      offset += ch.length + 1;
    }
    // A letter joined to a word beside it by an apostrophe or a dash belongs to that word ("it's a").
    const head = segments[0] as Letter[];
    if (joinedToWord(folded, run.index - 1, -1)) head.shift();
    const tail = segments[segments.length - 1] as Letter[];
    if (joinedToWord(folded, run.index + run[0].length, 1)) tail.pop();
    for (const segment of segments) {
      // Spelled out means two letters at least: one letter is no word.
      const word = [segment, segment.slice(1)].find(
        (part) => part.length >= 2 && spelled.test(part.map((l) => l.ch).join('')),
      );
      if (!word) continue;
      const first = word[0] as Letter;
      const last = word[word.length - 1] as Letter;
      yield { at: first.at, spelling: originalSpelling(folded, first.at, last.at + last.ch.length) };
    }
  }
}

/**
 * Whether a run touches a longer word through signs only, no space, at the folded
 * space `at` just before it (`side` -1) or just after it (1): the "s" of "it's".
 */
function joinedToWord(folded: Folded, at: number, side: -1 | 1): boolean {
  const word = at + side;
  if (folded.text[at] !== ' ' || !WORD_CHAR.test(folded.text[word] ?? ' ')) return false;
  // The original code points behind the folded space.
  const from = (folded.from[side === -1 ? word : at - 1] as number) + 1;
  const to = folded.from[side === -1 ? at + 1 : word] as number;
  return !/\s/u.test(folded.points.slice(from, to).join(''));
}

/** The original code points between two letters of a folded text (the letter at `end` excluded). */
function gapBetween(folded: Folded, letterAt: number, nextAt: number): string {
  const from = (folded.from[letterAt] as number) + 1;
  const to = folded.from[nextAt] as number;
  return folded.points.slice(from, to).join('');
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
