import { describe, expect, it } from 'vitest';
import { ClickBudget } from './click-budget.ts';

describe('ClickBudget', () => {
  it('allows the budget per address per minute, then again in the next minute', () => {
    const b = new ClickBudget(2);
    expect([b.take('a', 0), b.take('a', 1), b.take('a', 2), b.take('b', 3)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(b.take('a', 60_000)).toBe(true);
  });

  it('never holds more than its bound of addresses', () => {
    const b = new ClickBudget(5, 100);
    for (let i = 0; i < 1000; i++) b.take(`10.0.${i >> 8}.${i & 255}`, i);
    expect(b.size).toBeLessThanOrEqual(100);
  });
});
