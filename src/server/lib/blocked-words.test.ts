import { describe, expect, it } from 'vitest';
import { blockedWords, cachedBlockedWords, normalizeEntry } from './blocked-words.ts';

const find = (entries: string[], text: string) => blockedWords(entries).find(text);

describe('blocked words', () => {
  it('matches whatever the case, naming the supporter spelling', () => {
    expect(find(['darn'], 'Well DaRn it')).toEqual(['DaRn']);
    expect(find(['DARN'], 'darn')).toEqual(['darn']);
  });

  it('folds accents on both sides (é is e)', () => {
    expect(find(['cafe'], 'Meet at the café')).toEqual(['café']);
    expect(find(['café'], 'Meet at the cafe')).toEqual(['cafe']);
    // A decomposed accent (e + U+0301) is named with its mark.
    expect(find(['cafe'], 'the cafe\u0301 now')).toEqual(['cafe\u0301']);
  });

  it('folds full-width and styled letters (NFKC)', () => {
    expect(find(['scam'], 'what a ｓｃａｍ')).toEqual(['ｓｃａｍ']);
    expect(find(['scam'], 'what a 𝐬𝐜𝐚𝐦')).toEqual(['𝐬𝐜𝐚𝐦']);
  });

  it('folds Cyrillic and Greek look-alikes onto Latin letters', () => {
    // Cyrillic а (U+0430) in a Latin word.
    expect(find(['scam'], 'a sc\u0430m indeed')).toEqual(['sc\u0430m']);
    // Cyrillic С, А and о; Greek ο and Α.
    expect(find(['scam'], 'S\u0421\u0410M')).toEqual(['S\u0421\u0410M']);
    expect(find(['loot'], 'l\u03bf\u043et')).toEqual(['l\u03bf\u043et']);
    expect(find(['bad'], 'B\u0391D')).toEqual(['B\u0391D']);
  });

  it('reads digits and signs that stand for letters', () => {
    expect(find(['ass'], 'you @$5')).toEqual(['@$5']);
    expect(find(['idiot'], 'such an 1d10t')).toEqual(['1d10t']);
    expect(find(['kill'], 'k1ll it')).toEqual(['k1ll']);
    expect(find(['hate'], 'I h4t3 this')).toEqual(['h4t3']);
    // An entry written with signs matches the plain word too.
    expect(normalizeEntry('@$$')).toBe('ass');
    expect(find(['@$$'], 'an ass')).toEqual(['ass']);
  });

  it('matches whole words only', () => {
    expect(find(['ass'], 'a class of assets, passing by')).toEqual([]);
    expect(find(['ass'], 'ass.')).toEqual(['ass']);
    expect(find(['ass'], '(ass)')).toEqual(['ass']);
    expect(find(['ass'], 'ass2')).toEqual([]);
  });

  it('matches phrases across runs of spaces and punctuation', () => {
    expect(find(['vote for them'], 'Please VOTE   for -- them!')).toEqual(['VOTE   for -- them']);
    expect(find(['vote-for-them'], 'vote for them')).toEqual(['vote for them']);
    expect(find(['vote for them'], 'vote for themselves')).toEqual([]);
  });

  it('skips invisible characters put inside a word', () => {
    expect(find(['scam'], 'sc\u00adam and s\u200bcam')).toEqual(['sc\u00adam', 's\u200bcam']);
  });

  it('names each spelling once and at most three', () => {
    expect(find(['bad'], 'bad bad BAD')).toEqual(['bad', 'BAD']);
    const many = ['one', 'two', 'three', 'four', 'five', 'six'];
    expect(find(many, many.join(' '))).toEqual(['one', 'two', 'three']);
  });

  it('an empty list or blank entries match nothing', () => {
    expect(find([], 'anything')).toEqual([]);
    expect(find(['  ', '--'], 'anything -- at all')).toEqual([]);
    expect(cachedBlockedWords(['x y']).find('x  y')).toEqual(['x  y']);
    expect(cachedBlockedWords(['x y'])).toBe(cachedBlockedWords(['x y']));
  });

  it('folds small capitals and letter blocks NFKC leaves alone', () => {
    // ꜱ (U+A731), ᴄ, ᴀ, ᴍ: small capitals.
    expect(find(['scam'], 'a \ua731\u1d04\u1d00\u1d0d!')).toEqual(['\ua731\u1d04\u1d00\u1d0d']);
    expect(find(['darn'], '\u1d05\u1d00\u0280\u0274 it')).toEqual(['\u1d05\u1d00\u0280\u0274']);
    // Negative circled, negative squared, regional indicators.
    expect(find(['scam'], '\u{1f162}\u{1f152}\u{1f150}\u{1f15c}')).toEqual([
      '\u{1f162}\u{1f152}\u{1f150}\u{1f15c}',
    ]);
    expect(find(['scam'], 'x \u{1f182}\u{1f172}\u{1f170}\u{1f17c} y')).toEqual([
      '\u{1f182}\u{1f172}\u{1f170}\u{1f17c}',
    ]);
    expect(find(['scam'], '\u{1f1f8}\u{1f1e8}\u{1f1e6}\u{1f1f2}')).toEqual([
      '\u{1f1f8}\u{1f1e8}\u{1f1e6}\u{1f1f2}',
    ]);
    // Mathematical script, double-struck and monospace, circled: NFKC already.
    expect(find(['scam'], '\u{1d4c8}\u{1d4b8}\u{1d4b6}\u{1d4c2}')).toHaveLength(1);
    expect(
      find(['scam'], '\u{1d564}\u{1d554}\u{1d552}\u{1d55e} and \u{1d69c}\u{1d68c}\u{1d68a}\u{1d696}'),
    ).toHaveLength(2);
    expect(find(['scam'], '\u24e2\u24d2\u24d0\u24dc')).toEqual(['\u24e2\u24d2\u24d0\u24dc']);
    // After a letter outside the BMP, later matches are named by their own spelling.
    expect(find(['scam'], '\u{20000} scam')).toEqual(['scam']);
  });

  it('matches a word spelled out letter by letter with spaces, dots or dashes', () => {
    expect(find(['scam'], 'what a s c a m')).toEqual(['s c a m']);
    expect(find(['scam'], 'what a s.c.a.m.')).toEqual(['s.c.a.m']);
    expect(find(['scam'], 'S-C-A-M!')).toEqual(['S-C-A-M']);
    expect(find(['scam'], 's_c_a_m and s . c . a . m')).toEqual(['s_c_a_m', 's . c . a . m']);
    expect(find(['scam'], 's \u200bc a m')).toEqual(['s \u200bc a m']);
    // Look-alikes and signs inside the spelled word.
    expect(find(['scam'], '$ \u0441 @ m')).toEqual(['$ \u0441 @ m']);
    // A phrase spelled out letter by letter, and an entry of two letters.
    expect(find(['vote for them'], 'v o t e f o r t h e m')).toEqual(['v o t e f o r t h e m']);
    expect(find(['xr'], 'join X. R. today')).toEqual(['X. R']);
    // Initials are letters spelled out: an organisation that lists them means them.
    expect(find(['jrr'], 'J. R. R. Tolkien')).toEqual(['J. R. R']);
  });

  it('does not collapse letters into words they are not', () => {
    // Lists and initials that are not on the list.
    expect(find(['scam', 'abc'], 'options a, b, c and J. R. R. Tolkien')).toEqual([]);
    expect(find(['abc'], 'a/b/c or a; b; c')).toEqual([]);
    // A part of a spelled word is not the word, nor are letters joined to a longer word.
    expect(find(['scam'], 's c a')).toEqual([]);
    expect(find(['scam'], 'sc a m')).toEqual([]);
    expect(find(['scam'], 'its c a meal')).toEqual([]);
    expect(find(['scam'], 'Plan A B C, then s c a n')).toEqual([]);
    // One letter is no word, even when the list has one.
    expect(find(['a'], 'a b c')).toEqual(['a']);
    expect(find(['x'], 'a b c')).toEqual([]);
  });

  it('matches a run of letters only when it spells exactly an entry, as a whole word', () => {
    expect(find(['ass'], 'c l a s s')).toEqual([]);
    expect(find(['hell'], 'h e l l o')).toEqual([]);
    expect(find(['abc'], 'a b c d')).toEqual([]);
    expect(find(['abc'], 'x y a b c')).toEqual([]);
    // A plural is another word, as for whole words: `nazi` is not "nazis".
    expect(find(['nazi'], 'n a z i s')).toEqual([]);
    expect(find(['nazi'], 'nazis')).toEqual([]);
    expect(find(['nazi'], 'n a z i')).toEqual(['n a z i']);
    // A one-letter word before it in the run ("a", "I") leaves the spelled word.
    expect(find(['scam'], 'i s c a m')).toEqual(['s c a m']);
    expect(find(['ass'], 'an a s s')).toEqual(['a s s']);
  });

  it('reads pipes, pluses, tildes, colons, brackets and apostrophes between letters as letter gaps', () => {
    expect(find(['scam'], 'a (s)(c)(a)(m) or [s][c][a][m]')).toEqual(['s)(c)(a)(m', 's][c][a][m']);
    for (const gap of ['|', '+', '~', ':', "'", '\u2019', ' | '])
      expect(find(['scam'], `so s${gap}c${gap}a${gap}m`), gap).toEqual([`s${gap}c${gap}a${gap}m`]);
    // Lists stay lists; an apostrophe inside ordinary words collapses nothing on the list.
    expect(find(['abc'], 'a, b, c; a/b/c')).toEqual([]);
    expect(find(['sa', 'la', 'sas'], "it's a fact, c'est l'heure, it's a s-bend")).toEqual([]);
    expect(find(['ab'], 'a b-side')).toEqual([]);
    // French elision joins a letter to a letter: only an entry spelling exactly that matches.
    expect(find(['scam'], "il l'a dit")).toEqual([]);
    expect(find(['la'], "il l'a dit")).toEqual(["l'a"]);
  });

  it('folds parenthesised letters, which NFKC would split into words of one letter', () => {
    expect(find(['scam'], 'a \u{1f122}\u{1f112}\u{1f110}\u{1f11c}!')).toEqual([
      '\u{1f122}\u{1f112}\u{1f110}\u{1f11c}',
    ]);
    expect(find(['scam'], '\u24ae\u249e\u249c\u24a8')).toEqual(['\u24ae\u249e\u249c\u24a8']);
    expect(find(['zap'], '\u{1f129}\u{1f110}\u{1f11f}')).toEqual(['\u{1f129}\u{1f110}\u{1f11f}']);
  });

  it('stays linear: a long message against a long list', () => {
    const list = Array.from({ length: 200 }, (_, i) => `word${i}x`);
    const spaced = 'a b c d e f g h i j '.repeat(50);
    const words = 'the quick brown fox jumps over the lazy dog '.repeat(25);
    const matcher = blockedWords([...list, 'jumpsx']);
    expect(matcher.find(spaced + words)).toEqual([]);
    expect(matcher.find(`${spaced}, j u m p s x`)).toEqual(['j u m p s x']);
  });
});
