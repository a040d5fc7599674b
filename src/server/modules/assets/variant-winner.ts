import { WINNER_MAX_P, WINNER_MIN_VIEWS } from '#shared/constants.ts';

// The A/B verdict on share texts: is one variant's share rate (shares / views) really
// higher, or could the difference be chance? A pooled two-proportion z-test, two-sided.
// With more than two variants the best is tested against the runner-up only: if it
// beats the closest one, it beats the others by a wider margin (docs/decisions/0018).

/**
 * erfc(x) for x >= 0 (W. H. Press et al., Numerical Recipes, erfcc: Chebyshev
 * fit with relative error below 1.2e-7 everywhere), so small p-values keep their precision.
 */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const y =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return y;
}

/** Two-sided p-value of a standard normal statistic z. */
export const twoSidedP = (z: number): number => Math.min(1, erfc(Math.abs(z) / Math.SQRT2));

export interface Arm {
  views: number;
  shares: number;
}

/**
 * z statistic of the pooled two-proportion test of a's rate against b's. 0 when it
 * cannot be computed (no views, or both rates 0 or 1: no variance to test).
 * Shares beyond views (a share by a visitor whose view was not counted) are capped.
 */
export function twoProportionZ(a: Arm, b: Arm): number {
  if (a.views === 0 || b.views === 0) return 0;
  const x1 = Math.min(a.shares, a.views);
  const x2 = Math.min(b.shares, b.views);
  const pooled = (x1 + x2) / (a.views + b.views);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  if (se === 0) return 0;
  return (x1 / a.views - x2 / b.views) / se;
}

export const shareRate = (arm: Arm): number =>
  arm.views === 0 ? 0 : Math.min(arm.shares, arm.views) / arm.views;

/**
 * The winner among variants: the best share rate, if it beats the runner-up with
 * p < 0.05 and every variant has at least 100 views; null otherwise. `pValue` is the
 * best-vs-runner-up test's p (null with fewer than two variants).
 */
export function pickWinner<T extends Arm & { id: number }>(
  arms: readonly T[],
  opts = { minViews: WINNER_MIN_VIEWS, maxP: WINNER_MAX_P },
): { winner: number | null; pValue: number | null } {
  if (arms.length < 2) return { winner: null, pValue: null };
  const ranked = [...arms].sort((a, b) => shareRate(b) - shareRate(a) || a.id - b.id);
  const [best, runnerUp] = ranked;
  const pValue = twoSidedP(twoProportionZ(best, runnerUp));
  const enough = arms.every((a) => a.views >= opts.minViews);
  const better = shareRate(best) > shareRate(runnerUp);
  return { winner: enough && better && pValue < opts.maxP ? best.id : null, pValue };
}
