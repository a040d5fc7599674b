import { describe, expect, it } from 'vitest';
import { describeCost, measureHotPathCost } from './hot-path-cost.ts';

// The guard of the supporter hot path (docs/decisions/0026-hot-path-hooks.md): each
// public read's CPU per request, against a bare server's for the same bytes, within
// 20% of its budget. The runs are whole processes, so they get minutes, not seconds.
describe('supporter hot path CPU budget', () => {
  it('each public read costs at most 20% over its budget', { timeout: 240_000, retry: 1 }, async () => {
    const costs = await measureHotPathCost();
    for (const c of costs) console.log(describeCost(c));
    expect(costs.filter((c) => !c.pass).map(describeCost)).toEqual([]);
  });

  it('fails a build slowed by 1 ms in an onRequest hook', { timeout: 240_000 }, async () => {
    // Enough requests that the fixed CPU of a measurement (tens of ms on a busy machine)
    // stays small beside the slowed answers, and three rounds for the median pair.
    const costs = await measureHotPathCost({
      requests: 1000,
      rounds: 3,
      appEnv: { BENCH_SLOW_HOOK_MS: '1' },
    });
    for (const c of costs) console.log(describeCost(c));
    expect(costs.every((c) => !c.pass)).toBe(true);
    // 1 ms is far more than a whole answer of the bare server.
    expect(Math.min(...costs.map((c) => c.appUs))).toBeGreaterThan(1000);
  });
});
