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

  it('names each spelling once and at most five', () => {
    expect(find(['bad'], 'bad bad BAD')).toEqual(['bad', 'BAD']);
    const many = ['one', 'two', 'three', 'four', 'five', 'six'];
    expect(find(many, many.join(' '))).toHaveLength(5);
  });

  it('an empty list or blank entries match nothing', () => {
    expect(find([], 'anything')).toEqual([]);
    expect(find(['  ', '--'], 'anything -- at all')).toEqual([]);
    expect(cachedBlockedWords(['x y']).find('x  y')).toEqual(['x  y']);
    expect(cachedBlockedWords(['x y'])).toBe(cachedBlockedWords(['x y']));
  });
});
