import { describe, expect, it } from 'vitest';
import { composeShareText } from '#shared/share-text.ts';
import { LENGTH_RULES, loadTweetParser, X_LIMIT, xLength } from './platform-length.ts';

// The disclosure line is part of every post (docs/api.md "Disclosure line"): the length
// counters weigh the composed text, so words that fit only without the line do not fit.

const campaign = (disclosure: string | null) => ({ name: 'Park Day', description: null, disclosure });
const asset = (words: string) => ({ type: 'text', content: words });

describe("a post's length with the disclosure line", () => {
  it("counts the line in X's weighted length at the 280 boundary", async () => {
    const parse = await loadTweetParser();
    // 280 = text + a space + the link as 23: the text may weigh 256, and "\n\n#ad" is 5.
    const fits = 'a'.repeat(256 - 5);
    const over = 'a'.repeat(256 - 4);
    expect(xLength(composeShareText(asset(fits), campaign('#ad')), parse)).toBe(X_LIMIT);
    expect(xLength(composeShareText(asset(over), campaign('#ad')), parse)).toBe(X_LIMIT + 1);
    // The same words without the line fit: the line is what tips them over.
    expect(xLength(composeShareText(asset(over), campaign(null)), parse)).toBeLessThanOrEqual(X_LIMIT);
  });

  it('weighs the line by X rules: CJK and emoji count 2', async () => {
    const parse = await loadTweetParser();
    // "\n\n広告" weighs 2 + 2 * 2 = 6; "\n\n🌳" 2 + 2 = 4.
    const words = 'a'.repeat(256 - 6);
    expect(xLength(composeShareText(asset(words), campaign('広告')), parse)).toBe(X_LIMIT);
    expect(xLength(composeShareText(asset(`${words}a`), campaign('広告')), parse)).toBe(X_LIMIT + 1);
    expect(xLength(composeShareText(asset('a'.repeat(252)), campaign('🌳')), parse)).toBe(X_LIMIT);
  });

  it("counts it on every platform's counter, after a personal message", async () => {
    const parse = await loadTweetParser();
    const text = composeShareText(asset('Join us'), campaign('#ad'), 'I will be there');
    expect(text).toBe('I will be there\n\nJoin us\n\n#ad');
    const bluesky = LENGTH_RULES.find((r) => r.id === 'bluesky');
    const url = 'https://rally.example/supporter/1?ref=abc';
    expect(bluesky?.count(text, url, parse)).toBe(Array.from(`${text}\n\n${url}`).length);
  });
});
