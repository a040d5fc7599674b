import { describe, expect, it } from 'vitest';
import { pickWinner, twoProportionZ, twoSidedP } from './variant-winner.ts';

describe('two-proportion z-test on share rate', () => {
  it('gives the textbook p-values', () => {
    expect(twoSidedP(1.96)).toBeCloseTo(0.0499958, 6);
    expect(twoSidedP(0)).toBe(1);
    expect(twoSidedP(5)).toBeCloseTo(5.733e-7, 9);
    // 60/500 against 40/500: z = 2.1082, p = 0.03501.
    const z = twoProportionZ({ views: 500, shares: 60 }, { views: 500, shares: 40 });
    expect(z).toBeCloseTo(2.1081851, 6);
    expect(twoSidedP(z)).toBeCloseTo(0.035015, 5);
    expect(twoProportionZ({ views: 500, shares: 40 }, { views: 500, shares: 60 })).toBeCloseTo(-2.1081851, 6);
  });

  it('has no variance to test without views or with equal extreme rates', () => {
    expect(twoProportionZ({ views: 0, shares: 0 }, { views: 100, shares: 5 })).toBe(0);
    expect(twoProportionZ({ views: 100, shares: 0 }, { views: 100, shares: 0 })).toBe(0);
  });
});

/** A variant's counts: its views and the shares made from them. */
const variant = (id: number, views: number, shares: number) => ({ id, views, shares });

describe('pickWinner', () => {
  it('names the best variant when p < 0.05 and every variant has 100 views', () => {
    // 20/100 against 8/100: p = 0.0145.
    const result = pickWinner([variant(1, 100, 8), variant(2, 100, 20)]);
    expect(result.winner).toBe(2);
    expect(result.pValue).toBeCloseTo(0.014468, 5);
  });

  it('names none below 100 views for any variant, even with p < 0.05', () => {
    const result = pickWinner([variant(1, 100, 8), variant(2, 99, 20)]);
    expect(result.pValue).toBeCloseTo(0.013319, 5);
    expect(result.winner).toBeNull();
  });

  it('names none while p >= 0.05', () => {
    // 15/100 against 8/100: p = 0.1208.
    const result = pickWinner([variant(1, 100, 15), variant(2, 100, 8)]);
    expect(result.pValue).toBeCloseTo(0.120773, 5);
    expect(result.winner).toBeNull();
  });

  it('tests the best against the runner-up when there are more than two', () => {
    const clear = pickWinner([variant(1, 100, 2), variant(2, 100, 20), variant(3, 100, 8)]);
    expect(clear.winner).toBe(2);
    expect(clear.pValue).toBeCloseTo(0.014468, 5);
    // The best beats the worst by far, but not the runner-up: no winner.
    const close = pickWinner([variant(1, 100, 2), variant(2, 100, 20), variant(3, 100, 15)]);
    expect(close.winner).toBeNull();
  });

  it('has nothing to compare with fewer than two variants', () => {
    expect(pickWinner([variant(1, 1000, 900)])).toEqual({ winner: null, pValue: null });
  });
});
